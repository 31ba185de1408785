/* Checks a whole tape before anything runs: every directive, its argument
 * count and types, ranges, durations, key names (through the core's key
 * parser), one `run`, and rows/cols/reflow only before it. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "duration.h"
#include "exit_codes.h"
#include "line_reader.h"
#include "tessera/text.h"
#include "tape.h"
#include "tape_lexer.h"
#include "tessera/input.h"

typedef struct parse_ctx {
    const char *path;
    long line;
    tape *t;
    tape_line *toks;
} parse_ctx;

static int error_at(parse_ctx *c, long column, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%ld:%ld: ", c->path, c->line, column);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return TSR_EXIT_USAGE;
}

typedef enum arg_kind { A_STRING, A_TEXT, A_INT, A_DURATION } arg_kind;

/* One directive's shape: name, its arguments, whether it must come after
 * run. A_TEXT is a bare word or a string (file names, key names). */
typedef struct directive {
    const char *name;
    int op; /* tape_op, or -1 for the settings and run */
    int nargs, optional_last;
    arg_kind kinds[2];
} directive;

static const directive DIRECTIVES[] = {
    {"wait", TAPE_WAIT, 2, 0, {A_STRING, A_DURATION}},
    {"idle", TAPE_IDLE, 2, 0, {A_DURATION, A_DURATION}},
    {"type", TAPE_TYPE, 1, 0, {A_STRING}},
    {"press", TAPE_PRESS, 1, 0, {A_TEXT}},
    {"paste", TAPE_PASTE, 1, 0, {A_STRING}},
    {"click", TAPE_CLICK, 2, 0, {A_INT, A_INT}},
    {"expect", TAPE_EXPECT, 2, 1, {A_STRING, A_DURATION}},
    {"expect-not", TAPE_EXPECT_NOT, 2, 1, {A_STRING, A_DURATION}},
    {"snapshot", TAPE_SNAPSHOT, 1, 1, {A_TEXT}},
    {"resize", TAPE_RESIZE, 2, 0, {A_INT, A_INT}},
    {"send-exit", TAPE_SEND_EXIT, 0, 0, {A_INT}},
    {"expect-exit", TAPE_EXPECT_EXIT, 1, 0, {A_INT}},
    {"sleep", TAPE_SLEEP, 1, 0, {A_DURATION}},
    {"ready", TAPE_READY, 1, 1, {A_DURATION}},
};

static int parse_int(parse_ctx *c, const tape_token *tok, int min, int max, int *out)
{
    long v = 0;
    int ok = !tok->quoted && tok->len > 0;
    for (size_t i = 0; ok && i < tok->len; i++) {
        if (tok->text[i] < '0' || tok->text[i] > '9' || v > 1000000)
            ok = 0;
        else
            v = v * 10 + (tok->text[i] - '0');
    }
    if (!ok || v < min || v > max) {
        char q[64];
        tsr_quote(q, sizeof q, tok->text, tok->len, 0);
        return error_at(c, tok->column, "expected a whole number from %d to %d, got %s", min,
                        max, q);
    }
    *out = (int)v;
    return TSR_EXIT_OK;
}

static int parse_duration(parse_ctx *c, const tape_token *tok, uint64_t *out)
{
    const char *reason;
    if (tok->quoted || duration_parse(tok->text, tok->len, out, &reason) != 0) {
        char q[64];
        tsr_quote(q, sizeof q, tok->text, tok->len, 0);
        return error_at(c, tok->column, "expected a duration such as 500ms, 1.5s or 1m, got %s%s%s",
                        q, tok->quoted ? "" : ": it ", tok->quoted ? "" : reason);
    }
    return TSR_EXIT_OK;
}

tape_step *tape_new_step(tape *t)
{
    if (t->nsteps == t->cap) {
        size_t ncap = t->cap ? t->cap * 2 : 16;
        tape_step *grown = realloc(t->steps, ncap * sizeof *grown);
        if (!grown)
            return NULL;
        t->steps = grown;
        t->cap = ncap;
    }
    tape_step *s = &t->steps[t->nsteps++];
    memset(s, 0, sizeof *s);
    return s;
}

