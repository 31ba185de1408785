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
    int ppid, pgrp, sid;
    if (sscanf(close + 1, " %c %d %d %d", &state, &ppid, &pgrp, &sid) != 4)
        return -1;
    p->pid = pid;
    p->ppid = ppid;
    p->pgrp = pgrp;
    p->sid = sid;
    p->zombie = state == 'Z' || state == 'X';
    return 0;
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
    /* then every descendant of a marked process, until nothing changes */
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < n; i++) {
            if (mark[i] || all[i].pid == self)
                continue;
            for (size_t j = 0; j < n; j++)
                if (mark[j] && all[j].pid == all[i].ppid) {
                    mark[i] = 1;
                    changed = 1;
                    break;
                }
        }
    }
    size_t count = 0;
    for (size_t i = 0; i < n && count < max; i++)
        if (mark[i] && !all[i].zombie)
            out[count++] = all[i].pid;
    free(mark);
    free(all);
    return count;
}

void proc_become_subreaper(void)
{
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}
