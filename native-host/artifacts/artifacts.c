/* Where the folder goes and what it holds (artifacts.h). The viewer link is
 * relative, both ways: from the folder to the web/ page this tessera was
 * built beside, and from that page back to the trace (?src= is resolved
 * against the page). */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include "artifacts.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "make_dirs.h"
#include "output.h"
#include "report_html.h"

#define JOURNAL_NAME "trace.journal"

int artifacts_wanted(int exit_code)
{
    return exit_code == 1 || exit_code == 3;
}

/* dir/name into out; -1 when it does not fit. */
static int join(char *out, size_t cap, const char *dir, const char *name)
{
    size_t d = strlen(dir), n = strlen(name);
    if (d + 1 + n + 1 > cap)
        return -1;
    memcpy(out, dir, d);
    out[d] = '/';
    memcpy(out + d + 1, name, n + 1);
    return 0;
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

/* The folder's name: the command, or the test file's name without its
 * extensions, in characters safe in any file system. */
static void base_of(const artifact_info *info, char *out, size_t cap)
{
    const char *name = info->name;
    if (!name) {
        const char *slash = info->beside ? strrchr(info->beside, '/') : NULL;
        name = slash ? slash + 1 : info->beside ? info->beside : "run";
    }
    size_t n = 0;
    for (; name[n] && name[n] != '.' && n + 1 < cap && n < 64; n++) {
        char c = name[n];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '-' || c == '_';
        out[n] = ok ? c : '_';
    }
    if (n == 0)
        out[n++] = '_';
    out[n] = '\0';
}

static int make_folder(const artifact_info *info, char *out, size_t cap)
{
    char root[PATH_MAX / 2], base[72], stamp[32];
    root_of(info, root, sizeof root);
    base_of(info, base, sizeof base);
    if (make_dirs(root, 0777) != 0) {
        fprintf(stderr, "tessera: artifacts: %s: cannot create: %s\n", root, strerror(errno));
        return -1;
    }
    time_t now = time(NULL);
    struct tm tm;
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime_r(&now, &tm));
    for (int n = 1; n < 1000; n++) {
        if (n == 1)
            snprintf(out, cap, "%s/%s-%s", root, base, stamp);
        else
            snprintf(out, cap, "%s/%s-%s-%d", root, base, stamp, n);
        if (mkdir(out, 0777) == 0)
            return 0;
        if (errno != EEXIST)
            break;
    }
    fprintf(stderr, "tessera: artifacts: %s: cannot create: %s\n", out, strerror(errno));
    return -1;
}

static int write_file(const char *dir, const char *name, const void *data, size_t len, int newline)
{
    char path[PATH_MAX];
    FILE *fp = join(path, sizeof path, dir, name) == 0 ? fopen(path, "wb") : NULL;
    if (!fp)
        return -1;
    int bad = fwrite(data, 1, len, fp) != len || (newline && fputc('\n', fp) == EOF);
    return fclose(fp) != 0 || bad ? -1 : 0;
}

/* The web/ folder of the tree this executable was built in: the nearest
 * ancestor of its folder holding web/index.html. */
static int find_web(char *out, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    for (char *slash = strrchr(exe, '/'); slash; slash = strrchr(exe, '/')) {
        *slash = '\0';
        char probe[PATH_MAX];
        if (join(probe, sizeof probe, exe, "web/index.html") == 0 && access(probe, R_OK) == 0)
            return join(out, cap, exe, "web");
    }
    return -1;
}

/* The path of to relative to the folder from (both absolute, canonical). */
static void relative(const char *from, const char *to, char *out, size_t cap)
{
    size_t common = 0, i = 0;
    for (; from[i] && from[i] == to[i]; i++)
        if (from[i] == '/')
            common = i;
    if (!from[i] && (to[i] == '/' || !to[i]))
        common = i; /* from is an ancestor of to (or the same folder) */
    size_t len = 0;
    out[0] = '\0';
    for (const char *p = from + common; *p; p++)
        if (*p == '/' && len + 3 < cap) {
            memcpy(out + len, "../", 4);
            len += 3;
        }
    const char *rest = to + common + (to[common] == '/');
    snprintf(out + len, cap - len, "%s", rest[0] ? rest : ".");
}

static char *viewer_url(const char *folder, const trace *tr, const tsr_term *term, int expected)
{
    char web[PATH_MAX], dir[PATH_MAX], to_web[PATH_MAX], back[PATH_MAX];
    if (find_web(web, sizeof web) != 0 || !realpath(folder, dir))
        return NULL;
    relative(dir, web, to_web, sizeof to_web);
    relative(web, dir, back, sizeof back);
    size_t cap = 3 * PATH_MAX + 128;
    char *url = malloc(cap);
    if (!url)
        return NULL;
    int n = snprintf(url, cap, "%s/index.html?src=%s/" JOURNAL_NAME "&rev=%llu&t=%llu", to_web,
                     back, (unsigned long long)tsr_term_revision(term),
                     (unsigned long long)((tr->last_ns - tr->start_ns) / 1000000u));
    if (expected && n > 0 && (size_t)n < cap)
        snprintf(url + n, cap - (size_t)n, "&expected=%s/expected.txt", back);
    return url;
}

static int render(const tsr_term *term, output_format f, tsr_buf *out)
{
    return output_render(term, f, out) == TSR_OK ? 0 : -1;
}

int artifacts_write(const artifact_info *info, const trace *tr, const tsr_term *term)
{
    char folder[PATH_MAX];
    if (make_folder(info, folder, sizeof folder) != 0)
        return -1;
    tsr_buf text = {0}, styled = {0};
    int bad = tr->failed || render(term, OUTPUT_EXACT, &text) != 0 ||
              render(term, OUTPUT_STYLED, &styled) != 0;
    bad |= write_file(folder, JOURNAL_NAME, tr->bytes.data, tr->bytes.len, 0) != 0;
    bad |= write_file(folder, "screen.txt", text.data, text.len, 1) != 0;
    bad |= write_file(folder, "screen.styled.txt", styled.data, styled.len, 1) != 0;
    if (info->expected)
        bad |= write_file(folder, "expected.txt", info->expected, info->expected_len, 0) != 0;
    char *url = viewer_url(folder, tr, term, info->expected != NULL);
    char path[PATH_MAX];
    FILE *fp = join(path, sizeof path, folder, "report.html") == 0 ? fopen(path, "wb") : NULL;
    if (fp) {
        report_page page = {info->name ? info->name : info->beside ? info->beside : "run",
                            info->reason ? info->reason : "",
                            text.data ? text.data : "", text.len,
                            info->expected, info->expected_len, url, JOURNAL_NAME};
        bad |= report_html_write(fp, &page) != 0;
        bad |= fclose(fp) != 0;
    } else {
        bad = 1;
    }
    free(url);
    tsr_buf_free(&text);
    tsr_buf_free(&styled);
    if (bad)
        fprintf(stderr, "tessera: artifacts: %s: not every file could be written\n", folder);
    fprintf(stderr, "tessera: artifacts: %s\n", folder);
    return bad ? -1 : 0;
}