/* Takes ownership of a token's text. */
static char *take(tape_token *tok)
{
    char *s = tok->text;
    tok->text = NULL;
    return s;
}

/* The bounds a row/column argument of a step must respect. */
static int action(parse_ctx *c, const directive *d)
{
    tape_line *l = c->toks;
    tape_token *name = &l->tokens[0];
    size_t given = l->count - 1;
    size_t min = (size_t)(d->nargs - d->optional_last);
    if (given < min || given > (size_t)d->nargs) {
        long col = given > (size_t)d->nargs ? l->tokens[d->nargs + 1].column : name->column;
        return error_at(c, col, "%s takes %s%d argument%s, got %zu", d->name,
                        d->optional_last ? "at most " : "", d->nargs, d->nargs == 1 ? "" : "s",
                        given);
    }
    if (!c->t->argv)
        return error_at(c, name->column, "%s comes before run: there is no program yet",
                        d->name);
    tape_step *s = tape_new_step(c->t);
    if (!s)
        return error_at(c, name->column, "out of memory");
    s->op = (tape_op)d->op;
    s->line = c->line;
    s->column = name->column;
    int ndur = 0, nnum = 0;
    for (size_t i = 0; i < given; i++) {
        tape_token *tok = &l->tokens[i + 1];
        int rc = TSR_EXIT_OK;
        switch (d->kinds[i]) {
        case A_STRING:
            if (!tok->quoted)
                return error_at(c, tok->column, "%s needs a double-quoted string", d->name);
            s->len = tok->len;
            s->str = take(tok);
            break;
        case A_TEXT:
            s->len = tok->len;
            s->str = take(tok);
            break;
        case A_DURATION:
            rc = parse_duration(c, tok, &s->dur[ndur++]);
            break;
        case A_INT: {
            int max = d->op == TAPE_EXPECT_EXIT ? 255
                      : d->op == TAPE_RESIZE   ? (nnum == 0 ? 1000 : 1000)
                                               : 999;
            int min = d->op == TAPE_RESIZE ? 1 : 0;
            rc = parse_int(c, tok, min, max, &s->num[nnum++]);
            break;
        }
        }
        if (rc != TSR_EXIT_OK)
            return rc;
    }
    if (d->op == TAPE_PRESS) {
        tsr_key k;
        tsr_buf why = {0};
        if (tsr_key_parse_why(s->str, s->len, &k, &why) != TSR_OK) {
            int rc = error_at(c, l->tokens[1].column, "press: %.*s", (int)why.len,
                              why.data ? why.data : "unknown key name");
            tsr_buf_free(&why);
            return rc;
        }
        tsr_buf_free(&why);
    }
    if (d->op == TAPE_WAIT || d->op == TAPE_EXPECT || d->op == TAPE_EXPECT_NOT) {
        /* the screen holds no control characters: such text never matches */
        if (s->len == 0)
            return error_at(c, l->tokens[1].column, "%s: the text is empty: it would match any screen",
                            d->name);
        for (size_t i = 0; i < s->len; i++) {
            unsigned char ch = (unsigned char)s->str[i];
            if (ch < 0x20 || ch == 0x7f)
                return error_at(c, l->tokens[1].column,
                                "%s: the text holds control character 0x%02x: no screen shows one "
                                "(search one row at a time)",
                                d->name, ch);
        }
    }
    if (d->op == TAPE_SNAPSHOT && s->str && memchr(s->str, 0, s->len))
        return error_at(c, l->tokens[1].column, "snapshot: a file name cannot hold a NUL character");
    /* an optional deadline of 0 would read as "not given" (the global --timeout) */
    if ((d->op == TAPE_EXPECT || d->op == TAPE_EXPECT_NOT || d->op == TAPE_READY) &&
        given == (size_t)d->nargs && s->dur[0] == 0)
        return error_at(c, l->tokens[given].column, "%s: the deadline must be more than 0",
                        d->name);
    if (d->op == TAPE_IDLE && s->dur[0] > s->dur[1])
        return error_at(c, l->tokens[2].column, "idle: the deadline is shorter than the settle time");
    return TSR_EXIT_OK;
}

