/* Checks a whole tape before anything runs: every directive, its argument
 * count and types, ranges, durations, key names (through the core's key
 * parser), one `run`, and rows/cols/reflow only before it. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "terminal_safe.h"
#include "duration.h"
#include "exit_codes.h"
#include "line_reader.h"
#include "tessera/text.h"
#include "tape.h"
#include "tape_lexer.h"
#include "steps.h"
#include "tessera/input.h"

typedef struct parse_ctx {
    const char *path;
    long line;
    tape *t;
    tape_line *toks;
    long duration_col; /* the step's last span argument's column (0: none) */
} parse_ctx;

static int error_at(parse_ctx *c, long column, const char *fmt, ...)
{
    va_list ap;
    safe_fprintf(stderr, "%s:%ld:%ld: ", c->path, c->line, column);
    va_start(ap, fmt);
    safe_vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return TSR_EXIT_USAGE;
}

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

/* How many tokens the kinds take at least and at most (a place: 1 or 2,
 * style words: any number), for "takes N arguments". */
static void arg_counts(const char *kinds, size_t *min, size_t *max, int *variadic)
{
    *min = *max = 0;
    *variadic = 0;
    for (const char *k = kinds; *k; k++) {
        if (*k == '?')
            continue;
        int optional = k[1] == '?';
        if (*k == 'y') {
            *variadic = 1;
            continue;
        }
        size_t n = *k == 'l' ? 2 : 1;
        *max += n;
        if (!optional)
            *min += 1;
    }
}

/* Whether an unquoted token is a style word (bold, fg=2) rather than a span. */
static int style_word(const tape_token *tok)
{
    if (tok->quoted || tok->regex)
        return 0;
    if (memchr(tok->text, '=', tok->len))
        return 1;
    style_want probe;
    style_want_none(&probe);
    char why[8];
    return style_want_word(&probe, tok->text, tok->len, why, sizeof why) == 0;
}

/* Text a screen can show: non-empty, no control characters. */
static int findable(parse_ctx *c, const step_def *d, const tape_token *tok)
{
    if (tok->len == 0)
        return error_at(c, tok->column, "%s: the %s is empty: it would match any screen", d->tape,
                        tok->regex ? "pattern" : "text");
    for (size_t i = 0; !tok->regex && i < tok->len; i++) {
        unsigned char ch = (unsigned char)tok->text[i];
        if (ch < 0x20 || ch == 0x7f)
            return error_at(c, tok->column,
                            "%s: the text holds control character 0x%02x: no screen shows one "
                            "(search one row at a time)",
                            d->tape, ch);
    }
    if (tok->regex) {
        pattern p;
        char why[200];
        if (pattern_compile(&p, tok->text, tok->len, why, sizeof why) != 0)
            return error_at(c, tok->column, "%s: %s", d->tape, why);
        pattern_free(&p);
    }
    return TSR_EXIT_OK;
}

/* An input step's options before its arguments: --now, --ready SPAN.
 * *next gets the first argument's token index. */
static int input_options(parse_ctx *c, const step_def *d, tape_step *s, size_t *next)
{
    tape_line *l = c->toks;
    while (*next < l->count && !l->tokens[*next].quoted && l->tokens[*next].text[0] == '-' &&
           l->tokens[*next].text[1] == '-') {
        tape_token *opt = &l->tokens[*next];
        if (!(d->flags & STEP_INPUT))
            break;
        if (strcmp(opt->text, "--now") == 0) {
            s->now = 1;
        } else if (strcmp(opt->text, "--ready") == 0 && *next + 1 < l->count) {
            int rc = parse_duration(c, &l->tokens[++*next], &s->ready_ns);
            if (rc != TSR_EXIT_OK)
                return rc;
            if (s->ready_ns == 0)
                return error_at(c, l->tokens[*next].column, "--ready: the budget must be more "
                                                           "than 0 (--now sends at once)");
        } else {
            char q[64];
            tsr_quote(q, sizeof q, opt->text, opt->len, 0);
            return error_at(c, opt->column, "%s: unknown option %s (--now, --ready SPAN)", d->tape, q);
        }
        ++*next;
    }
    if (s->now && s->ready_ns)
        return error_at(c, l->tokens[0].column, "%s: --now and --ready: one of them", d->tape);
    return TSR_EXIT_OK;
}

