/* The floor of the live path (bench/live_actions.mjs): what each action costs
 * with nothing but the system calls it needs, no emulator, no history, no
 * protocol. One run:
 *
 *   launch  a PTY (posix_openpt), fork, setsid, the slave as controlling
 *           terminal, exec `sh -c 'stty -icanon -echo; printf ready;
 *           exec cat'` (cat then echoes each key itself); read until "ready"
 *           has arrived
 *   (then 150 ms untimed, so the program is waiting and quiet)
 *   ready   one readiness check: until every task of the terminal's
 *           foreground process group is blocked in read(2) (its
 *           /proc/PID/task/TID/syscall), the check tessera makes, without
 *           its settle window (the program is quiet by then anyway)
 *   type    write one key, read until the program's echo of it arrives
 *   now     the same with a second key (no check before it, as `--now`)
 *   close   close the master (the program gets SIGHUP) and waitpid
 *
 * Prints one line per run: `launch_us=... ready_us=... type_us=... now_us=...
 * close_us=...` (CLOCK_MONOTONIC). Every run is bounded by alarm(): a run
 * that hangs ends the process (SIGALRM's default action).
 *
 *   live_floor [--runs N] [--timeout SECONDS]
 */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static long long now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void die(const char *what)
{
    fprintf(stderr, "live_floor: %s: %s\n", what, strerror(errno));
    exit(1);
}

/* Starts the program on a new PTY; returns the master, the child in *pid. */
static int start(pid_t *pid)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0 || grantpt(m) != 0 || unlockpt(m) != 0)
        die("posix_openpt");
    const char *name = ptsname(m);
    if (!name)
        die("ptsname");
    struct winsize ws = { .ws_row = 24, .ws_col = 80 };
    *pid = fork();
    if (*pid < 0)
        die("fork");
    if (*pid == 0) {
        setsid();
        int s = open(name, O_RDWR);
        if (s < 0 || ioctl(s, TIOCSCTTY, 0) != 0)
            _exit(126);
        ioctl(s, TIOCSWINSZ, &ws);
        dup2(s, 0);
        dup2(s, 1);
        dup2(s, 2);
        if (s > 2)
            close(s);
        execl("/bin/sh", "sh", "-c", "stty -icanon -echo; printf ready; exec cat", (char *)NULL);
        _exit(127);
    }
    return m;
}

/* Reads from the master until `want` has been seen in what arrived since
 * the call (it may come in pieces). */
static void read_until(int m, const char *want)
{
    char seen[4096];
    size_t have = 0, n = strlen(want);
    for (;;) {
        char buf[1024];
        ssize_t r = read(m, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            die("read");
        for (ssize_t i = 0; i < r; i++) {
            if (have == sizeof seen)
                have = 0; /* far more than any wanted string: start over */
            seen[have++] = buf[i];
        }
        for (size_t i = 0; have >= n && i + n <= have; i++) {
            if (memcmp(seen + i, want, n) == 0)
                return;
        }
    }
}

/* 1 when every task of the foreground process group is blocked in read(2). */
static int reading(int m)
{
    pid_t fg = tcgetpgrp(m);
    if (fg <= 0)
        return 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/task", (long)fg);
    DIR *d = opendir(path);
    if (!d)
        return 0;
    int tasks = 0, all = 1;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        char file[128], line[64];
        snprintf(file, sizeof file, "/proc/%ld/task/%.20s/syscall", (long)fg, e->d_name);
        int fd = open(file, O_RDONLY | O_CLOEXEC);
        ssize_t r = fd < 0 ? -1 : read(fd, line, sizeof line - 1);
        if (fd >= 0)
            close(fd);
        tasks++;
        if (r <= 0) {
            all = 0;
            break;
        }
        line[r] = '\0';
        if (strtol(line, NULL, 10) != SYS_read || line[0] < '0' || line[0] > '9')
            all = 0;
    }
    closedir(d);
    return tasks > 0 && all;
}

static void type_key(int m, char key)
{
    char want[2] = { key, '\0' };
    if (write(m, &key, 1) != 1)
        die("write");
    read_until(m, want);
}

int main(int argc, char **argv)
{
    int runs = 1, timeout = 20;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc)
            timeout = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: live_floor [--runs N] [--timeout SECONDS]\n");
            return 2;
        }
    }
    if (runs < 1 || timeout < 1) {
        fprintf(stderr, "live_floor: --runs and --timeout must be at least 1\n");
        return 2;
    }
    for (int run = 0; run < runs; run++) {
        alarm((unsigned)timeout);
        pid_t pid;
        long long t0 = now_us();
        int m = start(&pid);
        read_until(m, "ready");
        long long t1 = now_us();
        /* untimed: let the program come to wait, as every variant does */
        struct timespec idle = { 0, 150000000 };
        nanosleep(&idle, NULL);
        long long t1b = now_us();
        while (!reading(m)) {
            struct timespec pause = { 0, 100000 }; /* 0.1 ms, as a poll would */
            nanosleep(&pause, NULL);
        }
        long long t2 = now_us();
        type_key(m, 'q');
        long long t3 = now_us();
        type_key(m, 'w');
        long long t4 = now_us();
        close(m);
        int status;
        while (waitpid(pid, &status, 0) < 0) {
            if (errno != EINTR)
                die("waitpid");
        }
        long long t5 = now_us();
        alarm(0);
        printf("launch_us=%lld ready_us=%lld type_us=%lld now_us=%lld close_us=%lld\n", t1 - t0, t2 - t1b,
               t3 - t2, t4 - t3, t5 - t4);
        fflush(stdout);
    }
    return 0;
}
