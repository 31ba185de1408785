/* The parser's own cases: bytes go into the parser alone (no terminal),
 * a recording sink writes each callback as one line of text, and the
 * lines must equal the case's expected lines (see README.md). A parser bug
 * fails here as a parser bug, before it shows as a screen diff.
 *
 *   parser_harness FILE...    prints FILE:LINE: FAIL ... for each failing
 *                             case, then "N passed, N failed" */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_lex.h"
#include "parser.h"
#include "tessera/text.h"

/* ------------------------------------------------------------ the recorder */

typedef struct recorder {
    char *out; /* the callback lines, each ending in '\n' */
    size_t len, cap;
    char *text; /* printed characters not yet written as a line */
    size_t tlen, tcap;
    int nomem;
} recorder;

static void grow(char **p, size_t *cap, size_t need, int *nomem)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    char *n = realloc(*p, c);
    if (!n) {
        *nomem = 1;
        return;
    }
    *p = n;
    *cap = c;
}

static void put(recorder *r, const char *s, size_t n)
{
    grow(&r->out, &r->cap, r->len + n + 1, &r->nomem);
    if (r->nomem)
        return;
    memcpy(r->out + r->len, s, n);
    r->len += n;
    r->out[r->len] = '\0';
}

static void putf(recorder *r, const char *fmt, ...)
{
    char tmp[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(r, tmp, n < 0 ? 0 : (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* A string in its one written form: printable ASCII as itself (with \" and
 * \\), any other byte \xNN; past 256 bytes only its length, (N bytes), so
 * the cases at the bounds stay readable. */
static void put_bytes(recorder *r, const uint8_t *s, size_t n)
{
    if (n > 256) {
        putf(r, "(%zu bytes)", n);
        return;
    }
    put(r, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"' || s[i] == '\\')
            putf(r, "\\%c", s[i]);
        else if (s[i] >= 0x20 && s[i] < 0x7f)
            put(r, (const char *)&s[i], 1);
        else
            putf(r, "\\x%02x", s[i]);
    }
    put(r, "\"", 1);
}

/* Printed characters: consecutive print callbacks make one line, however
 * the parser split them (ASCII runs, single characters, text runs). */
static void text_add(recorder *r, uint32_t cp)
{
    char tmp[16];
    int n;
    if (cp == '"' || cp == '\\')
        n = snprintf(tmp, sizeof tmp, "\\%c", (char)cp);
    else if (cp >= 0x20 && cp < 0x7f)
        n = snprintf(tmp, sizeof tmp, "%c", (char)cp);
    else
        n = snprintf(tmp, sizeof tmp, "\\u{%x}", (unsigned)cp);
    grow(&r->text, &r->tcap, r->tlen + (size_t)n + 1, &r->nomem);
    if (r->nomem)
        return;
    memcpy(r->text + r->tlen, tmp, (size_t)n);
    r->tlen += (size_t)n;
}

static void text_flush(recorder *r)
{
    if (!r->tlen)
        return;
    put(r, "print \"", 7);
    put(r, r->text, r->tlen);
    put(r, "\"\n", 2);
    r->tlen = 0;
}

/* marker, intermediates (a space as SP), final, then [params] with ',' for
 * ';' and ':' for sub-parameters, and what was clamped. */
static void put_seq(recorder *r, const parser_seq *s, uint8_t final)
{
    if (s->marker)
        putf(r, " %c", s->marker);
    for (int i = 0; i < s->ninter; i++)
        putf(r, s->inter[i] == ' ' ? " SP" : " %c", s->inter[i]);
    putf(r, final >= 0x21 && final < 0x7f ? " %c" : " <%02x>", final);
    if (s->nparams) {
        put(r, " [", 2);
        for (int i = 0; i < s->nparams; i++) {
            if (i)
                put(r, (s->sub_mask >> i) & 1u ? ":" : ",", 1);
            if (s->params[i] >= 0)
                putf(r, "%d", (int)s->params[i]);
        }
        put(r, "]", 1);
    }
    if (s->clamped)
        putf(r, " clamped-%s", s->clamped == 2 ? "count" : "value");
}

static void on_print_ascii(void *u, const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        text_add(u, s[i]);
}
static void on_print(void *u, uint32_t cp)
{
    text_add(u, cp);
}
/* Takes what the terminal's text path takes: printable ASCII and
 * well-formed UTF-8 characters other than C1 controls, from the front. */
static size_t on_print_text(void *u, const uint8_t *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint32_t cp;
        size_t used;
        if (tsr_utf8_decode((const char *)s + i, n - i, &cp, &used) != TSR_UTF8_SCALAR ||
            cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
            break;
        text_add(u, cp);
        i += used;
    }
    return i;
}
static void on_execute(void *u, uint8_t c)
{
    text_flush(u);
    putf(u, "control %02x\n", c);
}
static void on_esc(void *u, const parser_seq *s, uint8_t final)
{
    text_flush(u);
    put(u, "esc", 3);
    put_seq(u, s, final);
    put(u, "\n", 1);
}
static void on_csi(void *u, const parser_seq *s, uint8_t final)
{
    text_flush(u);
    put(u, "csi", 3);
    put_seq(u, s, final);
    put(u, "\n", 1);
}
static void on_osc(void *u, const uint8_t *d, size_t n, int truncated, uint8_t term)
{
    text_flush(u);
    put(u, "osc ", 4);
    if (truncated)
        put(u, "truncated", 9);
    else
        put_bytes(u, d, n);
    put(u, term == 0x07 ? " bel\n" : " st\n", term == 0x07 ? 5 : 4);
}
static void on_dcs(void *u, const parser_seq *s, uint8_t final, const uint8_t *d, size_t n,
                   int truncated)
{
    text_flush(u);
    put(u, "dcs", 3);
    put_seq(u, s, final);
    put(u, " ", 1);
    if (truncated)
        put(u, "truncated", 9);
    else
        put_bytes(u, d, n);
    put(u, "\n", 1);
}
static void on_ignored_string(void *u, uint8_t kind)
{
    text_flush(u);
    putf(u, "ignored %s\n", kind == 'X' ? "sos" : kind == '^' ? "pm" : "apc");
}
static void on_malformed(void *u, const parser_seq *s, uint8_t final, char kind)
{
    text_flush(u);
    put(u, kind == 'P' ? "malformed dcs" : "malformed csi", 13);
    put_seq(u, s, final);
    put(u, "\n", 1);
}

static const parser_sink recording_sink = {
    .print_ascii = on_print_ascii,
    .print = on_print,
    .print_text = on_print_text,
    .execute = on_execute,
    .esc = on_esc,
    .csi = on_csi,
    .osc = on_osc,
    .dcs = on_dcs,
    .ignored_string = on_ignored_string,
    .malformed = on_malformed,
};

/* ------------------------------------------------------------ cases */

typedef struct run {
    const char *file;
    char name[128];
    int line;       /* of the case line */
    int malformed;  /* the case file itself is wrong */
    parser p;
    recorder rec;
    char *want;     /* the expected lines, each ending in '\n' */
    size_t wlen, wcap;
    int active;
    int passed, failed;
} run;

static void case_begin(run *r, const char *name, int line)
{
    snprintf(r->name, sizeof r->name, "%s", name);
    r->line = line;
    r->malformed = 0;
    parser_init(&r->p, &recording_sink, &r->rec);
    r->rec.len = r->rec.tlen = 0;
    r->rec.nomem = 0;
    if (r->rec.out)
        r->rec.out[0] = '\0';
    r->wlen = 0;
    r->active = 1;
}

/* Prints each line of s prefixed, so a diff reads line against line. */
static void print_lines(const char *label, const char *s, size_t n)
{
    fprintf(stderr, "  %s:\n", label);
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n') {
            fprintf(stderr, "    | %.*s\n", (int)(i - start), s + start);
            start = i + 1;
        }
    }
}

static void case_end(run *r)
{
    if (!r->active)
        return;
    r->active = 0;
    text_flush(&r->rec);
    const char *got = r->rec.out ? r->rec.out : "";
    const char *want = r->want ? r->want : "";
    int ok = !r->malformed && !r->rec.nomem && r->rec.len == r->wlen &&
             memcmp(got, want, r->wlen) == 0;
    if (ok) {
        r->passed++;
    } else {
        r->failed++;
        fprintf(stderr, "%s:%d: FAIL case %s%s\n", r->file, r->line, r->name,
                r->malformed ? " (malformed, see above)" : r->rec.nomem ? " (out of memory)" : "");
        if (!r->malformed) {
            print_lines("expected", want, r->wlen);
            print_lines("actual", got, r->rec.len);
        }
    }
    parser_free(&r->p);
}

static void want_line(run *r, const char *s, size_t n)
{
    int nomem = 0;
    grow(&r->want, &r->wcap, r->wlen + n + 2, &nomem);
    if (nomem) {
        r->rec.nomem = 1;
        return;
    }
    memcpy(r->want + r->wlen, s, n);
    r->wlen += n;
    r->want[r->wlen++] = '\n';
}

static void malformed(run *r, int line, const char *why)
{
    fprintf(stderr, "%s:%d: %s\n", r->file, line, why);
    if (r->active)
        r->malformed = 1;
    else
        r->failed++;
}

static void directive(run *r, int line, char *s)
{
    char err[128];
    lex_line l;
    if (lex_split(s, &l, err, sizeof err)) {
        malformed(r, line, err);
        return;
    }
    const char *word = l.ntok ? l.tok[0].text : "";
    if (strcmp(word, "case") == 0) {
        case_end(r);
        if (l.ntok != 2)
            malformed(r, line, "case needs one name");
        else
            case_begin(r, l.tok[1].text, line);
    } else if (!r->active) {
        malformed(r, line, "a directive before the first case");
    } else if (strcmp(word, "feed-repeat") == 0) {
        long times;
        if (l.ntok != 3 || lex_int(&l.tok[1], 1, 1000000, &times) || !l.tok[2].quoted)
            malformed(r, line, "feed-repeat takes a count (1-1000000) and a quoted string");
        else
            for (long i = 0; i < times; i++)
                parser_feed(&r->p, (const uint8_t *)l.tok[2].text, l.tok[2].len);
    } else if (l.ntok != 2 || !l.tok[1].quoted) {
        malformed(r, line, "feed and feed-bytewise take one quoted string");
    } else if (strcmp(word, "feed") == 0) {
        parser_feed(&r->p, (const uint8_t *)l.tok[1].text, l.tok[1].len);
    } else {
        for (size_t i = 0; i < l.tok[1].len; i++)
            parser_feed(&r->p, (const uint8_t *)l.tok[1].text + i, 1);
    }
    lex_line_free(&l);
}

static int starts_with_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return strncmp(s, w, n) == 0 && (s[n] == ' ' || s[n] == '\0');
}

static void run_file(run *r, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        r->failed++;
        return;
    }
    r->file = path;
    char buf[8192];
    int line = 0;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        size_t n = strlen(buf);
        if (n && buf[n - 1] != '\n' && !feof(f)) {
            malformed(r, line, "line too long");
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            continue;
        }
        while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' '))
            buf[--n] = '\0';
        char *s = buf;
        while (*s == ' ')
            s++;
        if (!*s || *s == '#')
            continue;
        if (starts_with_word(s, "case") || starts_with_word(s, "feed") ||
            starts_with_word(s, "feed-bytewise") || starts_with_word(s, "feed-repeat"))
            directive(r, line, s);
        else if (!r->active)
            malformed(r, line, "an expected line before the first case");
        else
            want_line(r, s, strlen(s));
    }
    case_end(r);
    fclose(f);
}

int main(int argc, char **argv)
{
    run r;
    memset(&r, 0, sizeof r);
    if (argc < 2) {
        fprintf(stderr, "usage: parser_harness FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++)
        run_file(&r, argv[i]);
    free(r.rec.out);
    free(r.rec.text);
    free(r.want);
    printf("%d passed, %d failed\n", r.passed, r.failed);
    return r.failed != 0;
}
