/* Every step works relative to an open folder (openat, unlinkat) with
 * O_NOFOLLOW, so a name swapped for a link halfway cannot lead outside. */
#define _POSIX_C_SOURCE 200809L
#include "remove_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Deeper than this is not a tree a test makes: left alone, said as failed. */
#define REMOVE_MAX_DEPTH 256

/* The first failure's errno is kept in *first. */
static void note(int *first, int err)
{
    if (!*first)
        *first = err;
}

/* The folder name in parent, opened to be emptied: made searchable, readable
 * and writable by us first when it was not (the program's mode no longer
 * matters: the tree goes). -1 if it cannot be opened. */
static int open_folder(int parent, const char *name)
{
    int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    int fd = openat(parent, name, flags);
    if (fd < 0 && errno == EACCES && fchmodat(parent, name, 0700, 0) == 0)
        fd = openat(parent, name, flags);
    if (fd >= 0)
        fchmod(fd, 0700); /* writable, so its entries can be unlinked */
    return fd;
}

static void remove_at(int parent, const char *name, int depth, int *first);

static void empty_folder(int fd, int depth, int *first)
{
    int list = dup(fd);
    DIR *d = list >= 0 ? fdopendir(list) : NULL;
    if (!d) {
        note(first, errno);
        if (list >= 0)
            close(list);
        return;
    }
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        remove_at(fd, e->d_name, depth + 1, first);
    }
    closedir(d);
}

static void remove_at(int parent, const char *name, int depth, int *first)
{
    struct stat st;
    if (fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno != ENOENT)
            note(first, errno);
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        if (unlinkat(parent, name, 0) != 0)
            note(first, errno);
        return;
    }
    if (depth > REMOVE_MAX_DEPTH) {
        note(first, ELOOP);
        return;
    }
    int fd = open_folder(parent, name);
    if (fd < 0) {
        note(first, errno);
        return;
    }
    empty_folder(fd, depth, first);
    close(fd);
    if (unlinkat(parent, name, AT_REMOVEDIR) != 0)
        note(first, errno);
}

int remove_tree(const char *path)
{
    int first = 0;
    remove_at(AT_FDCWD, path, 0, &first);
    if (first) {
        errno = first;
        return -1;
    }
    return 0;
}
