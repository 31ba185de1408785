/* Copying a fixture tree with bounds: a suite cannot fill the disk or spend
 * its time copying by mistake. */
#define _POSIX_C_SOURCE 200809L
#include "spec_workspace.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fd_io.h"
#include "temp_home.h"

static int copy_file(const char *from, const char *to, mode_t mode, spec_workspace *w,
                     char *why, size_t cap)
{
    int in = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int out = in >= 0 ? open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 0777) : -1;
    char buf[16384];
    int rc = in >= 0 && out >= 0 ? 0 : -1;
    for (ssize_t n; rc == 0 && (n = read(in, buf, sizeof buf)) != 0;) {
        if (n < 0 || (w->bytes += (size_t)n) > SPEC_WORKSPACE_MAX_BYTES ||
            fd_write_all(out, buf, (size_t)n) != 0)
            rc = -1;
    }
    if (rc != 0)
        snprintf(why, cap, w->bytes > SPEC_WORKSPACE_MAX_BYTES
                               ? "workspace: more than %u bytes"
                               : "workspace: a file cannot be copied",
                 SPEC_WORKSPACE_MAX_BYTES);
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        rc = -1;
    return rc;
}

static int copy_tree(const char *from, const char *to, spec_workspace *w, int depth, char *why,
                     size_t cap)
{
    if (depth > 32) {
        snprintf(why, cap, "workspace: folders nested deeper than 32");
        return -1;
    }
    DIR *d = opendir(from);
    if (!d) {
        snprintf(why, cap, "workspace: the folder cannot be read: %s", strerror(errno));
        return -1;
    }
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char src[4096], dst[4096];
        if ((size_t)snprintf(src, sizeof src, "%s/%s", from, e->d_name) >= sizeof src ||
            (size_t)snprintf(dst, sizeof dst, "%s/%s", to, e->d_name) >= sizeof dst) {
            snprintf(why, cap, "workspace: a path is too long");
            rc = -1;
            break;
        }
        struct stat st;
        if (lstat(src, &st) != 0 || ++w->files > SPEC_WORKSPACE_MAX_FILES) {
            snprintf(why, cap, "workspace: more than %u files", SPEC_WORKSPACE_MAX_FILES);
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            rc = mkdir(dst, 0700) == 0 ? copy_tree(src, dst, w, depth + 1, why, cap) : -1;
            if (rc == 0)
                chmod(dst, st.st_mode & 0777);
        } else if (S_ISREG(st.st_mode)) {
            rc = copy_file(src, dst, st.st_mode, w, why, cap);
        } else {
            snprintf(why, cap, "workspace: only files and folders are copied (a link or "
                               "special file is there)");
            rc = -1;
        }
    }
    closedir(d);
    return rc;
}

int spec_workspace_copy(const char *spec_path, const char *workspace, spec_workspace *w,
                        char *why, size_t cap)
{
    memset(w, 0, sizeof *w);
    const char *slash = strrchr(spec_path, '/');
    int dir = slash ? (int)(slash - spec_path) + 1 : 0;
    char from[4096];
    struct stat st;
    snprintf(from, sizeof from, "%.*s%s", dir, spec_path, workspace);
    /* lstat: a workspace that is itself a link is refused, as every link in it is */
    int found = lstat(from, &st) == 0;
    if (!found || !S_ISDIR(st.st_mode)) {
        snprintf(why, cap, found && S_ISLNK(st.st_mode) ? "workspace: a link, not a folder: links are refused"
                                               : "workspace: not a folder beside the spec");
        return -1;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(w->path, sizeof w->path, "%s/tessera-workspace-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(w->path)) {
        snprintf(why, cap, "workspace: cannot make a temporary folder: %s", strerror(errno));
        w->path[0] = '\0';
        return -1;
    }
    if (copy_tree(from, w->path, w, 0, why, cap) != 0) {
        spec_workspace_remove(w);
        return -1;
    }
    return 0;
}

int spec_workspace_cwd(const spec_workspace *w, tape *t)
{
    size_t n = strlen(w->path) + (t->cwd ? strlen(t->cwd) + 1 : 0) + 1;
    char *cwd = malloc(n);
    if (!cwd)
        return -1;
    if (t->cwd && t->cwd[0] != '/')
        snprintf(cwd, n, "%s/%s", w->path, t->cwd);
    else
        snprintf(cwd, n, "%s", t->cwd ? t->cwd : w->path);
    free(t->cwd);
    t->cwd = cwd;
    return 0;
}

void spec_workspace_remove(spec_workspace *w)
{
    if (w->path[0])
        temp_tree_remove(w->path);
    w->path[0] = '\0';
}
