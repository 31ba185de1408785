/* `tessera test`: a suite of specs and tapes, validated whole, run in
 * child processes (--jobs at once), reported (human, --report JSON,
 * --junit XML). The parts share these types. */
#ifndef TSR_CLI_TEST_SUITE_H
#define TSR_CLI_TEST_SUITE_H

#include <stddef.h>

#include "tape_run.h"

typedef struct test_file {
    char *path;
    int is_tape;
} test_file;

/* What a child tells the parent about one file (a fixed-size record on a
 * pipe: the same binary writes and reads it). */
typedef struct test_result {
    int code;          /* exit code of the run (TSR_EXIT_*) */
    int is_tape;
    long step, line, column; /* the failed step (step -1: none, or before the first) */
    char action[24];   /* its kind, in its file's syntax */
    int deadline;
    int other_failure; /* something but a snapshot failed */
    size_t staged;     /* snapshots staged by --update */
    double seconds;
    char reason[320];
} test_result;

typedef struct test_options {
    int update;
    const char *stage_dir; /* where children stage snapshots and leave their diffs */
    const char *artifacts; /* --artifacts DIR, or NULL (artifacts.h) */
} test_options;

/* Collects the files the arguments name (a folder: its *.spec.json and
 * *.tape files, recursively, __snapshots__ skipped), sorted by path. On an
 * error prints it and returns TSR_EXIT_USAGE. */
int test_collect(char **args, int nargs, test_file **files, size_t *count);
void test_files_free(test_file *files, size_t count);

/* Runs file index i in this (child) process: its result into *r. */
void test_run_file(const test_file *f, size_t i, const test_options *o, test_result *r);

/* Applies the snapshots children staged (manifests in stage_dir). Returns
 * how many were written, or -1 (reported). */
long test_apply_staged(const char *stage_dir, size_t nfiles);

/* Writes the reports; returns 0, or -1 with the reason on stderr. */
int test_report_json(const char *path, const test_file *files, const test_result *results,
                     size_t count, const char *shard);
int test_report_junit(const char *path, const test_file *files, const test_result *results,
                      size_t count, const char *shard);
/* The human line of one file on stdout. */
void test_report_human(const test_file *f, const test_result *r);

#endif