/* env NAME=VALUE (repeatable) and cwd DIR: how the program is started. */
static int start_setting(parse_ctx *c, const char *name)
{
    tape_line *l = c->toks;
    tape_token *tok = &l->tokens[0];
    if (l->count != 2)
        return error_at(c, tok->column, "%s takes 1 argument, got %zu", name, l->count - 1);
    tape_token *arg = &l->tokens[1];
    if (memchr(arg->text, '\0', arg->len))
        return error_at(c, arg->column, "%s: the value cannot hold a NUL byte", name);
    if (strcmp(name, "cwd") == 0) {
        if (c->t->cwd)
            return error_at(c, tok->column, "a second cwd: a tape has one");
        if (arg->len == 0)
            return error_at(c, arg->column, "cwd needs a folder");
        c->t->cwd = take(arg);
        return TSR_EXIT_OK;
    }
    const char *eq = strchr(arg->text, '=');
    if (!eq || eq == arg->text)
        return error_at(c, arg->column, "env takes NAME=VALUE");
    char **grown = realloc(c->t->env, (c->t->nenv + 2) * sizeof *grown);
    if (!grown)
        return error_at(c, tok->column, "out of memory");
    c->t->env = grown;
    c->t->env[c->t->nenv++] = take(arg);
    c->t->env[c->t->nenv] = NULL;
    return TSR_EXIT_OK;
}

static int setting(parse_ctx *c, const char *name)
{
    tape_line *l = c->toks;
    tape_token *tok = &l->tokens[0];
    if (c->t->argv)
        return error_at(c, tok->column, "%s must come before run", name);
    if (strcmp(name, "env") == 0 || strcmp(name, "cwd") == 0)
        return start_setting(c, name);
    int flag = strcmp(name, "reflow") == 0 || strcmp(name, "inherit-home") == 0;
    if ((int)l->count - 1 != !flag)
        return error_at(c, tok->column, "%s takes %d argument%s", name, !flag, flag ? "s" : "");
    if (flag) {
        *(name[0] == 'r' ? &c->t->reflow : &c->t->inherit_home) = 1;
        return TSR_EXIT_OK;
    }
    return parse_int(c, &l->tokens[1], 1, 1000, strcmp(name, "rows") == 0 ? &c->t->rows : &c->t->cols);
}

static int run(parse_ctx *c)
{
    tape_line *l = c->toks;
    if (c->t->argv)
        return error_at(c, l->tokens[0].column, "a second run: a tape has exactly one (the first is on line %ld)",
                        c->t->run_line);
    if (l->count < 2)
        return error_at(c, l->tokens[0].column, "run needs a program");
    char **argv = calloc(l->count, sizeof *argv);
    if (!argv)
        return error_at(c, l->tokens[0].column, "out of memory");
    for (size_t i = 1; i < l->count; i++) {
        if (memchr(l->tokens[i].text, '\0', l->tokens[i].len)) {
            free(argv);
            return error_at(c, l->tokens[i].column, "an argument cannot hold a NUL byte");
        }
    }
    for (size_t i = 1; i < l->count; i++)
        argv[i - 1] = take(&l->tokens[i]);
    c->t->argv = argv;
    c->t->run_line = c->line;
    return TSR_EXIT_OK;
}

