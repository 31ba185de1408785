/* `tessera test [--update] [--report FILE] [--junit FILE] [--shard I/N]
 * [--jobs N] SPEC|TAPE|DIR...`: every file of the shard checked first (one
 * invalid: exit 2, nothing runs), then run --jobs at a time, each in a
 * child process, then reported. Exit 0: all passed; 1: any failed. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "terminal_safe.h"
#include "commands.h"
#include "diag.h"
#include "duration.h"
#include "exit_codes.h"
#include "spec.h"
#include "stop_signals.h"
#include "tape.h"
#include "temp_home.h"
#include "suite.h"

typedef struct test_args {
    suite_options o;
    const char *report, *junit;
    const char *grep;  /* --grep: only files whose path holds it */
    long shard, shards, jobs, retries;
    int check;         /* --check: validate only */
    int pass_empty;    /* --pass-with-no-tests */
    char **paths;
    int npaths;
} test_args;

static int whole(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse(int argc, char **argv, test_args *a)
{
    memset(a, 0, sizeof *a);
    a->shard = a->shards = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    a->jobs = cores > 0 ? cores : 1;
    a->paths = argv + argc;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--") != 0; i++) {
        const char *f = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(f, "--update") == 0 || strcmp(f, "--check") == 0) {
            *(f[2] == 'u' ? &a->o.update : &a->check) = 1;
            continue;
        }
        if (strcmp(f, "--report-details") == 0 || strcmp(f, "--inherit-home") == 0 ||
            strcmp(f, "--pass-with-no-tests") == 0) {
            *(f[2] == 'r' ? &a->o.report_details : f[2] == 'i' ? &a->o.inherit_home
                                                              : &a->pass_empty) = 1;
            continue;
        }
        if (strcmp(f, "--help") == 0 || strcmp(f, "-h") == 0) {
            cli_print_command_help(&TEST_COMMAND);
            return -1;
        }
        if (strcmp(f, "--report") != 0 && strcmp(f, "--junit") != 0 && strcmp(f, "--shard") != 0 &&
            strcmp(f, "--jobs") != 0 && strcmp(f, "--artifacts") != 0 &&
            strcmp(f, "--grep") != 0 && strcmp(f, "--retries") != 0 &&
            strcmp(f, "--ready-budget") != 0)
            return diag_usage("test: unknown flag %s", f);
        if (!v)
            return diag_usage("test: %s needs a value", f);
        i++;
        if (strcmp(f, "--report") == 0)
            a->report = v;
        else if (strcmp(f, "--junit") == 0)
            a->junit = v;
        else if (strcmp(f, "--artifacts") == 0)
            a->o.artifacts = v;
        else if (strcmp(f, "--ready-budget") == 0) {
            const char *why;
            if (duration_parse(v, strlen(v), &a->o.ready_budget_ns, &why) != 0 ||
                a->o.ready_budget_ns == 0)
                return diag_usage("test: --ready-budget must be a span more than 0 (500ms, 2s)");
        } else if (strcmp(f, "--grep") == 0) {
            if (!v[0])
                return diag_usage("test: --grep needs a non-empty part of a file's path");
            a->grep = v;
        } else if (strcmp(f, "--retries") == 0) {
            if (whole(v, 0, 10, &a->retries) != 0)
                return diag_usage("test: --retries must be a whole number from 0 to 10");
        }
        else if (strcmp(f, "--jobs") == 0) {
            if (whole(v, 1, 256, &a->jobs) != 0)
                return diag_usage("test: --jobs must be a whole number from 1 to 256");
        } else {
            const char *slash = strchr(v, '/');
            char first[24];
            if (!slash || (size_t)(slash - v) >= sizeof first)
                return diag_usage("test: --shard must be I/N, e.g. 1/3");
            snprintf(first, sizeof first, "%.*s", (int)(slash - v), v);
            if (whole(slash + 1, 1, 10000, &a->shards) != 0 ||
                whole(first, 1, a->shards, &a->shard) != 0)
                return diag_usage("test: --shard must be I/N with 1 <= I <= N <= 10000");
        }
    }
    if (i < argc && strcmp(argv[i], "--") == 0)
        i++;
    if (i >= argc)
        return diag_usage("test: name at least one spec, tape or folder");
    a->paths = argv + i;
    a->npaths = argc - i;
    return 0;
}

