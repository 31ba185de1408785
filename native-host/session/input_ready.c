/* Readiness from /proc: for each task of the PTY's foreground process group,
 * the system call it is blocked in (/proc/PID/task/TID/syscall; wchan when
 * that file is closed to us). A read of the terminal, poll, select or epoll
 * is a wait for input; a wait for a child or a futex is neutral (a shell
 * waiting for its job, a parked thread), and so is a helper thread waiting
 * for a signal (vim's, for one); anything else (running, sleeping, writing,
 * a main thread waiting for a signal) means the program is busy. */
#define _XOPEN_SOURCE 700
#include "input_ready.h"

#include <stdarg.h>
#include <stdio.h>

static void say(char *why, size_t cap, const char *fmt, ...)
{
    if (!why || cap == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
}

#ifndef __linux__

input_ready_state input_ready_probe_reads(int master, int members, char *why, size_t cap,
                                          unsigned long long *reads)
{
    (void)master;
    (void)members;
    if (reads)
        *reads = INPUT_READS_UNKNOWN;
    say(why, cap, "input readiness needs Linux /proc");
    return INPUT_READY_UNKNOWN;
}

input_ready_state input_ready_probe(int master, int members, char *why, size_t cap)
{
    return input_ready_probe_reads(master, members, why, cap, NULL);
}

#else

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef enum task_wait { TASK_BUSY, TASK_INPUT, TASK_NEUTRAL, TASK_UNREADABLE } task_wait;

/* Reads a small /proc file whole; returns its length or -1. */
static long read_small(const char *path, char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, cap - 1);
    close(fd);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    return (long)n;
}

static int in_list(long nr, const long *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (list[i] == nr)
            return 1;
    return 0;
}

/* A read(fd) counts only when fd is the terminal: a read of a pipe or a
 * file is work. When the link cannot be read, it counts (benefit of doubt). */
static int fd_is_terminal(long pid, unsigned long fd, const char *tty)
{
    char path[64], link[256];
    snprintf(path, sizeof path, "/proc/%ld/fd/%lu", pid, fd);
    ssize_t n = readlink(path, link, sizeof link - 1);
    if (n < 0)
        return 1;
    link[n] = '\0';
    return strcmp(link, "/dev/tty") == 0 || (tty && strcmp(link, tty) == 0);
}

static task_wait from_syscall(long pid, long tid, const char *text, const char *tty)
{
    static const long reads[] = {SYS_read, SYS_readv, SYS_pread64};
    static const long polls[] = {
#ifdef SYS_poll
        SYS_poll,
#endif
#ifdef SYS_select
        SYS_select,
#endif
#ifdef SYS_epoll_wait
        SYS_epoll_wait,
#endif
#ifdef SYS_epoll_pwait2
        SYS_epoll_pwait2,
#endif
        SYS_ppoll, SYS_pselect6, SYS_epoll_pwait,
    };
    static const long neutral[] = {SYS_wait4, SYS_waitid, SYS_futex};
    static const long signal_waits[] = {SYS_rt_sigtimedwait, SYS_rt_sigsuspend};
    if (strncmp(text, "running", 7) == 0)
        return TASK_BUSY;
    char *end;
    long nr = strtol(text, &end, 10);
    if (end == text || nr < 0) /* -1: blocked outside a system call (stopped, ...) */
        return TASK_BUSY;
    if (in_list(nr, reads, sizeof reads / sizeof reads[0]))
        return fd_is_terminal(pid, strtoul(end, NULL, 16), tty) ? TASK_INPUT : TASK_BUSY;
    if (in_list(nr, polls, sizeof polls / sizeof polls[0]))
        return TASK_INPUT;
    if (tid != pid && in_list(nr, signal_waits, sizeof signal_waits / sizeof signal_waits[0]))
        return TASK_NEUTRAL; /* a parked helper thread */
    return in_list(nr, neutral, sizeof neutral / sizeof neutral[0]) ? TASK_NEUTRAL : TASK_BUSY;
}

/* wchan names the kernel function a task sleeps in; "0" when hidden. */
static task_wait from_wchan(const char *name)
{
    static const char *const inputs[] = {"n_tty_read", "wait_woken", "do_select", "poll_schedule",
                                         "do_sys_poll", "ep_poll"};
    static const char *const neutral[] = {"do_wait", "futex"};
    if (name[0] == '\0' || strcmp(name, "0") == 0)
        return TASK_UNREADABLE;
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        if (strstr(name, inputs[i]))
            return TASK_INPUT;
    for (size_t i = 0; i < sizeof neutral / sizeof neutral[0]; i++)
        if (strstr(name, neutral[i]))
            return TASK_NEUTRAL;
    return TASK_BUSY;
}

static task_wait task_state(long pid, long tid, const char *tty)
{
    char path[96], text[512];
    snprintf(path, sizeof path, "/proc/%ld/task/%ld/syscall", pid, tid);
    if (read_small(path, text, sizeof text) > 0)
        return from_syscall(pid, tid, text, tty);
    snprintf(path, sizeof path, "/proc/%ld/task/%ld/wchan", pid, tid);
    if (read_small(path, text, sizeof text) < 0)
        return TASK_UNREADABLE;
    return from_wchan(text);
}

/* The process group of a /proc/PID/stat line (the field after the state
 * and the parent; the command name before them may hold anything). */
