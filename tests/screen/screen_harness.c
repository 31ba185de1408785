/* The data-driven screen test harness: runs every case file named on the
 * command line against the core ABI (format in README.md). Each case starts
 * from a fresh terminal; directives run in order. A failing expectation
 * prints FILE:LINE with the expected and actual values; a malformed file
 * prints FILE:LINE: reason. Exit status is non-zero if any case failed. */
#include "case_dump.h"
#include "case_expect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a whole file into lines (in place, '\n' replaced by NUL). */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *p = malloc(cap);
    while (p) {
        if (n + 1 >= cap) {
            char *q = realloc(p, cap * 2);
            if (!q) {
                free(p);
                p = NULL;
                break;
            }
            p = q;
            cap *= 2;
        }
        size_t got = fread(p + n, 1, cap - n - 1, f);
        if (got == 0)
            break;
        n += got;
    }
    fclose(f);
    if (p) {
        p[n] = '\0';
        *len = n;
    }
    return p;
}

static void finish_case(case_ctx *c)
{
    if (!c->in_case)
        return;
    if (!c->failed && c->expectations == 0) {
        fprintf(stderr, "%s:%d: case %s has no expectations\n", c->file, c->case_line, c->name);
        c->failed = 1;
    }
    if (c->failed)
        c->nfailed++;
    else
        c->npassed++;
    case_dump_finish(c);
    if (c->term)
        tsr_term_free(c->term);
    c->term = NULL;
    c->in_case = 0;
}

static void start_case(case_ctx *c, const lex_line *l)
{
    finish_case(c);
    c->in_case = 1;
    c->failed = 0;
    c->skip = 0;
    c->expectations = 0;
    c->case_line = c->line;
    tsr_options_default(&c->opts);
    snprintf(c->name, sizeof c->name, "%s", l->ntok > 1 ? l->tok[1].text : "?");
    if (l->ntok != 2)
        case_malformed(c, "case needs exactly one name");
    case_dump_start(c);
}

static void run_file(case_ctx *c, const char *path)
{
    size_t len = 0;
    char *text = read_all(path, &len);
    c->file = path;
    if (!text) {
        fprintf(stderr, "%s:0: cannot read file\n", path);
        c->nfailed++;
        return;
    }
    if (memchr(text, '\0', len)) {
        fprintf(stderr, "%s:0: file contains a NUL byte\n", path);
        c->nfailed++;
        free(text);
        return;
    }
    /* Split into lines once so block directives can look ahead. */
    size_t nlines = 1;
    for (size_t i = 0; i < len; i++)
        nlines += text[i] == '\n';
    char **lines = calloc(nlines, sizeof *lines);
    if (!lines) {
        fprintf(stderr, "%s:0: out of memory\n", path);
        c->nfailed++;
        free(text);
        return;
    }
    size_t k = 0;
    lines[k++] = text;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n') {
            text[i] = '\0';
            if (k < nlines)
                lines[k++] = text + i + 1;
        }
    }
    c->lines = lines;
    c->nlines = (int)k;
    int any_case = 0;
    for (c->idx = 0; c->idx < c->nlines; c->idx++) {
        c->line = c->idx + 1;
        lex_line l;
        char err[200];
        if (lex_split(lines[c->idx], &l, err, sizeof err) != 0) {
            if (c->in_case && !c->skip)
                case_malformed(c, err);
            else if (!c->in_case) {
                fprintf(stderr, "%s:%d: %s\n", path, c->line, err);
                c->nfailed++;
            }
            continue;
        }
        if (l.ntok == 0) {
            lex_line_free(&l);
            continue;
        }
        if (strcmp(l.tok[0].text, "case") == 0 && !l.tok[0].quoted) {
            any_case = 1;
            start_case(c, &l);
        } else if (!c->in_case) {
            fprintf(stderr, "%s:%d: '%s' outside a case (start one with: case NAME)\n", path,
                    c->line, l.tok[0].text);
            c->nfailed++;
        } else if (!c->skip) {
            case_directive(c, &l);
        }
        lex_line_free(&l);
    }
    finish_case(c);
    if (!any_case) {
        fprintf(stderr, "%s:1: file has no cases\n", path);
        c->nfailed++;
    }
    free(lines);
    free(text);
    c->lines = NULL;
}

int main(int argc, char **argv)
{
    case_ctx c;
    memset(&c, 0, sizeof c);
    int first = 1;
    /* --dump: also write the actions and final renderings of every case
     * to stdout (case_dump.h); the summary then goes to stderr. */
    if (argc > 1 && strcmp(argv[1], "--dump") == 0) {
        c.dump = stdout;
        first = 2;
    }
    if (argc <= first) {
        fprintf(stderr, "usage: %s [--dump] CASE_FILE...\n", argv[0]);
        return 2;
    }
    c.verbose = getenv("SCREEN_HARNESS_VERBOSE") != NULL;
    for (int i = first; i < argc; i++)
        run_file(&c, argv[i]);
    fprintf(c.dump ? stderr : stdout, "%d passed, %d failed\n", c.npassed, c.nfailed);
    return c.nfailed ? 1 : 0;
}
