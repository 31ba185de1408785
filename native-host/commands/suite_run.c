/* One file of a suite, in a child process: loaded again (the parent
 * validated it), its v2 workspace copied, run quietly through the shared
 * executor, its snapshots compared or staged. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "terminal_safe.h"
#include "exit_codes.h"
#include "golden.h"
#include "mono_clock.h"
#include "spec.h"
#include "spec_workspace.h"
#include "steps.h"
#include "tape.h"
#include "suite.h"

typedef struct snap_ctx {
    const char *spec_path;
    const suite_options *o;
    size_t index;  /* the file's, for staged names */
    size_t staged;
} snap_ctx;

/* FILE's folder + "__snapshots__/" + name + ".snap" (malloc'd). */
static char *snapshot_path(const char *spec_path, const char *name)
{
    const char *slash = strrchr(spec_path, '/');
    size_t dir = slash ? (size_t)(slash - spec_path) + 1 : 0;
    size_t n = dir + strlen("__snapshots__/") + strlen(name) + strlen(".snap") + 1;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%.*s__snapshots__/%s.snap", (int)dir, spec_path, name);
    return p;
}

/* --update: the new screen goes to the stage folder and the manifest, to be
 * applied by the parent when the whole suite allows it. */
static int stage(snap_ctx *c, const char *dest, const char *screen, size_t len, char *reason,
                 size_t cap)
{
    char staged[600], manifest[600];
    snprintf(staged, sizeof staged, "%s/s%zu-%zu", c->o->stage_dir, c->index, c->staged);
    snprintf(manifest, sizeof manifest, "%s/m%zu", c->o->stage_dir, c->index);
    FILE *m = fopen(manifest, "a");
    int ok = m && golden_write(staged, screen, len) == GOLDEN_SAME &&
             fprintf(m, "%s\t%s\n", staged, dest) > 0;
    if (m && fclose(m) != 0)
        ok = 0;
    if (!ok) {
        snprintf(reason, cap, "cannot stage the snapshot");
        return TSR_EXIT_INTERNAL;
    }
    c->staged++;
    return TSR_EXIT_OK;
}

static int compare_snapshot(void *ctx, const tape_step *st, const char *screen, size_t len,
                            char *reason, size_t cap, tsr_buf *diff, tsr_buf *expected)
{
    snap_ctx *c = ctx;
    char *dest = snapshot_path(c->spec_path, st->str);
    if (!dest) {
        snprintf(reason, cap, "out of memory");
        return TSR_EXIT_INTERNAL;
    }
    size_t have_len = 0;
    char *have = golden_read(dest, &have_len);
    int code = TSR_EXIT_OK;
    if (have && have_len == len && memcmp(have, screen, len) == 0)
        code = TSR_EXIT_OK;
    else if (c->o->update)
        code = stage(c, dest, screen, len, reason, cap);
    else if (!have) {
        snprintf(reason, cap, "snapshot \"%s\" does not exist (tessera test --update writes it)",
                 st->str);
        code = TSR_EXIT_FAILED;
    } else {
        /* the diff and the stored screen are the failure's evidence (tape_run.h) */
        unified_diff(diff, dest, have, have_len, "screen", screen, len);
        tsr_buf_append(expected, have, have_len);
        snprintf(reason, cap, "snapshot \"%s\" differs from the screen", st->str);
        code = TSR_EXIT_FAILED;
    }
    free(have);
    free(dest);
    return code;
}

void suite_detail_path(const char *stage_dir, size_t i, char kind, char *out, size_t cap)
{
    snprintf(out, cap, "%s/%c%zu", stage_dir, kind, i);
}

/* A detail for the parent (suite_details_read); a failed write loses only it. */
static void leave_detail(const suite_options *o, size_t i, char kind, const char *text)
{
    char path[600];
    if (!text)
        return;
    suite_detail_path(o->stage_dir, i, kind, path, sizeof path);
    FILE *fp = fopen(path, "wb");
    if (fp) {
        fputs(text, fp);
        fclose(fp);
    }
}

