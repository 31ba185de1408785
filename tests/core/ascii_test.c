/* The printable-ASCII loops (core/src/ascii.h): every form the machine can
 * run (the target's 16-byte SIMD, and AVX2 where the CPU has it) finds the
 * same runs and writes the same cells as the plain loops, on runs of every
 * length up to 300 at every alignment, ended by every kind of byte. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ascii.h"
#include "check.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 32);
}

/* The bytes that end a run, and those that do not, at the edges. */
static const uint8_t enders[] = {0x00, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x9b, 0xc3, 0xff};
static const uint8_t printables[] = {0x20, 0x21, 0x41, 0x7e};

static void check_runs(int isa, const char *name)
{
    uint8_t buf[320 + 16];
    for (size_t len = 0; len <= 300; len++) {
        for (size_t align = 0; align < 16; align++) {
            uint8_t *s = buf + align;
            for (size_t i = 0; i < len; i++)
                s[i] = (uint8_t)(0x20 + next() % 95);
            if (len > 0 && align % 4 == 0)
                s[next() % len] = printables[next() % sizeof printables];
            /* the run ends at a random point, or runs to the end */
            size_t n = len + next() % 16;
            for (size_t i = len; i < n; i++)
                s[i] = (uint8_t)next();
            if (n > len)
                s[len] = enders[next() % sizeof enders];
            size_t want = ascii_run_words(s, 0, n);
            size_t got = ascii_run(s, n, isa);
            CHECK_MSG(got == want, "%s: run of %zu (of %zu, align %zu): %zu, want %zu", name, len, n,
                      align, got, want);
        }
    }
}

static void check_cells(int isa, const char *name)
{
    uint8_t text[300 + 16];
    cell got[300], want[300];
    for (size_t n = 0; n <= 300; n++) {
        for (size_t align = 0; align < 16; align += 5) {
            uint8_t *s = text + align;
            for (size_t i = 0; i < n; i++)
                s[i] = (uint8_t)(0x20 + next() % 95);
            uint64_t base = (uint64_t)next() << 32 | (uint64_t)(next() & 0xff) << 24;
            memset(got, 0xa5, sizeof got);
            memset(want, 0xa5, sizeof want);
            ascii_cells(got, s, n, base, isa);
            for (size_t i = 0; i < n; i++) {
                uint64_t w = base | s[i];
                memcpy(&want[i], &w, sizeof w);
            }
            /* the cells past n are untouched too */
            CHECK_MSG(memcmp(got, want, sizeof got) == 0, "%s: %zu cells (align %zu) differ", name, n,
                      align);
        }
    }
}

int main(void)
{
    check_runs(ASCII_ISA_BASE, "base");
    if (CELL_CP_IS_LOW_BITS)
        check_cells(ASCII_ISA_BASE, "base");
    int isa = ascii_isa_detect();
    if (isa == ASCII_ISA_AVX2) {
        check_runs(ASCII_ISA_AVX2, "avx2");
        if (CELL_CP_IS_LOW_BITS)
            check_cells(ASCII_ISA_AVX2, "avx2");
    } else {
        printf("note: this CPU has no AVX2, only the base form was checked\n");
    }
    return check_report();
}
