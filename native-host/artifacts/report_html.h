/* report.html of a failure artifact: a static page, no script at all (its
 * Content-Security-Policy allows none), every text from the run escaped. */
#ifndef TSR_CLI_REPORT_HTML_H
#define TSR_CLI_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

typedef struct report_page {
    const char *name;       /* the command or test file */
    const char *reason;
    const char *screen;     /* the final screen as text */
    size_t screen_len;
    const char *expected;   /* NULL: none */
    size_t expected_len;
    const char *viewer_url; /* relative link to web/index.html?src=..., or NULL */
    const char *journal;    /* the trace's file name in the folder */
} report_page;

/* Text with &, <, >, " and ' as character references. */
void html_escape(FILE *fp, const char *s, size_t len);

/* Writes the page. Returns 0 or -1 (a write failed). */
int report_html_write(FILE *fp, const report_page *p);

#endif