void suite_run_file(const suite_file *f, size_t i, const suite_options *o, suite_result *r)
{
    memset(r, 0, sizeof *r);
    r->is_tape = f->is_tape;
    r->step = -1;
    uint64_t start = mono_now_ns();
    tape t;
    spec_info info = {0};
    int code = f->is_tape ? tape_load(f->path, &t) : spec_load(f->path, &t, &info);
    if (code != TSR_EXIT_OK) {
        r->code = code;
        snprintf(r->reason, sizeof r->reason, "the file is invalid");
        return;
    }
    spec_workspace ws = {0};
    if (info.workspace && spec_workspace_copy(f->path, info.workspace, &ws, r->reason,
                                              sizeof r->reason) != 0) {
        r->code = TSR_EXIT_INTERNAL;
        r->other_failure = 1;
    } else {
        if (ws.path[0] && spec_workspace_cwd(&ws, &t) != 0) {
            r->code = TSR_EXIT_INTERNAL;
            snprintf(r->reason, sizeof r->reason, "out of memory");
        } else {
            live_options a;
            memset(&a, 0, sizeof a);
            tsr_options_default(&a.term);
            a.term.rows = 24;
            a.term.cols = 80;
            a.timeout_ns = 10ull * 1000000000u;
            a.settle_ns = 100ull * 1000000u;
            a.quiet = 1;
            a.isolate_home = !o->inherit_home; /* hermetic, as every test mode */
            a.ready_budget_ns = o->ready_budget_ns;
            a.artifacts = o->artifacts;
            a.private_trace = !f->is_tape; /* the spec format's privacy rule */
            a.report_details = o->report_details || info.report_details;
            snap_ctx sc = {f->path, o, i, 0};
            tape_hooks hooks = {&sc, compare_snapshot};
            tape_outcome out;
            tape_run_quiet(f->path, &t, &a, &hooks, &out);
            r->code = out.code;
            r->step = out.step;
            r->line = out.line;
            r->column = out.column;
            r->deadline = out.deadline;
            r->other_failure = out.other_failure;
            r->staged = sc.staged;
            if (out.step >= 0)
                snprintf(r->action, sizeof r->action, "%s",
                         step_name(out.op, !f->is_tape));
            snprintf(r->reason, sizeof r->reason, "%s", out.reason);
            snprintf(r->artifacts, sizeof r->artifacts, "%s", out.artifacts);
            leave_detail(o, i, 'x', out.expectation);
            leave_detail(o, i, 's', out.screen);
            tape_outcome_free(&out);
        }
        spec_workspace_remove(&ws);
    }
    tape_free(&t);
    spec_info_free(&info);
    r->seconds = (double)(mono_now_ns() - start) / 1e9;
}

long suite_apply_staged(const char *stage_dir, size_t nfiles)
{
    long applied = 0;
    for (size_t i = 0; i < nfiles; i++) {
        char manifest[600], line[4200];
        snprintf(manifest, sizeof manifest, "%s/m%zu", stage_dir, i);
        FILE *m = fopen(manifest, "r");
        if (!m)
            continue;
        while (fgets(line, sizeof line, m)) {
            char *tab = strchr(line, '\t');
            char *nl = strchr(line, '\n');
            if (!tab || !nl)
                continue;
            *tab = '\0';
            *nl = '\0';
            const char *dest = tab + 1;
            size_t len = 0;
            char *text = golden_read(line, &len);
            /* the folder first: a new spec has none yet */
            char dir[4200];
            snprintf(dir, sizeof dir, "%s", dest);
            char *slash = strrchr(dir, '/');
            if (slash) {
                *slash = '\0';
                if (mkdir(dir, 0777) != 0 && errno != EEXIST)
                    text = (free(text), NULL);
            }
            if (!text || golden_write(dest, text, len) != GOLDEN_SAME) {
                safe_fprintf(stderr, "tessera: %s: cannot write the snapshot\n", dest);
                free(text);
                fclose(m);
                return -1;
            }
            free(text);
            applied++;
        }
        fclose(m);
    }
    return applied;
}
