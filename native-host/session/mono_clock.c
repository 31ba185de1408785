/* Monotonic so that a wall-clock step never reorders frames or breaks a wait. */
#define _POSIX_C_SOURCE 200809L
#include "mono_clock.h"

#include <time.h>

uint64_t mono_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
