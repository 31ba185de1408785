/* `tessera test`: a suite of specs and tapes, validated whole, run in
 * child processes (--jobs at once), reported (human, --report JSON,
 * --junit XML). The parts share these types. */
#ifndef TSR_CLI_SUITE_H
#define TSR_CLI_SUITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tape_run.h"

typedef struct suite_file {
    char *path;
    int is_tape;
} suite_file;

/* What a child tells the parent about one file (a fixed-size record on a
 * pipe: the same binary writes and reads it). */
typedef struct suite_result {
    int code;          /* exit code of the run (TSR_EXIT_*) */
    int is_tape;
    long step, line, column; /* the failed step (step -1: none, or before the first) */
    char action[24];   /* its kind, in its file's syntax */
    int deadline;
    int other_failure; /* something but a snapshot failed */
    size_t staged;     /* snapshots staged by --update */
    double seconds;
    char reason[320];
    char artifacts[4096]; /* the failure's artifacts folder ("" when none) */
    int attempts;      /* runs of the file (--retries) */
    int flaky;         /* it failed, then passed on a retry: the fields above are the
                        * first failure's, code is 0 */
    int interrupted;   /* a stop signal to the suite: 1 it was running, 2 it never ran */
    /* The expectation and the screen at the failing moment, where the privacy
     * rule allows them, are files the child leaves in the stage folder
     * (suite_detail_path): too long for a fixed record. */
} suite_result;

/* The stage folder's file of file index i's expectation (kind 'x') or
 * screen (kind 's'), into out. */
void suite_detail_path(const char *stage_dir, size_t i, char kind, char *out, size_t cap);

typedef struct suite_options {
    int update;
    int report_details;    /* --report-details: specs' reports carry expected text and screens */
    int inherit_home;      /* --inherit-home: tapes get the real HOME (specs: inherit_env) */
    uint64_t ready_budget_ns; /* --ready-budget (0: the default) */
    const char *stage_dir; /* where children stage snapshots and leave their diffs */
    const char *artifacts; /* --artifacts DIR, or NULL (artifacts.h) */
} suite_options;

/* Collects the files the arguments name (a folder: its *.spec.json and
 * *.tape files, recursively, __snapshots__ skipped), sorted by path. On an
 * error prints it and returns TSR_EXIT_USAGE. */
int suite_collect(char **args, int nargs, suite_file **files, size_t *count);
void suite_files_free(suite_file *files, size_t count);

/* Runs the files, each in a child process, jobs at once; a failed file runs
 * again up to retries times (passing then: flaky). results[i] gets file i's
 * outcome. Returns 0, or -1 when a child could not be started. */
int suite_run_all(const suite_file *files, size_t n, long jobs, long retries, const suite_options *o,
                 suite_result *results);

/* Runs file index i in this (child) process: its result into *r. */
void suite_run_file(const suite_file *f, size_t i, const suite_options *o, suite_result *r);

/* Applies the snapshots children staged (manifests in stage_dir). Returns
 * how many were written, or -1 (reported). */
long suite_apply_staged(const char *stage_dir, size_t nfiles);

/* A failure's details as the child left them: NULL-terminated texts
 * (malloc'd) or NULL where there are none. */
typedef struct suite_details {
    char *expectation;
    char *screen;
} suite_details;

void suite_details_read(const char *stage_dir, size_t i, suite_details *d);
void suite_details_free(suite_details *d);

/* Opens a report file before anything runs (so a path that cannot be
 * written fails first, exit 2). Returns the stream, or NULL after saying why. */
FILE *suite_report_open(const char *path);

/* Writes a report into the opened stream and closes it; returns 0, or -1
 * with the reason on stderr. details[i] belongs to files[i]. */
int suite_report_json(FILE *out, const char *path, const suite_file *files,
                     const suite_result *results, const suite_details *details, size_t count,
                     const char *shard);
int suite_report_junit(FILE *out, const char *path, const suite_file *files,
                      const suite_result *results, const suite_details *details, size_t count,
                      const char *shard);
/* The human lines of one file on stdout: PASS, or FAIL with the place, the
 * expectation, the screen (rows numbered) and the artifacts folder. */
void suite_report_human(const suite_file *f, const suite_result *r, const suite_details *d);

#endif