/* Checks every file; prints each error. Returns how many are invalid. */
static size_t validate(const suite_file *files, size_t n)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        tape t;
        spec_info info;
        int code = files[i].is_tape ? tape_load(files[i].path, &t)
                                    : spec_load(files[i].path, &t, &info);
        if (code != TSR_EXIT_OK) {
            bad++;
            continue;
        }
        tape_free(&t);
        if (!files[i].is_tape)
            spec_info_free(&info);
    }
    return bad;
}

/* A failed file's stderr (what went wrong beside the test: a snapshot that
 * could not be staged, artifacts that could not be written), after its
 * lines; its artifacts path is in those lines already. */
static void show_stderr(const char *stage_dir, size_t i)
{
    char path[600], line[4200];
    snprintf(path, sizeof path, "%s/e%zu", stage_dir, i);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "tessera: artifacts: ", 20) != 0 || strstr(line, ": not every file") ||
            strstr(line, ": cannot"))
            fputs(line, stderr);
    if (f)
        fclose(f);
}

/* The --report and --junit files, opened before anything runs: a path that
 * cannot be written is a usage error (exit 2), not a failed suite. */
typedef struct report_files {
    FILE *json, *junit;
} report_files;

static int open_reports(const test_args *a, report_files *rf)
{
    rf->json = a->report ? suite_report_open(a->report) : NULL;
    rf->junit = a->junit ? suite_report_open(a->junit) : NULL;
    if ((a->report && !rf->json) || (a->junit && !rf->junit)) {
        if (rf->json)
            fclose(rf->json);
        if (rf->junit)
            fclose(rf->junit);
        return TSR_EXIT_USAGE;
    }
    return TSR_EXIT_OK;
}

/* --grep: the files whose path holds the pattern, in place; their count. */
static size_t grep_files(const char *pattern, suite_file *all, size_t nall)
{
    size_t kept = 0;
    for (size_t i = 0; i < nall; i++)
        if (!pattern || strstr(all[i].path, pattern)) {
            suite_file f = all[kept];
            all[kept++] = all[i];
            all[i] = f; /* the dropped stays in the array, to be freed */
        }
    return kept;
}

