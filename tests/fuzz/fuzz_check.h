/* What every fuzz target shares: checking an invariant, and the entry
 * point libFuzzer (or fuzz_replay.c) calls. */
#ifndef TSR_FUZZ_CHECK_H
#define TSR_FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* An invariant broke: say which, then crash so libFuzzer keeps the input. */
#define FUZZ_CHECK(cond)                                                                \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            fprintf(stderr, "fuzz: invariant failed: %s (%s:%d)\n", #cond, __FILE__,    \
                    __LINE__);                                                          \
            abort();                                                                    \
        }                                                                               \
    } while (0)

/* Reads every byte, so ASan reports any that is not really there. */
static inline void fuzz_touch(const void *bytes, size_t len)
{
    const unsigned char *b = bytes;
    volatile unsigned char sink = 0;
    for (size_t i = 0; i < len; i++)
        sink ^= b[i];
    (void)sink;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
