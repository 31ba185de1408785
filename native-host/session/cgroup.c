/* cgroup v2 through its files: the mount is found in /proc/self/mountinfo
 * (it is not always at /sys/fs/cgroup), the host's own cgroup in
 * /proc/self/cgroup ("0::PATH"), and the session's cgroup is a fresh
 * directory below it. */
#define _GNU_SOURCE
#include "cgroup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* mountinfo escapes space, tab, newline and backslash as \ooo. */
static void unescape_octal(char *s)
{
    char *out = s;
    for (; *s; s++) {
        if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
            s[3] >= '0' && s[3] <= '7') {
            *out++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
            s += 3;
        } else {
            *out++ = *s;
        }
    }
    *out = '\0';
}

/* The cgroup2 mount: its mount point and the hierarchy path it shows. */
static int find_mount(char *point, size_t point_cap, char *root, size_t root_cap)
{
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    int found = -1;
    while (found != 0 && getline(&line, &cap, f) > 0) {
        /* ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER */
        char *dash = strstr(line, " - ");
        if (!dash || strncmp(dash + 3, "cgroup2 ", 8) != 0)
            continue;
        char r[512], p[512];
        if (sscanf(line, "%*s %*s %*s %511s %511s", r, p) != 2)
            continue;
        unescape_octal(r);
        unescape_octal(p);
        if (strlen(p) < point_cap && strlen(r) < root_cap) {
            strcpy(point, p);
            strcpy(root, r);
            found = 0;
        }
    }
    free(line);
    fclose(f);
    return found;
}

/* The host's own cgroup, as "0::PATH" in /proc/self/cgroup. */
static int own_cgroup(char *path, size_t cap)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    if (!f)
        return -1;
    char *line = NULL;
    size_t lcap = 0;
    int found = -1;
    while (found != 0 && getline(&line, &lcap, f) > 0) {
        if (strncmp(line, "0::", 3) != 0)
            continue;
        line[strcspn(line, "\n")] = '\0';
        if (strlen(line + 3) < cap) {
            strcpy(path, line + 3);
            found = 0;
        }
    }
    free(line);
    fclose(f);
    return found;
}

/* Removes the cgroup at path and the cgroups a program made inside it,
 * deepest first (a cgroup folder holds only its control files, which go
 * with rmdir). Returns 0, or -1 (errno) when one stays. */
static int remove_cgroup_tree(const char *path, int depth)
{
    DIR *d = depth < 32 ? opendir(path) : NULL;
    int rc = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (e->d_type != DT_DIR || strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char sub[1024];
        if ((size_t)snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < sizeof sub &&
            remove_cgroup_tree(sub, depth + 1) != 0)
            rc = -1;
    }
    if (d)
        closedir(d);
    int saved = errno;
    if (rmdir(path) != 0)
        return -1;
    errno = saved;
    return rc;
}

/* Whether process pid is a live tessera: not gone, not a zombie (killed,
 * not yet reaped), and not a reused pid of another program. */
static int owner_alive(long pid)
{
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return 0;
    int got = fgets(text, sizeof text, f) != NULL;
    fclose(f);
    /* "PID (COMM) STATE ...": the name may hold anything, so from the last ')' */
    const char *open = strchr(text, '('), *close = strrchr(text, ')');
    if (!got || !open || !close || close[1] != ' ')
        return 1; /* cannot tell: leave it */
    return close[2] != 'Z' && strncmp(open + 1, "tessera", 7) == 0;
}

/* A tessera killed outright (SIGKILL, the OOM killer) cannot clean up: its
 * cgroup, and a program in it that ignored SIGHUP, stay. The next start
 * in the same place ends them: every tessera-PID-* beside ours whose owner
 * is gone is killed and removed. */
static void sweep_stale(const char *parent)
{
    DIR *d = opendir(parent);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        char *end;
        if (strncmp(e->d_name, "tessera-", 8) != 0 || e->d_type != DT_DIR)
            continue;
        long pid = strtol(e->d_name + 8, &end, 10);
        if (pid <= 0 || *end != '-' || owner_alive(pid))
            continue;
        cgroup stale;
        if ((size_t)snprintf(stale.path, sizeof stale.path, "%s/%s", parent, e->d_name) >=
            sizeof stale.path)
            continue;
        stale.dir = open(stale.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (stale.dir < 0)
            continue;
        cgroup_kill(&stale);
        /* the killed are gone once the cgroup is empty: a short, bounded wait */
        for (int i = 0; i < 100 && cgroup_count(&stale) > 0; i++) {
            struct timespec nap = {0, 10000000};
            nanosleep(&nap, NULL);
        }
        close(stale.dir);
        remove_cgroup_tree(stale.path, 0);
    }
    if (d)
        closedir(d);
}

