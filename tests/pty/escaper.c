/* A program that is hard to end: after printing "ready" it forks, lets the
 * parent exit and calls setsid, in a tight loop, ignoring HUP, INT and
 * TERM, so its PID and session keep changing. Every generation gives up by
 * itself after SECONDS (monotonic clock, inherited through fork), so a test
 * that fails to end it never leaves it running. A process that changes its
 * PID this fast is invisible to a /proc scan, so every 20ms it rewrites
 * HEARTBEAT with the time: a file that stops changing means none is left.
 *
 * usage: escaper SECONDS HEARTBEAT */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    double life = argc == 3 ? atof(argv[1]) : 0;
    if (life <= 0 || life > 60) {
        fprintf(stderr, "usage: escaper SECONDS HEARTBEAT (0 < SECONDS <= 60)\n");
        return 2;
    }
    double end = now_s() + life, beat = 0;
    signal(SIGHUP, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    printf("ready\n");
    fflush(stdout);
    for (double t; (t = now_s()) < end;) {
        if (t - beat >= 0.02) {
            beat = t;
            /* fixed width, rewritten in place: never seen empty or short */
            char line[32];
            int n = snprintf(line, sizeof line, "%020.6f\n", t);
            int fd = open(argv[2], O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
            if (fd >= 0) {
                ssize_t w = pwrite(fd, line, (size_t)n, 0);
                (void)w;
                close(fd);
            }
        }
        pid_t p = fork();
        if (p > 0)
            _exit(0);
        if (p == 0)
            setsid();
    }
    return 0;
}