/* The ranges of a whole-number argument, by step. */
static void int_range(tape_op op, int *min, int *max)
{
    *min = op == TAPE_RESIZE ? 1 : 0;
    *max = op == TAPE_EXPECT_EXIT ? 255 : op == TAPE_RESIZE ? 1000 : 999;
}

/* One argument of kind k from tokens[*i]; the step takes what it gives. */
static int argument(parse_ctx *c, const step_def *d, char k, tape_step *s, size_t *i, int *nnum,
                    int *ndur)
{
    tape_token *tok = &c->toks->tokens[*i];
    int min, max;
    switch (k) {
    case 's':
        if (!tok->quoted)
            return error_at(c, tok->column, "%s needs a double-quoted string", d->tape);
        /* fall through */
    case 'w':
    case 'p':
        if (k == 'p' && !tok->quoted && !tok->regex)
            return error_at(c, tok->column, "%s needs a \"string\" or a /pattern/", d->tape);
        if (k == 'p' && findable(c, d, tok) != TSR_EXIT_OK)
            return TSR_EXIT_USAGE;
        s->regex = tok->regex;
        s->len = tok->len;
        s->str = take(tok);
        ++*i;
        return TSR_EXIT_OK;
    case 'd':
        ++*i;
        c->duration_col = tok->column;
        return parse_duration(c, tok, &s->dur[(*ndur)++]);
    case 'i':
        int_range(d->op, &min, &max);
        ++*i;
        return parse_int(c, tok, min, max, &s->num[(*nnum)++]);
    case 'u':
        if (tok->quoted || (strcmp(tok->text, "up") != 0 && strcmp(tok->text, "down") != 0))
            return error_at(c, tok->column, "%s needs up or down", d->tape);
        s->up = tok->text[0] == 'u';
        ++*i;
        return TSR_EXIT_OK;
    case 'l':
        if (tok->quoted) {
            if (findable(c, d, tok) != TSR_EXIT_OK)
                return TSR_EXIT_USAGE;
            s->at_text = 1;
            s->len = tok->len;
            s->str = take(tok);
            ++*i;
            return TSR_EXIT_OK;
        }
        if (*i + 1 >= c->toks->count)
            return error_at(c, tok->column, "%s takes ROW COL (0-based cells) or a \"TEXT\" on "
                                            "the screen", d->tape);
        *i += 2;
        int rc = parse_int(c, tok, 0, 999, &s->num[0]);
        return rc == TSR_EXIT_OK ? parse_int(c, tok + 1, 0, 999, &s->num[1]) : rc;
    default: { /* 'y': style words, as many as there are */
        char why[200];
        style_want_none(&s->style);
        while (*i < c->toks->count && style_word(&c->toks->tokens[*i])) {
            tape_token *w = &c->toks->tokens[*i];
            if (style_want_word(&s->style, w->text, w->len, why, sizeof why) != 0)
                return error_at(c, w->column, "%s: %s", d->tape, why);
            ++*i;
        }
        return TSR_EXIT_OK;
    }
    }
}

/* What a step's arguments must also satisfy, by step; first is the index
 * of its first argument's token (for the columns of messages). */
static int check_step(parse_ctx *c, const step_def *d, tape_step *s, size_t first)
{
    tape_line *l = c->toks;
    if (d->op == TAPE_PRESS) {
        tsr_key k;
        tsr_buf why = {0};
        if (tsr_key_parse_why(s->str, s->len, &k, &why) != TSR_OK) {
            int rc = error_at(c, l->tokens[first].column, "press: %.*s", (int)why.len,
                              why.data ? (const char *)why.data : "unknown key name");
            tsr_buf_free(&why);
            return rc;
        }
        tsr_buf_free(&why);
    }
    if (d->op == TAPE_SNAPSHOT && s->str && memchr(s->str, 0, s->len))
        return error_at(c, l->tokens[first].column,
                        "snapshot: a file name cannot hold a NUL character");
    /* an optional deadline of 0 would read as "not given" (the global --timeout) */
    if ((d->op == TAPE_EXPECT || d->op == TAPE_EXPECT_NOT || d->op == TAPE_READY) &&
        c->duration_col && s->dur[0] == 0)
        return error_at(c, c->duration_col, "%s: the deadline must be more than 0", d->tape);
    if (d->op == TAPE_IDLE && s->dur[0] > s->dur[1])
        return error_at(c, l->tokens[first + 1].column,
                        "idle: the deadline is shorter than the settle time");
    return TSR_EXIT_OK;
}