static int parse_line(parse_ctx *c)
{
    tape_token *name = &c->toks->tokens[0];
    if (name->quoted)
        return error_at(c, name->column, "a line starts with a directive, not a string");
    if (strcmp(name->text, "rows") == 0 || strcmp(name->text, "cols") == 0 ||
        strcmp(name->text, "reflow") == 0 || strcmp(name->text, "env") == 0 ||
        strcmp(name->text, "cwd") == 0 || strcmp(name->text, "inherit-home") == 0)
        return setting(c, name->text);
    if (strcmp(name->text, "run") == 0)
        return run(c);
    for (size_t i = 0; i < sizeof DIRECTIVES / sizeof DIRECTIVES[0]; i++)
        if (strcmp(DIRECTIVES[i].name, name->text) == 0)
            return action(c, &DIRECTIVES[i]);
    char q[64];
    tsr_quote(q, sizeof q, name->text, name->len, 0);
    return error_at(c, name->column, "unknown directive %s", q);
}

/* Reads and checks the tape in fp; name stands for it in messages. */
static int load_stream(const char *name, FILE *fp, tape *t)
{
    line_reader lr;
    if (line_reader_init(&lr, fp) != LINE_OK) {
        fprintf(stderr, "tessera: out of memory\n");
        return TSR_EXIT_INTERNAL;
    }
    lr.max_line = TAPE_MAX_LINE_BYTES;
    parse_ctx c = {name, 0, t, NULL};
    int code = TSR_EXIT_OK;
    const char *text;
    size_t len;
    int rc;
    while (code == TSR_EXIT_OK && (rc = line_reader_next(&lr, &text, &len)) == LINE_OK) {
        c.line = lr.number;
        if (lr.truncated) {
            code = error_at(&c, 1, "the line is longer than 16 MiB, the limit for a tape line");
            break;
        }
        tape_line toks;
        long col = 0;
        const char *reason = NULL;
        if (tape_lex_line(text, len, &toks, &col, &reason) != 0) {
            code = error_at(&c, col, "%s", reason);
            break;
        }
        c.toks = &toks;
        if (toks.count > 0)
            code = parse_line(&c);
        tape_line_free(&toks);
    }
    if (code == TSR_EXIT_OK && rc == LINE_ERR_IO) {
        fprintf(stderr, "%s: cannot read: %s\n", name, strerror(lr.read_errno));
        code = TSR_EXIT_USAGE;
    } else if (code == TSR_EXIT_OK && rc == LINE_ERR_NOMEM) {
        fprintf(stderr, "tessera: out of memory\n");
        code = TSR_EXIT_INTERNAL;
    }
    if (code == TSR_EXIT_OK && !t->argv) {
        c.line = lr.number + 1;
        code = error_at(&c, 1, "the tape has no run line");
    }
    line_reader_free(&lr);
    return code;
}

int tape_load(const char *path, tape *t)
{
    memset(t, 0, sizeof *t);
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return TSR_EXIT_USAGE;
    }
    int code = load_stream(path, fp, t);
    fclose(fp);
    if (code != TSR_EXIT_OK)
        tape_free(t);
    return code;
}

int tape_load_bytes(const char *name, const void *bytes, size_t len, tape *t)
{
    memset(t, 0, sizeof *t);
    /* A stream over the bytes, so both entry points share one line reader.
     * fmemopen wants at least one byte on some libcs: an empty tape reads
     * as a stream over one byte that is skipped first. */
    FILE *fp = fmemopen(len ? (void *)bytes : (void *)"", len ? len : 1, "rb");
    if (!fp) {
        fprintf(stderr, "%s: cannot read: %s\n", name, strerror(errno));
        return TSR_EXIT_INTERNAL;
    }
    if (len == 0)
        (void)fgetc(fp); /* the stand-in byte */
    int code = load_stream(name, fp, t);
    fclose(fp);
    if (code != TSR_EXIT_OK)
        tape_free(t);
    return code;
}

void tape_free(tape *t)
{
    for (char **a = t->argv; a && *a; a++)
        free(*a);
    free(t->argv);
    for (size_t i = 0; i < t->nenv; i++)
        free(t->env[i]);
    free(t->env);
    for (size_t i = 0; i < t->ninherit; i++)
        free(t->inherit[i]);
    free(t->inherit);
    free(t->cwd);
    for (size_t i = 0; i < t->nsteps; i++)
        free(t->steps[i].str);
    free(t->steps);
    memset(t, 0, sizeof *t);
}
