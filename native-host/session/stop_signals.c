/* The flag is the only state a signal handler may safely touch. */
#define _POSIX_C_SOURCE 200809L
#include "stop_signals.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t received;

static void on_stop(int sig)
{
    if (!received)
        received = sig;
}

void stop_signals_install(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

int stop_signals_pending(void)
{
    return received;
}
