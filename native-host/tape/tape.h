/* A step program: a program and the steps that drive it. Two syntaxes
 * compile to it, a tape (the DSL in the README, tape_parser.c) and a JSON
 * test spec (spec/), and one executor runs it (tape_run.c). Parsed whole
 * and checked before anything is launched. */
#ifndef TSR_CLI_TAPE_H
#define TSR_CLI_TAPE_H

/* A tape line longer than this is refused (memory stays bounded). */
#define TAPE_MAX_LINE_BYTES (16u << 20)

#include <stddef.h>
#include <stdint.h>

#include "screen_query.h"

/* The kinds of step, one row each in steps.def (steps.h has the table). */
typedef enum tape_op {
#define STEP(op, tape, spec, since, args, flags) TAPE_##op,
#include "steps.def"
#undef STEP
    TAPE_OP_COUNT
} tape_op;

typedef struct tape_step {
    tape_op op;
    long line, column;  /* of the directive, for messages */
    char *str;          /* owned; NUL-terminated, len may count NULs: the text,
                         * key, file, pattern or the place's text */
    size_t len;
    int num[2];         /* ints: exit code, rows and cols, a place's row and col */
    uint64_t dur[2];    /* spans: deadlines, settle times */
    int regex;          /* str is a regular expression (pattern.h) */
    int at_text;        /* a place given as "TEXT" (str), not ROW COL */
    int up;             /* wheel up (else down) */
    style_want style;   /* what every cell of an expected match must look like */
    int now;            /* an input sent at once, without waiting for readiness */
    uint64_t ready_ns;  /* this input's readiness budget (0: the run's) */
    int styled;         /* a spec snapshot compared in the styled form */
} tape_step;

typedef struct tape {
    int rows, cols, reflow;  /* 0 when the tape does not say */
    int inherit_home;        /* `inherit-home`: the real HOME, not a fresh one */
    char **env;              /* `env NAME=VALUE` lines, NULL-terminated, owned (or NULL) */
    size_t nenv;
    char *cwd;               /* `cwd DIR`, owned (or NULL); relative to the tape's folder */
    char **argv;             /* run's program and arguments, NULL-terminated, owned */
    long run_line;
    /* What a spec sets (0: not given, the command line's options hold) */
    uint64_t step_timeout_ns;   /* each wait's deadline (timeout_ms) */
    uint64_t run_timeout_ns;    /* the whole run (run_timeout_ms) */
    uint64_t startup_timeout_ns; /* launch to the first output (startup_timeout_ms) */
    uint64_t max_output_bytes;  /* the program's output (max_output_bytes) */
    uint64_t ready_budget_ns;   /* how long an input waits for readiness (0: the default) */
    int spec_version;           /* the spec's version; 0 for a tape */
    int operational_env;        /* only PATH, TERM, LANG, a fresh HOME, then env */
    int cwd_default_beside;     /* no cwd: the file's own folder */
    char **inherit;             /* host variables passed on by name, owned (or NULL) */
    size_t ninherit;
    tape_step *steps;
    size_t nsteps, cap;
} tape;

/* Reads and checks the tape. On failure prints "FILE:LINE:COLUMN: reason"
 * to stderr and returns TSR_EXIT_USAGE (an unreadable file too). */
int tape_load(const char *path, tape *out);
/* The same for a tape held in memory; name stands for the file in messages. */
int tape_load_bytes(const char *name, const void *bytes, size_t len, tape *out);
void tape_free(tape *t);
/* Appends a zeroed step (NULL when out of memory): how both syntaxes build
 * the list. */
tape_step *tape_new_step(tape *t);

#endif
