/* The page is written, not templated: each piece of the run's text passes
 * through html_escape, so a program printing markup shows it as text. */
#include "report_html.h"

#include <string.h>

void html_escape(FILE *fp, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        switch (s[i]) {
        case '&': fputs("&amp;", fp); break;
        case '<': fputs("&lt;", fp); break;
        case '>': fputs("&gt;", fp); break;
        case '"': fputs("&quot;", fp); break;
        case '\'': fputs("&#39;", fp); break;
        default: fputc(s[i], fp);
        }
    }
}

static void escaped(FILE *fp, const char *s)
{
    html_escape(fp, s, strlen(s));
}

static void pre(FILE *fp, const char *title, const char *text, size_t len)
{
    fputs("<section><h2>", fp);
    escaped(fp, title);
    fputs("</h2><pre>", fp);
    html_escape(fp, text, len);
    fputs("</pre></section>\n", fp);
}

int report_html_write(FILE *fp, const report_page *p)
{
    fputs("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'\">\n<title>tessera failure: ", fp);
    escaped(fp, p->name);
    fputs("</title>\n<style>body{font:14px sans-serif;margin:1.5em}"
          "pre{font:13px monospace;background:#111;color:#eee;padding:.6em;display:inline-block;"
          "min-width:40ch}.panes{display:flex;gap:2em;flex-wrap:wrap}"
          ".reason{color:#a00;white-space:pre-wrap}</style>\n</head><body>\n<h1>", fp);
    escaped(fp, p->name);
    fputs(" failed</h1>\n<p class=\"reason\">", fp);
    escaped(fp, p->reason);
    fputs("</p>\n<p>", fp);
    if (p->viewer_url) {
        fputs("<a href=\"", fp);
        escaped(fp, p->viewer_url);
        fputs("\">Open the trace in the viewer at the failing moment</a> (or ", fp);
    } else {
        fputs("(", fp);
    }
    fputs("<code>node js/bin/tessera.mjs view ", fp);
    escaped(fp, p->journal);
    fputs("</code>; <code>tessera replay ", fp);
    escaped(fp, p->journal);
    fputs("</code>)</p>\n<div class=\"panes\">\n", fp);
    if (p->expected)
        pre(fp, "Expected", p->expected, p->expected_len);
    pre(fp, p->expected ? "Actual" : "Screen", p->screen, p->screen_len);
    fputs("</div>\n</body></html>\n", fp);
    return ferror(fp) ? -1 : 0;
}
