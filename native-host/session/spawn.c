/* fork + exec with the controlling-terminal dance done in the child:
 * setsid, TIOCSCTTY, the slave on 0/1/2, tcsetpgrp. A failed exec (or
 * chdir) is sent to the parent through a close-on-exec pipe, so "could not
 * start" is told apart from "started and exited 127". */
#define _GNU_SOURCE
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "pty.h"
#include "spawn_env.h"

extern char **environ;

/* What the child reports when it fails before exec. */
typedef struct child_failure {
    int stage; /* 1 chdir, 2 exec, 3 terminal setup */
    int errnum;
} child_failure;

static void child_fail(int fd, int stage)
{
    child_failure f = {stage, errno};
    ssize_t w = write(fd, &f, sizeof f);
    (void)w;
    _exit(127);
}

/* Marks every descriptor above 2 close-on-exec: the program must not
 * inherit the host's files (the error pipe is already close-on-exec). */
static void close_inherited_fds(void)
{
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */) == 0)
        return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536)
        max = 65536;
    for (int fd = 3; fd < max; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0)
            fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

static void reset_signals(void)
{
    static const int sigs[] = {SIGPIPE, SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGTSTP,
                               SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH, SIGALRM};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

static void child(const spawn_spec *spec, int slave, int errfd, int gofd, char **env)
{
    /* Wait until the parent has placed us in the cgroup: nothing we start
     * may run outside it. EOF is the go (the parent closes its end). */
    char go;
    while (read(gofd, &go, 1) < 0 && errno == EINTR)
        ;
    close(gofd);
    reset_signals();
    if (setsid() < 0 || ioctl(slave, TIOCSCTTY, 0) != 0)
        child_fail(errfd, 3);
    for (int fd = 0; fd < 3; fd++)
        if (dup2(slave, fd) < 0)
            child_fail(errfd, 3);
    if (slave > 2)
        close(slave);
    if (tcsetpgrp(0, getpid()) != 0)
        child_fail(errfd, 3);
    close_inherited_fds();
    if (spec->cwd && chdir(spec->cwd) != 0)
        child_fail(errfd, 1);
    environ = env;
    execvp(spec->argv[0], spec->argv);
    child_fail(errfd, 2);
}

static void explain(const spawn_spec *spec, const child_failure *f, char *reason, size_t cap)
{
    const char *why = strerror(f->errnum);
    if (f->stage == 1)
        snprintf(reason, cap, "could not start: cannot change to %s: %s", spec->cwd, why);
    else if (f->stage == 2)
        snprintf(reason, cap, "could not start: %s: %s", spec->argv[0], why);
    else
        snprintf(reason, cap, "could not start: terminal setup failed: %s", why);
}

int spawn_start(const spawn_spec *spec, spawn_result *out, char *reason, size_t cap)
{
    pty_pair p;
    if (pty_open(&p, spec->rows, spec->cols) != 0) {
        snprintf(reason, cap, "cannot open a pty: %s", strerror(errno));
        return SPAWN_INTERNAL;
    }
    char **env = spawn_env_build(spec->env, spec->clear_env);
    int pipefd[2], gofd[2] = {-1, -1};
    if (!env || pipe2(pipefd, O_CLOEXEC) != 0) {
        snprintf(reason, cap, "%s", env ? strerror(errno) : "out of memory");
        spawn_env_free(env);
        pty_close(&p);
        return SPAWN_INTERNAL;
    }
    if (pipe2(gofd, O_CLOEXEC) != 0) {
        snprintf(reason, cap, "%s", strerror(errno));
        close(pipefd[0]);
        close(pipefd[1]);
        spawn_env_free(env);
        pty_close(&p);
        return SPAWN_INTERNAL;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(pipefd[0]);
        close(gofd[1]);
        close(p.master);
        child(spec, p.slave, pipefd[1], gofd[0], env);
    }
    int fork_errno = errno;
    close(gofd[0]);
    out->in_group = pid > 0 && spec->group && cgroup_add(spec->group, pid) == 0;
    close(gofd[1]); /* the go */
    close(pipefd[1]);
    spawn_env_free(env);
    /* The host keeps no slave: when the program and its children are gone
     * the master reads EOF/EIO. */
    close(p.slave);
    p.slave = -1;
    if (pid < 0) {
        close(pipefd[0]);
        pty_close(&p);
        snprintf(reason, cap, "fork failed: %s", strerror(fork_errno));
        return SPAWN_INTERNAL;
    }
    child_failure f;
    ssize_t n;
    do
        n = read(pipefd[0], &f, sizeof f);
    while (n < 0 && errno == EINTR);
    close(pipefd[0]);
    if (n == (ssize_t)sizeof f) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
        pty_close(&p);
        explain(spec, &f, reason, cap);
        return SPAWN_NOT_STARTED;
    }
    fcntl(p.master, F_SETFL, fcntl(p.master, F_GETFL) | O_NONBLOCK);
    out->pid = pid;
    out->master = p.master;
    return SPAWN_OK;
}