/* A step: its options, then its arguments by the kinds of steps.def. */
static int action(parse_ctx *c, const step_def *d)
{
    tape_line *l = c->toks;
    tape_token *name = &l->tokens[0];
    if (!c->t->argv)
        return error_at(c, name->column, "%s comes before run: there is no program yet", d->tape);
    tape_step *s = tape_new_step(c->t);
    if (!s)
        return error_at(c, name->column, "out of memory");
    s->op = d->op;
    s->line = c->line;
    s->column = name->column;
    c->duration_col = 0;
    style_want_none(&s->style);
    size_t i = 1;
    int rc = input_options(c, d, s, &i);
    if (rc != TSR_EXIT_OK)
        return rc;
    size_t min, max;
    int variadic, nnum = 0, ndur = 0;
    arg_counts(d->args, &min, &max, &variadic);
    size_t given = l->count - i, first = i;
    int optional_last = strchr(d->args, '?') != NULL;
    if (given < min || (!variadic && given > max)) {
        long col = given > max ? l->tokens[i + max].column : name->column;
        return error_at(c, col, "%s takes %s%zu argument%s, got %zu", d->tape,
                        optional_last ? "at most " : "", optional_last ? max : min,
                        (optional_last ? max : min) == 1 ? "" : "s", given);
    }
    for (const char *k = d->args; *k && rc == TSR_EXIT_OK; k++) {
        if (*k == '?')
            continue;
        if (i >= l->count) {
            if (k[1] == '?' || *k == 'y')
                continue;
            return error_at(c, name->column, "%s takes %zu arguments, got %zu", d->tape, min, given);
        }
        rc = argument(c, d, *k, s, &i, &nnum, &ndur);
    }
    if (rc == TSR_EXIT_OK && i < l->count)
        return error_at(c, l->tokens[i].column, "%s takes %s%zu argument%s, got %zu", d->tape,
                        optional_last ? "at most " : "", max, max == 1 ? "" : "s", given);
    if (rc != TSR_EXIT_OK)
        return rc;
    return check_step(c, d, s, first);
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
    const step_def *d = step_by_tape_name(name->text);
    if (d)
        return action(c, d);
    char q[64];
    tsr_quote(q, sizeof q, name->text, name->len, 0);
    return error_at(c, name->column, "unknown directive %s", q);
}

/* Whether a directive's first argument may be a /pattern/ (the lexer's
 * question). */
static int takes_pattern(const char *directive)
{
    const step_def *d = step_by_tape_name(directive);
    return d && d->args[0] == 'p';
}

/* Reads and checks the tape in fp; name stands for it in messages. */
static int load_stream(const char *name, FILE *fp, tape *t)
{
    line_reader lr;
    if (line_reader_init(&lr, fp) != LINE_OK) {
        safe_fprintf(stderr, "tessera: out of memory\n");
        return TSR_EXIT_INTERNAL;
    }
    lr.max_line = TAPE_MAX_LINE_BYTES;
    parse_ctx c = {name, 0, t, NULL, 0};
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
        if (tape_lex_line(text, len, &toks, &col, &reason, takes_pattern) != 0) {
            code = error_at(&c, col, "%s", reason);
            break;
        }
        c.toks = &toks;
        if (toks.count > 0)
            code = parse_line(&c);
        tape_line_free(&toks);
    }
    if (code == TSR_EXIT_OK && rc == LINE_ERR_IO) {
        safe_fprintf(stderr, "%s: cannot read: %s\n", name, strerror(lr.read_errno));
        code = TSR_EXIT_USAGE;
    } else if (code == TSR_EXIT_OK && rc == LINE_ERR_NOMEM) {
        safe_fprintf(stderr, "tessera: out of memory\n");
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
        safe_fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
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
        safe_fprintf(stderr, "%s: cannot read: %s\n", name, strerror(errno));
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
