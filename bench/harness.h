/* The shared part of the benchmark drivers: argument parsing, reading the
 * workload into memory, the timed loop and the one result line.
 *
 * Every engine is driven the same way (see README.md): one untimed warm-up
 * pass, then N timed rounds, each on a freshly created terminal that is fed
 * the whole file in fixed-size chunks, with the engine's replies drained
 * after every chunk as a host would. Creating and reading back the terminal
 * are outside the timed region; only feeding (and draining) is timed.
 */
#ifndef TSR_BENCH_HARNESS_H
#define TSR_BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* One engine as the harness sees it. `ctx` is whatever the driver allocates. */
typedef struct bench_engine {
    const char *name;
    /* Makes an 80x24 UTF-8 terminal with scrollback; NULL on failure. */
    void *(*create)(void);
    /* Feeds one chunk, then drains any replies the engine queued.
     * Returns 0 on success. */
    int (*feed)(void *ctx, const char *bytes, size_t len);
    /* Reads the final screen back so the work cannot be elided. */
    uint64_t (*checksum)(void *ctx);
    /* Reply bytes drained since create (a sanity figure, printed). */
    uint64_t (*reply_bytes)(void *ctx);
    void (*destroy)(void *ctx);
} bench_engine;

/* Parses `FILE [--chunk N] [--rounds N]`, runs the benchmark and prints the
 * result line. Returns the process exit code (0, 1 on a failure, 2 on bad
 * usage). */
int bench_main(int argc, char **argv, const bench_engine *engine);

/* A driver's main, over its functions create, feed, checksum, reply_bytes
 * and destroy. */
#define BENCH_DRIVER_MAIN(engine_name)                                                   \
    int main(int argc, char **argv)                                                      \
    {                                                                                    \
        static const bench_engine engine = {engine_name, create, feed, checksum,        \
                                            reply_bytes, destroy};                       \
        return bench_main(argc, argv, &engine);                                          \
    }

/* FNV-1a step used by every driver's checksum, so the figures compare. */
static inline uint64_t bench_hash_u32(uint64_t h, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= 1099511628211ull;
    }
    return h;
}
#define BENCH_HASH_SEED 14695981039346656037ull

/* The same seed and step as functions, for drivers in other languages. */
uint64_t bench_hash_start(void);
uint64_t bench_hash_step(uint64_t h, uint32_t v);

#endif
