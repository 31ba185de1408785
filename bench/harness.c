/* The timed loop shared by bench_tessera, bench_vterm and bench_tsm.
 * See harness.h for the protocol and README.md for what the figures mean. */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_ROUNDS 1000
#define MAX_CHUNK (1 << 30)

typedef struct bench_args {
    const char *path;
    size_t chunk;
    int rounds;
    double min_time; /* keep adding rounds until this much was timed */
} bench_args;

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s FILE [--chunk BYTES] [--rounds N] [--min-time SECONDS]\n", prog);
}

/* A whole positive decimal in [1, max]; anything else is an error. */
static int parse_count(const char *text, long max, long *out)
{
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < 1 || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_args(int argc, char **argv, bench_args *args)
{
    args->path = NULL;
    args->chunk = 4096;
    args->rounds = 5;
    args->min_time = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long v;
        if (strcmp(a, "--min-time") == 0) {
            char *end = NULL;
            double t = i + 1 < argc ? strtod(argv[i + 1], &end) : -1;
            if (i + 1 >= argc || end == argv[i + 1] || *end != '\0' || !(t >= 0 && t <= 3600)) {
                fprintf(stderr, "%s: --min-time needs seconds in 0..3600\n", argv[0]);
                return -1;
            }
            args->min_time = t;
            i++;
        } else if (strcmp(a, "--chunk") == 0 || strcmp(a, "--rounds") == 0) {
            int is_chunk = a[2] == 'c';
            if (i + 1 >= argc) {
                fprintf(stderr, "%s: %s needs a value\n", argv[0], a);
                return -1;
            }
            if (parse_count(argv[++i], is_chunk ? MAX_CHUNK : MAX_ROUNDS, &v) != 0) {
                fprintf(stderr, "%s: %s: '%s' is not a whole number in 1..%d\n", argv[0], a,
                        argv[i], is_chunk ? MAX_CHUNK : MAX_ROUNDS);
                return -1;
            }
            if (is_chunk)
                args->chunk = (size_t)v;
            else
                args->rounds = (int)v;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "%s: unknown option '%s'\n", argv[0], a);
            return -1;
        } else if (args->path == NULL) {
            args->path = a;
        } else {
            fprintf(stderr, "%s: more than one FILE ('%s' and '%s')\n", argv[0], args->path, a);
            return -1;
        }
    }
    if (args->path == NULL) {
        fprintf(stderr, "%s: no workload FILE given\n", argv[0]);
        return -1;
    }
    return 0;
}

/* The whole workload in one allocation, so file I/O never enters the timing. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 20, n = 0;
    char *data = malloc(cap);
    while (data != NULL) {
        if (n == cap) {
            char *grown = realloc(data, cap * 2);
            if (grown == NULL) {
                free(data);
                data = NULL;
                break;
            }
            data = grown;
            cap *= 2;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (data == NULL) {
        fprintf(stderr, "%s: out of memory reading the file\n", path);
    } else if (ferror(f)) {
        fprintf(stderr, "%s: read error: %s\n", path, strerror(errno));
        free(data);
        data = NULL;
    } else if (n == 0) {
        fprintf(stderr, "%s: the file is empty\n", path);
        free(data);
        data = NULL;
    }
    fclose(f);
    *len = n;
    return data;
}

/* The checksum for drivers written in other languages (bench/rust/), which
 * cannot use the inline step in harness.h. */
uint64_t bench_hash_start(void)
{
    return BENCH_HASH_SEED;
}

uint64_t bench_hash_step(uint64_t h, uint32_t v)
{
    return bench_hash_u32(h, v);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One pass on a fresh terminal. Only the feeding loop is timed. */
static int run_pass(const bench_engine *e, const char *data, size_t len, size_t chunk,
                    double *seconds, uint64_t *checksum, uint64_t *replies)
{
    void *ctx = e->create();
    if (ctx == NULL) {
        fprintf(stderr, "%s: could not create the terminal\n", e->name);
        return -1;
    }
    double t0 = now_seconds();
    for (size_t off = 0; off < len; off += chunk) {
        size_t n = len - off < chunk ? len - off : chunk;
        if (e->feed(ctx, data + off, n) != 0) {
            fprintf(stderr, "%s: feeding failed at byte %zu\n", e->name, off);
            e->destroy(ctx);
            return -1;
        }
    }
    *seconds = now_seconds() - t0;
    *checksum = e->checksum(ctx);
    *replies = e->reply_bytes(ctx);
    e->destroy(ctx);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* "bench/workloads/ascii.vt" -> "ascii" */
static void workload_name(const char *path, char *out, size_t cap)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    if (n == 0)
        n = strlen(base);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, base, n);
    out[n] = '\0';
}

int bench_main(int argc, char **argv, const bench_engine *engine)
{
    bench_args args;
    if (parse_args(argc, argv, &args) != 0) {
        usage(argv[0]);
        return 2;
    }
    size_t len = 0;
    char *data = read_file(args.path, &len);
    if (data == NULL)
        return 1;

    double times[MAX_ROUNDS];
    double warm, timed = 0;
    uint64_t sum = 0, replies = 0;
    int rc = run_pass(engine, data, len, args.chunk, &warm, &sum, &replies);
    /* At least --rounds rounds, more while under --min-time: a fast engine
     * then gets enough rounds that a burst of machine noise moves only a
     * few of them, not the median. */
    int rounds = 0;
    while (rc == 0 && rounds < MAX_ROUNDS && (rounds < args.rounds || timed < args.min_time)) {
        int r = rounds++;
        uint64_t round_sum = 0;
        double t = 0;
        rc = run_pass(engine, data, len, args.chunk, &t, &round_sum, &replies);
        times[r] = t;
        timed += t;
        /* Every round starts fresh on the same bytes: the screens must agree. */
        if (rc == 0 && round_sum != sum) {
            fprintf(stderr, "%s: round %d ended on a different screen\n", engine->name, r);
            rc = -1;
        }
    }
    free(data);
    if (rc != 0)
        return 1;

    qsort(times, (size_t)rounds, sizeof times[0], cmp_double);
    double best = times[0];
    double median = rounds % 2 ? times[rounds / 2]
                               : (times[rounds / 2 - 1] + times[rounds / 2]) / 2;
    char name[64];
    workload_name(args.path, name, sizeof name);
    /* MB is 10^6 bytes; the headline figure uses the median round. */
    printf("engine=%s workload=%s bytes=%zu chunk=%zu rounds=%d best_s=%.6f median_s=%.6f "
           "mb_s=%.1f best_mb_s=%.1f replies=%llu checksum=%016llx\n",
           engine->name, name, len, args.chunk, rounds, best, median,
           (double)len / 1e6 / median, (double)len / 1e6 / best, (unsigned long long)replies,
           (unsigned long long)sum);
    return 0;
}
