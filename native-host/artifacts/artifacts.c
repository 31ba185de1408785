/* Where the folder goes and what it holds (artifacts.h). The screens come
 * from replaying the trace, never from the live terminal: after a failure
 * tessera ends the program, and what it prints on its way out is not what
 * the test saw. */
#define _POSIX_C_SOURCE 200809L
#include "terminal_safe.h"
#include "artifacts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errno_text.h"
#include "journal_screen.h"
#include "output.h"
#include "page_write.h"
#include "stamped_dir.h"

#define JOURNAL_NAME "trace.journal"

int artifacts_wanted(int exit_code)
{
    return exit_code == 1 || exit_code == 3;
}

void artifact_result_free(artifact_result *r)
{
    tsr_buf_free(&r->screen);
}

/* The root: --artifacts, else $TESSERA_ARTIFACTS, else tessera-artifacts/
 * in the test file's folder (or here). */
static void root_of(const artifact_info *info, char *out, size_t cap)
{
    const char *env = getenv(ARTIFACTS_ENV);
    if (info->root)
        snprintf(out, cap, "%s", info->root);
    else if (env && env[0])
        snprintf(out, cap, "%s", env);
    else {
        const char *slash = info->beside ? strrchr(info->beside, '/') : NULL;
        int dir = slash ? (int)(slash - info->beside) : 0;
        snprintf(out, cap, "%.*s%s" ARTIFACTS_FOLDER, dir, slash ? info->beside : "",
                 slash ? "/" : "");
    }
}

static const char *file_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path;
}

static const char *title_of(const artifact_info *info)
{
    return info->title ? info->title : info->name ? info->name : info->beside ? info->beside : "run";
}

/* A replay of the trace to the failing moment: the step's end mark, or an
 * event count, or the end. */
static int replay_to_moment(const artifact_info *info, const void *trace, size_t len,
                            tsr_term **term, long *event, char *why, size_t cap)
{
    FILE *fp = len ? fmemopen((void *)trace, len, "rb") : NULL;
    if (!fp) {
        snprintf(why, cap, "the trace cannot be read: %s", len ? errno_text(errno) : "it is empty");
        return -1;
    }
    replay_point point = {0};
    if (info->step >= 0) {
        point.kind = POINT_STEP;
        point.step = info->step;
    } else if (info->event >= 0) {
        point.kind = POINT_EVENT;
        point.event = info->event;
    }
    journal_screen_args a = {info->term, 0, 0, &point, NULL, NULL};
    journal_screen_result res;
    journal_error err;
    int rc = journal_screen(fp, &a, &res, &err);
    fclose(fp);
    if (rc == JOURNAL_ERR_INVALID)
        snprintf(why, cap, "the trace is not a journal: byte %lld: %s", err.offset, err.reason);
    else if (rc != JOURNAL_OK)
        snprintf(why, cap, "the trace cannot be replayed: %s",
                 res.status != TSR_OK ? tsr_status_str(res.status) : "out of memory");
    else if (replay_point_check(&point, why, cap) != 0)
        rc = JOURNAL_ERR_INVALID;
    if (rc != JOURNAL_OK) {
        if (res.term)
            tsr_term_free(res.term);
        return -1;
    }
    *term = res.term;
    *event = point.kind == POINT_EVENT ? point.event : point.seen;
    return 0;
}

/* dir/name, written whole; -1 with errno. */
static int write_file(const char *dir, const char *name, const void *data, size_t len, int newline)
{
    char path[ARTIFACTS_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return -1;
    int bad = fwrite(data, 1, len, fp) != len || (newline && fputc('\n', fp) == EOF);
    return fclose(fp) != 0 || bad ? -1 : 0;
}

static int write_report(const char *folder, const artifact_info *info, const void *trace,
                        size_t len, long event)
{
    char path[ARTIFACTS_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/report.html", folder);
    page_report report = {title_of(info), info->reason ? info->reason : "", info->expectation,
                          info->step, event};
    page_data d = {JOURNAL_NAME, trace, len, NULL, info->expected ? "expected.txt" : NULL,
                   info->expected, info->expected_len, &report};
    FILE *fp = fopen(path, "wb");
    int rc = fp ? page_write(fp, &d) : PAGE_WRITE;
    if (fp && fclose(fp) != 0 && rc == PAGE_OK)
        rc = PAGE_WRITE;
    if (rc == PAGE_NO_TEMPLATE) {
        remove(path);
        safe_fprintf(stderr, "tessera: artifacts: no report.html: %s\n", page_status_text(rc));
    }
    return rc == PAGE_OK || rc == PAGE_NO_TEMPLATE ? 0 : -1;
}

/* The failing moment's screens: the exact grid, the styled form, the text. */
typedef struct moment {
    tsr_buf exact, styled;
} moment;

static int render_moment(const artifact_info *info, const void *trace, size_t len, moment *m,
                         artifact_result *out)
{
    char why[300];
    tsr_term *term = NULL;
    if (replay_to_moment(info, trace, len, &term, &out->event, why, sizeof why) != 0) {
        safe_fprintf(stderr, "tessera: artifacts: %s\n", why);
        return -1;
    }
    tsr_buf_clear(&out->screen);
    int bad = output_render(term, OUTPUT_EXACT, &m->exact) != TSR_OK ||
              output_render(term, OUTPUT_STYLED, &m->styled) != TSR_OK ||
              tsr_render_text(term, &out->screen) != TSR_OK;
    tsr_term_free(term);
    if (bad)
        safe_fprintf(stderr, "tessera: artifacts: the screen could not be rendered\n");
    return bad ? -1 : 0;
}

int artifacts_write(const artifact_info *info, const void *trace, size_t len,
                    artifact_result *out)
{
    artifact_result local = {{0}, {0}, 0};
    artifact_result *r = out ? out : &local;
    r->folder[0] = '\0';
    moment m = {{0}, {0}};
    int bad = render_moment(info, trace, len, &m, r) != 0;
    char root[ARTIFACTS_PATH_MAX / 2], base[72], folder[ARTIFACTS_PATH_MAX];
    root_of(info, root, sizeof root);
    if (info->name)
        stamped_dir_base(info->name, 1, base, sizeof base);
    else
        stamped_dir_base(info->beside ? file_name(info->beside) : "run", 0, base, sizeof base);
    if (stamped_dir_make(root, base, folder, sizeof folder) != 0) {
        safe_fprintf(stderr, "tessera: artifacts: %s: cannot create: %s\n", folder, errno_text(errno));
        bad = -1;
    } else {
        bad |= write_file(folder, JOURNAL_NAME, trace, len, 0) != 0;
        if (m.exact.data) {
            bad |= write_file(folder, "screen.txt", m.exact.data, m.exact.len, 1) != 0;
            bad |= write_file(folder, "screen.styled.txt", m.styled.data, m.styled.len, 1) != 0;
        }
        if (info->expected)
            bad |= write_file(folder, "expected.txt", info->expected, info->expected_len, 0) != 0;
        bad |= write_report(folder, info, trace, len, r->event) != 0;
        if (bad)
            safe_fprintf(stderr, "tessera: artifacts: %s: not every file could be written\n", folder);
        safe_fprintf(stderr, "tessera: artifacts: %s\n", folder);
        snprintf(r->folder, sizeof r->folder, "%s", folder);
    }
    tsr_buf_free(&m.exact);
    tsr_buf_free(&m.styled);
    artifact_result_free(&local);
    return bad ? -1 : 0;
}
