/* One pass over /proc/<pid>/stat for every process, then a closure over
 * parent links, so a grandchild that called setsid (new session, new group)
 * is still found through its parent chain or, once orphaned, through the
 * host being its subreaper. */
#define _GNU_SOURCE
#include "proc_scan.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

typedef struct proc_info {
    pid_t pid, ppid, pgrp, sid;
    int tty;
    int zombie;
} proc_info;

/* Parses "pid (comm) S ppid pgrp session ..."; comm may hold spaces and
 * parentheses, so the fields are read after the last ')'. */
static int read_stat(pid_t pid, proc_info *p)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *close = strrchr(buf, ')');
    if (!close)
        return -1;
    char state;
    int ppid, pgrp, sid, tty;
    if (sscanf(close + 1, " %c %d %d %d %d", &state, &ppid, &pgrp, &sid, &tty) != 5)
        return -1;
    p->tty = tty;
    p->pid = pid;
    p->ppid = ppid;
    p->pgrp = pgrp;
    p->sid = sid;
    p->zombie = state == 'Z' || state == 'X';
    return 0;
}

typedef struct parent_link {
    pid_t ppid;
    size_t index; /* into the scan */
} parent_link;

static int by_ppid(const void *a, const void *b)
{
    pid_t x = ((const parent_link *)a)->ppid, y = ((const parent_link *)b)->ppid;
    return (x > y) - (x < y);
}

size_t proc_scan_session(pid_t root, pid_t self, pid_t *out, size_t max)
{
    DIR *d = opendir("/proc");
    if (!d)
        return 0;
    size_t cap = 1024, n = 0;
    proc_info *all = malloc(cap * sizeof *all);
    struct dirent *e;
    while (all && (e = readdir(d))) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0)
            continue;
        if (n == cap) {
            proc_info *grown = realloc(all, 2 * cap * sizeof *all);
            if (!grown)
                break;
            all = grown;
            cap *= 2;
        }
        if (read_stat((pid_t)pid, &all[n]) == 0)
            n++;
    }
    closedir(d);
    if (!all)
        return 0;
    /* mark: in the session/group, the root, or an orphan handed to us */
    char *mark = calloc(n ? n : 1, 1);
    if (!mark) {
        free(all);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        mark[i] = all[i].pid != self && (all[i].pid == root || all[i].sid == root ||
                                         all[i].pgrp == root || all[i].ppid == self);
    /* then every descendant of a marked process: children found by binary
     * search in a copy sorted by parent, so thousands of processes cost
     * n log n, not n squared */
    parent_link *by_parent = malloc((n ? n : 1) * sizeof *by_parent);
    size_t *queue = malloc((n ? n : 1) * sizeof *queue);
    if (!by_parent || !queue) {
        free(by_parent);
        free(queue);
        free(mark);
        free(all);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        by_parent[i] = (parent_link){all[i].ppid, i};
    qsort(by_parent, n, sizeof *by_parent, by_ppid);
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < n; i++)
        if (mark[i])
            queue[tail++] = i;
    while (head < tail) {
        pid_t parent = all[queue[head++]].pid;
        size_t lo = 0, hi = n; /* first entry whose ppid >= parent */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (by_parent[mid].ppid < parent)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < n && by_parent[lo].ppid == parent; lo++) {
            size_t c = by_parent[lo].index;
            if (!mark[c] && all[c].pid != self) {
                mark[c] = 1;
                queue[tail++] = c;
            }
        }
    }
    free(by_parent);
    free(queue);
    size_t count = 0;
    for (size_t i = 0; i < n && count < max; i++)
        if (mark[i] && !all[i].zombie)
            out[count++] = all[i].pid;
    free(mark);
    free(all);
    return count;
}

size_t proc_scan_adopted(pid_t root, pid_t *out, size_t max)
{
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return 0;
    size_t count = 0;
    struct dirent *e;
    while (count < max && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[96];
        snprintf(path, sizeof path, "/proc/self/task/%.32s/children", e->d_name);
        FILE *f = fopen(path, "re");
        if (!f)
            continue;
        long pid;
        proc_info p;
        while (count < max && fscanf(f, "%ld", &pid) == 1) {
            if (read_stat((pid_t)pid, &p) != 0 || p.zombie)
                continue;
            /* another session's program: a leader with a terminal of its own */
            if (p.pid != root && p.sid == p.pid && p.tty != 0)
                continue;
            out[count++] = p.pid;
        }
        fclose(f);
    }
    closedir(d);
    return count;
}

void proc_become_subreaper(void)
{
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}