int cgroup_create(cgroup *g)
{
    g->dir = -1;
    g->path[0] = '\0';
    const char *knob = getenv("TESSERA_CGROUP");
    if (knob && strcmp(knob, "off") == 0)
        return -1;
    char point[512], root[512], own[512];
    if (find_mount(point, sizeof point, root, sizeof root) != 0 ||
        own_cgroup(own, sizeof own) != 0)
        return -1;
    /* The mount shows the hierarchy from root down; own is absolute. */
    size_t rlen = strcmp(root, "/") == 0 ? 0 : strlen(root);
    if (rlen && (strncmp(own, root, rlen) != 0 || (own[rlen] && own[rlen] != '/')))
        return -1;
    const char *below = own + rlen;
    char parent[1100];
    snprintf(parent, sizeof parent, "%s%s", point, below);
    sweep_stale(parent);
    int n = snprintf(g->path, sizeof g->path, "%s%s%stessera-%ld-XXXXXX", point,
                     below, below[0] && strcmp(below, "/") != 0 ? "/" : "", (long)getpid());
    if (n < 0 || (size_t)n >= sizeof g->path || !mkdtemp(g->path)) {
        g->path[0] = '\0';
        return -1;
    }
    g->dir = open(g->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (g->dir < 0) {
        rmdir(g->path);
        g->path[0] = '\0';
        return -1;
    }
    return 0;
}

static int write_file(const cgroup *g, const char *name, const char *text)
{
    int fd = openat(g->dir, name, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t len = strlen(text);
    ssize_t w = write(fd, text, len);
    int saved = errno;
    close(fd);
    errno = saved;
    return w == (ssize_t)len ? 0 : -1;
}

int cgroup_add(const cgroup *g, pid_t pid)
{
    if (g->dir < 0) {
        errno = ENOENT;
        return -1;
    }
    char text[32];
    snprintf(text, sizeof text, "%ld\n", (long)pid);
    return write_file(g, "cgroup.procs", text);
}

/* Calls each(pid, arg) for every process listed in cgroup.procs; returns
 * how many there were, or -1. */
static int for_each_pid(const cgroup *g, void (*each)(pid_t, void *), void *arg)
{
    if (g->dir < 0)
        return -1;
    int fd = openat(g->dir, "cgroup.procs", O_RDONLY | O_CLOEXEC);
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int count = 0;
    long pid;
    while (fscanf(f, "%ld", &pid) == 1) {
        count++;
        if (each)
            each((pid_t)pid, arg);
    }
    fclose(f);
    return count;
}

int cgroup_count(const cgroup *g)
{
    return for_each_pid(g, NULL, NULL);
}

static void send_signal(pid_t pid, void *arg)
{
    int sig = *(const int *)arg;
    kill(pid, sig);
    if (sig != SIGKILL && sig != SIGSTOP)
        kill(pid, SIGCONT);
}

int cgroup_signal(const cgroup *g, int sig)
{
    return for_each_pid(g, send_signal, &sig);
}

/* Before cgroup.kill (Linux 5.14): a frozen process cannot fork, so
 * killing each member of a frozen cgroup leaves none behind. */
static int kill_frozen(const cgroup *g)
{
    if (write_file(g, "cgroup.freeze", "1") != 0)
        return -1;
    struct timespec pause = {0, 1000000};
    for (int i = 0; i < 100; i++) { /* freezing is asynchronous: up to 100ms */
        char events[256] = "";
        int fd = openat(g->dir, "cgroup.events", O_RDONLY | O_CLOEXEC);
        ssize_t n = fd >= 0 ? read(fd, events, sizeof events - 1) : -1;
        if (fd >= 0)
            close(fd);
        if (n > 0 && strstr(events, "frozen 1"))
            break;
        nanosleep(&pause, NULL);
    }
    int sig = SIGKILL;
    int n = for_each_pid(g, send_signal, &sig);
    write_file(g, "cgroup.freeze", "0");
    return n < 0 ? -1 : 0;
}

int cgroup_kill(const cgroup *g)
{
    if (g->dir < 0)
        return -1;
    if (write_file(g, "cgroup.kill", "1") == 0)
        return 0;
    return kill_frozen(g);
}

int cgroup_destroy(cgroup *g)
{
    if (g->dir < 0)
        return 0;
    close(g->dir);
    g->dir = -1;
    /* with the cgroups the program made inside it; a survivor keeps it */
    int rc = remove_cgroup_tree(g->path, 0);
    if (rc != 0)
        fprintf(stderr, "tessera: %s: the program's cgroup could not be removed: %s\n", g->path,
                strerror(errno));
    g->path[0] = '\0';
    return rc;
}
