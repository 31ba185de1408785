/* The host's clock: CLOCK_MONOTONIC in nanoseconds, the time frames carry. */
#ifndef TSR_CLI_MONO_CLOCK_H
#define TSR_CLI_MONO_CLOCK_H

#include <stdint.h>

uint64_t mono_now_ns(void);

#endif
