/* The server's side of a worker: fork, the socket, the queue, the end. */
#define _GNU_SOURCE
#include "worker.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mono_clock.h"

/* In the child: only stderr, and the socket as descriptor 3, stay open
 * (stdout belongs to the protocol; other workers' sockets must not be held
 * open by this one, or their ends would never be seen). */
static int keep_only_socket(int fd)
{
    if (fd != 3 && dup2(fd, 3) < 0)
        return -1;
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
        return -1;
    DIR *d = opendir("/proc/self/fd");
    if (d) {
        int skip = dirfd(d);
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            int n = atoi(e->d_name);
            if (n > 3 && n != skip)
                close(n);
        }
        closedir(d);
    } else {
        long max = sysconf(_SC_OPEN_MAX);
        for (int n = 4; n < (max > 0 && max < 65536 ? max : 65536); n++)
            close(n);
    }
    return 3;
}

int worker_start(worker *w, const char *id, const live_options *defaults, uint64_t idle_ns,
                 char *why, size_t cap)
{
    memset(w, 0, sizeof *w);
    w->fd = -1;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        snprintf(why, cap, "socketpair: %s", strerror(errno));
        return -1;
    }
    pid_t server = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, cap, "fork: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return -1;
    }
    if (pid == 0) {
        close(sv[0]);
        /* the server's death ends the session too (SIGTERM: a normal close) */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != server)
            _exit(0);
        int fd = keep_only_socket(sv[1]);
        _exit(fd < 0 ? 5 : worker_main(fd, id, defaults, idle_ns));
    }
    close(sv[1]);
    w->pid = pid;
    w->fd = sv[0];
    fcntl(w->fd, F_SETFL, fcntl(w->fd, F_GETFL) | O_NONBLOCK);
    line_buffer_init(&w->in, WORKER_LINE_MAX);
    return 0;
}

int worker_send(worker *w, const char *line, size_t len)
{
    if (w->fd < 0)
        return 0; /* gone: the caller learns it from the socket's end */
    size_t need = w->out_len + len + 1;
    if (need > w->out_cap) {
        size_t cap = w->out_cap ? w->out_cap : 4096;
        while (cap < need)
            cap *= 2;
        char *grown = realloc(w->out, cap);
        if (!grown)
            return -1;
        w->out = grown;
        w->out_cap = cap;
    }
    memcpy(w->out + w->out_len, line, len);
    w->out[w->out_len + len] = '\n';
    w->out_len = need;
    worker_flush(w);
    return 0;
}

int worker_flush(worker *w)
{
    while (w->fd >= 0 && w->out_len > 0) {
        ssize_t n = send(w->fd, w->out, w->out_len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 0;
        if (n <= 0)
            return -1;
        memmove(w->out, w->out + n, w->out_len - (size_t)n);
        w->out_len -= (size_t)n;
    }
    return 0;
}

void worker_stop(worker *w)
{
    if (w->pid > 0)
        kill(w->pid, SIGTERM);
}

int worker_reap(worker *w, uint64_t wait_ns)
{
    if (w->fd >= 0)
        close(w->fd);
    w->fd = -1;
    uint64_t deadline = mono_now_ns() + wait_ns;
    int status = -1;
    while (w->pid > 0) {
        int st;
        pid_t p = waitpid(w->pid, &st, WNOHANG);
        if (p == w->pid)
            status = st;
        if (p == w->pid || (p < 0 && errno != EINTR))
            break;
        if (mono_now_ns() >= deadline) {
            kill(w->pid, SIGKILL);
            if (waitpid(w->pid, &st, 0) == w->pid)
                status = st;
            break;
        }
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    w->pid = 0;
    line_buffer_free(&w->in);
    free(w->out);
    w->out = NULL;
    w->out_len = w->out_cap = 0;
    return status;
}