static long stat_pgrp(long pid)
{
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    if (read_small(path, text, sizeof text) <= 0)
        return -1;
    const char *p = strrchr(text, ')');
    char state;
    long ppid, pgrp;
    if (!p || sscanf(p + 1, " %c %ld %ld", &state, &ppid, &pgrp) != 3 || state == 'Z')
        return -1;
    return pgrp;
}

typedef struct tally {
    int input, busy, unreadable, tasks;
    long busy_pid;
    unsigned long long reads; /* syscr of the group's processes (INPUT_READS_UNKNOWN: hidden) */
} tally;

/* The read system calls a process has made (syscr of /proc/PID/io). */
static void count_reads(long pid, tally *t)
{
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%ld/io", pid);
    const char *at = read_small(path, text, sizeof text) > 0 ? strstr(text, "syscr: ") : NULL;
    if (!at || t->reads == INPUT_READS_UNKNOWN) {
        t->reads = INPUT_READS_UNKNOWN;
        return;
    }
    t->reads += strtoull(at + 7, NULL, 10);
}

static void look_at_process(long pid, const char *tty, tally *t)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/task", pid);
    DIR *d = opendir(path);
    if (!d) {
        t->unreadable++;
        return;
    }
    for (struct dirent *e; (e = readdir(d));) {
        char *end;
        long tid = strtol(e->d_name, &end, 10);
        if (*end || tid <= 0)
            continue;
        t->tasks++;
        switch (task_state(pid, tid, tty)) {
        case TASK_INPUT: t->input++; break;
        case TASK_NEUTRAL: break;
        case TASK_UNREADABLE: t->unreadable++; break;
        case TASK_BUSY:
            t->busy++;
            t->busy_pid = pid;
            break;
        }
    }
    closedir(d);
}

/* Input the program has not read yet sits in the slave's queue; the host
 * keeps no slave open, so one is opened for the question and closed. */
static int unread_input(int master)
{
    const char *name = ptsname(master);
    int fd = name ? open(name, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) : -1;
    int n = 0;
    if (fd < 0)
        return 0; /* cannot tell: the /proc answer stands */
    if (ioctl(fd, FIONREAD, &n) != 0)
        n = 0;
    close(fd);
    return n;
}

input_ready_state input_ready_probe(int master, int members, char *why, size_t cap)
{
    return input_ready_probe_reads(master, members, why, cap, NULL);
}

/* Looks at pid when it is in the foreground group fg. */
static void consider(long pid, long fg, const char *tty, tally *t, int with_reads)
{
    if (pid <= 0 || stat_pgrp(pid) != fg)
        return;
    look_at_process(pid, tty, t);
    if (with_reads)
        count_reads(pid, t);
}

/* The processes of cgroup directory members (cgroup.procs). Returns 0, or
 * -1 when the list cannot be read whole: then /proc is scanned. */
static int scan_members(int members, long fg, const char *tty, tally *t, int with_reads)
{
    char list[16384];
    int fd = members < 0 ? -1 : openat(members, "cgroup.procs", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t n = 0;
    ssize_t got;
    while (n < sizeof list - 1 && (got = read(fd, list + n, sizeof list - 1 - n)) > 0)
        n += (size_t)got;
    int whole = n < sizeof list - 1 && got == 0;
    close(fd);
    if (!whole)
        return -1;
    list[n] = '\0';
    for (char *p = list, *end; *p; p = end) {
        long pid = strtol(p, &end, 10);
        if (end == p)
            break;
        consider(pid, fg, tty, t, with_reads);
    }
    return 0;
}

input_ready_state input_ready_probe_reads(int master, int members, char *why, size_t cap,
                                          unsigned long long *reads)
{
    if (reads)
        *reads = INPUT_READS_UNKNOWN;
    pid_t fg = tcgetpgrp(master);
    if (fg <= 0) {
        say(why, cap, "the terminal has no foreground process group");
        return fg == 0 ? INPUT_READY_NO : INPUT_READY_UNKNOWN;
    }
    const char *tty = ptsname(master);
    tally t = {0};
    /* none of the group among the members (it may sit in a cgroup below
     * them, which cgroup.procs does not list): all of /proc is looked at */
    if (scan_members(members, (long)fg, tty, &t, reads != NULL) != 0 || t.tasks == 0) {
        DIR *proc = opendir("/proc");
        if (!proc) {
            say(why, cap, "/proc cannot be read");
            return INPUT_READY_UNKNOWN;
        }
        t = (tally){0};
        for (struct dirent *e; (e = readdir(proc));) {
            char *end;
            long pid = strtol(e->d_name, &end, 10);
            if (!*end)
                consider(pid, (long)fg, tty, &t, reads != NULL);
        }
        closedir(proc);
    }
    if (reads && t.tasks)
        *reads = t.reads;
    if (t.busy) {
        say(why, cap, "process %ld of the foreground group is busy", t.busy_pid);
        return INPUT_READY_NO;
    }
    if (t.unreadable) {
        say(why, cap, "/proc does not show the foreground group's tasks");
        return INPUT_READY_UNKNOWN;
    }
    if (t.tasks == 0) { /* it has just exited, or is a zombie */
        say(why, cap, "the foreground process group has no live process");
        return INPUT_READY_NO;
    }
    if (!t.input) {
        say(why, cap, "no task of the foreground group waits for input");
        return INPUT_READY_NO;
    }
    int unread = unread_input(master);
    if (unread > 0) {
        say(why, cap, "%d bytes of input are not read yet", unread);
        return INPUT_READY_NO;
    }
    return INPUT_READY_YES;
}

#endif