static int suite(const test_args *a, suite_file *all, size_t nall)
{
    size_t nkept = grep_files(a->grep, all, nall);
    if (nkept == 0 && !a->pass_empty) {
        safe_fprintf(stderr, "tessera: test: no test %s (a run that tests nothing is a mistake; "
                        "--pass-with-no-tests makes it a pass)\n",
                nall ? "matches --grep" : "found: no *.spec.json or *.tape in the paths given");
        return TSR_EXIT_USAGE;
    }
    /* the shard: every Nth file of the sorted list, from the Ith */
    suite_file *files = calloc(nkept + 1, sizeof *files);
    if (!files)
        return diag_internal("out of memory");
    size_t n = 0;
    for (size_t i = (size_t)a->shard - 1; i < nkept; i += (size_t)a->shards)
        files[n++] = all[i];
    size_t bad = validate(files, n);
    if (bad) {
        safe_fprintf(stderr, "tessera: test: %zu invalid file%s: nothing was run\n", bad,
                bad == 1 ? "" : "s");
        free(files);
        return TSR_EXIT_USAGE;
    }
    if (a->check) {
        printf("%zu valid file%s\n", n, n == 1 ? "" : "s");
        free(files);
        return TSR_EXIT_OK;
    }
    report_files rf;
    if (open_reports(a, &rf) != TSR_EXIT_OK) {
        free(files);
        return TSR_EXIT_USAGE;
    }
    char stage[512];
    const char *tmp = getenv("TMPDIR");
    snprintf(stage, sizeof stage, "%s/tessera-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    suite_result *results = calloc(n + 1, sizeof *results);
    suite_details *details = calloc(n + 1, sizeof *details);
    int code = TSR_EXIT_OK;
    if (!results || !details || !mkdtemp(stage)) {
        free(results);
        free(details);
        free(files);
        if (rf.json)
            fclose(rf.json);
        if (rf.junit)
            fclose(rf.junit);
        return diag_internal("test: cannot make a temporary folder");
    }
    suite_options o = a->o;
    o.stage_dir = stage;
    /* a cancelled CI job's SIGTERM or SIGHUP: every program closed, reports written */
    stop_signals_install();
    if (suite_run_all(files, n, a->jobs, a->retries, &o, results) != 0)
        code = diag_internal("test: cannot start a run: %s", strerror(errno));
    size_t failed = 0, staged = 0, flaky = 0, stopped_files = 0;
    for (size_t i = 0; i < n; i++) {
        if (results[i].code != TSR_EXIT_OK)
            suite_details_read(stage, i, &details[i]);
        suite_report_human(&files[i], &results[i], &details[i]);
        if (results[i].code != TSR_EXIT_OK) {
            failed++;
            fflush(stdout);
            show_stderr(stage, i);
        }
        staged += results[i].staged;
        flaky += results[i].flaky;
        stopped_files += results[i].interrupted != 0;
    }
    char shard[48];
    snprintf(shard, sizeof shard, "%ld/%ld", a->shard, a->shards);
    if (flaky)
        printf("%zu passed (%zu flaky: passed on a retry), %zu failed", n - failed, flaky,
               failed - stopped_files);
    else
        printf("%zu passed, %zu failed", n - failed, failed - stopped_files);
    printf(stopped_files ? ", %zu interrupted or not run\n" : "\n", stopped_files);
    int stopped = stop_signals_pending();
    if (stopped)
        printf("the suite was stopped by signal %d: its programs were closed, the rest not run\n",
               stopped);
    if (a->o.update && staged && stopped) {
        printf("%zu staged snapshot%s not applied: the suite was stopped\n", staged,
               staged == 1 ? "" : "s");
    } else if (a->o.update && staged) {
        if (failed)
            printf("%zu staged snapshot%s not applied: other failures\n", staged,
                   staged == 1 ? "" : "s");
        else if (suite_apply_staged(stage, n) < 0)
            code = TSR_EXIT_FAILED;
        else
            printf("%zu snapshot%s updated\n", staged, staged == 1 ? "" : "s");
    }
    /* a report that cannot be finished is tessera's failure (5), not the suite's */
    if (rf.json && suite_report_json(rf.json, a->report, files, results, details, n, shard) != 0)
        code = TSR_EXIT_INTERNAL;
    if (rf.junit && suite_report_junit(rf.junit, a->junit, files, results, details, n, shard) != 0)
        code = TSR_EXIT_INTERNAL;
    temp_tree_remove(stage);
    for (size_t i = 0; i < n; i++)
        suite_details_free(&details[i]);
    free(details);
    free(results);
    free(files);
    return code != TSR_EXIT_OK ? code : failed ? TSR_EXIT_FAILED : TSR_EXIT_OK;
}

int cmd_test(int argc, char **argv)
{
    test_args a;
    int rc = parse(argc, argv, &a);
    if (rc != 0)
        return rc < 0 ? TSR_EXIT_OK : rc;
    suite_file *all;
    size_t nall;
    int code = suite_collect(a.paths, a.npaths, &all, &nall);
    if (code != TSR_EXIT_OK)
        return code;
    code = suite(&a, all, nall);
    suite_files_free(all, nall);
    return code;
}
