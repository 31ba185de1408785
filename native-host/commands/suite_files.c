/* The files of a suite: named ones as they are, folders searched for
 * *.spec.json and *.tape, all sorted by path so a shard is the same on
 * every machine. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "terminal_safe.h"
#include "exit_codes.h"
#include "suite.h"

#define MAX_FILES 100000u

typedef struct list {
    suite_file *files;
    size_t count, cap;
} list;

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static int add(list *l, const char *path)
{
    if (l->count == MAX_FILES) {
        safe_fprintf(stderr, "tessera: test: more than %u files\n", MAX_FILES);
        return TSR_EXIT_USAGE;
    }
    if (l->count == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 16;
        suite_file *grown = realloc(l->files, ncap * sizeof *grown);
        if (!grown)
            return TSR_EXIT_INTERNAL;
        l->files = grown;
        l->cap = ncap;
    }
    char *p = strdup(path);
    if (!p)
        return TSR_EXIT_INTERNAL;
    l->files[l->count].path = p;
    l->files[l->count++].is_tape = ends_with(path, ".tape");
    return TSR_EXIT_OK;
}

static int walk(list *l, const char *dir, int depth)
{
    DIR *d = depth <= 32 ? opendir(dir) : NULL;
    if (!d) {
        safe_fprintf(stderr, "%s: cannot open: %s\n", dir, depth > 32 ? "nested too deep" : strerror(errno));
        return TSR_EXIT_USAGE;
    }
    int code = TSR_EXIT_OK;
    for (struct dirent *e; code == TSR_EXIT_OK && (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "__snapshots__") == 0)
            continue;
        char path[4096];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path)
            continue;
        struct stat st;
        if (lstat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            code = walk(l, path, depth + 1);
        else if (S_ISREG(st.st_mode) && (ends_with(path, ".spec.json") || ends_with(path, ".tape")))
            code = add(l, path);
    }
    closedir(d);
    return code;
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const suite_file *)a)->path, ((const suite_file *)b)->path);
}

int suite_collect(char **args, int nargs, suite_file **files, size_t *count)
{
    list l = {0};
    int code = TSR_EXIT_OK;
    for (int i = 0; code == TSR_EXIT_OK && i < nargs; i++) {
        struct stat st;
        if (stat(args[i], &st) != 0) {
            safe_fprintf(stderr, "%s: cannot open: %s\n", args[i], strerror(errno));
            code = TSR_EXIT_USAGE;
        } else if (S_ISDIR(st.st_mode)) {
            size_t n = strlen(args[i]);
            char dir[4096];
            snprintf(dir, sizeof dir, "%.*s", (int)(n > 1 && args[i][n - 1] == '/' ? n - 1 : n),
                     args[i]);
            code = walk(&l, dir, 0);
        } else {
            code = add(&l, args[i]);
        }
    }
    if (code == TSR_EXIT_INTERNAL)
        safe_fprintf(stderr, "tessera: out of memory\n");
    if (code != TSR_EXIT_OK) {
        suite_files_free(l.files, l.count);
        return code;
    }
    if (l.count)
        qsort(l.files, l.count, sizeof *l.files, by_path);
    /* a file named twice (or found twice) runs once */
    size_t k = 0;
    for (size_t i = 0; i < l.count; i++) {
        if (k && strcmp(l.files[k - 1].path, l.files[i].path) == 0)
            free(l.files[i].path);
        else
            l.files[k++] = l.files[i];
    }
    *files = l.files;
    *count = k;
    return TSR_EXIT_OK;
}

void suite_files_free(suite_file *files, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(files[i].path);
    free(files);
}
