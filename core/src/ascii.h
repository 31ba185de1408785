/* The two loops plain text spends its time in: finding a run of printable
 * ASCII (the parser) and writing it as cells (print.c). Each has a portable
 * form, a 16-byte SIMD form where the target always has one (SSE2 on
 * x86-64, simd128 in the wasm builds), and on x86-64 an AVX2 form, which a
 * terminal uses when the CPU it was made on has AVX2 (ascii_isa_detect at
 * creation, kept in the terminal: no global state). Every form gives the
 * same result; tests/core/ascii_test.c checks each against the plain
 * loops (ascii_run_words, one store per cell). */
#ifndef TSR_ASCII_H
#define TSR_ASCII_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "row.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define ASCII_SIMD16 1
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define ASCII_SIMD16 1
#else
#define ASCII_SIMD16 0
#endif

#if defined(__x86_64__) && defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#define ASCII_HAVE_AVX2 1
#else
#define ASCII_HAVE_AVX2 0
#endif

enum {
    ASCII_ISA_BASE = 0, /* what the target always has: SSE2, simd128, or none */
    ASCII_ISA_AVX2 = 1, /* x86-64 with AVX2 */
};

/* The best form this CPU runs: ASCII_ISA_AVX2 or ASCII_ISA_BASE. */
int ascii_isa_detect(void);

/* Bit i set where byte i of the 16 at s is printable ASCII (0x20-0x7e):
 * adding 0x60 maps those, and only those, onto the signed bytes below -33. */
#if ASCII_SIMD16
static inline unsigned ascii_mask16(const uint8_t *s)
{
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i x = _mm_add_epi8(v, _mm_set1_epi8(0x60));
    return (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(x, _mm_set1_epi8(-33)));
#else
    v128_t x = wasm_i8x16_add(wasm_v128_load(s), wasm_i8x16_splat(0x60));
    return wasm_i8x16_bitmask(wasm_i8x16_lt(x, wasm_i8x16_splat(-33)));
#endif
}
#endif

/* Length of the printable run at s, from i on, eight bytes at a time in a
 * 64-bit word and then one by one. */
static inline size_t ascii_run_words(const uint8_t *s, size_t i, size_t n)
{
    const uint64_t ones = 0x0101010101010101ull;
    const uint64_t highs = 0x8080808080808080ull;
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        /* a byte < 0x20, or >= 0x7f (0x7f + 1 and 0x80.. set the high bit) */
        uint64_t low = (w - ones * 0x20) & ~w & highs;
        uint64_t high = ((w + ones) | w) & highs;
        uint64_t hit = low | high;
        if (hit) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            /* the lowest flagged byte is always a true hit: borrows and
             * carries only travel upwards from one */
            return i + ((size_t)__builtin_ctzll(hit) >> 3);
#else
            break;
#endif
        }
        i += 8;
    }
    while (i < n && s[i] >= 0x20 && s[i] < 0x7f)
        i++;
    return i;
}

#if ASCII_HAVE_AVX2
/* The rest of a run found to be at least 16 bytes long: 32 at a time. */
size_t ascii_run_avx2(const uint8_t *s, size_t n);
#endif

/* Length of the run of printable ASCII at s. Inline for the parser's
 * ground state, where most runs are short: the first 16 bytes are looked
 * at here, and only a run longer than that goes on to the AVX2 loop. */
static inline size_t ascii_run(const uint8_t *s, size_t n, int isa)
{
    size_t i = 0;
    (void)isa;
#if ASCII_SIMD16
    while (i + 16 <= n) {
        unsigned ok = ascii_mask16(s + i);
        if (ok != 0xffffu)
            return i + (size_t)__builtin_ctz(~ok & 0xffffu);
        i += 16;
#if ASCII_HAVE_AVX2
        if (isa == ASCII_ISA_AVX2)
            return i + ascii_run_avx2(s + i, n - i);
#endif
    }
#endif
    return ascii_run_words(s, i, n);
}

/* Writes n cells from the n printable bytes at s: each cell is base with
 * the byte in its low bits (CELL_CP_IS_LOW_BITS). Returns how many it
 * wrote from the front, a multiple of 8, leaving the rest (fewer than 16)
 * to the caller's loop. */
size_t ascii_cells_simd(cell *c, const uint8_t *s, size_t n, uint64_t base, int isa);

/* Writes the n cells of a printable run (see ascii_cells_simd). Short runs,
 * the commonest in coloured text, stay inline. */
static inline void ascii_cells(cell *c, const uint8_t *s, size_t n, uint64_t base, int isa)
{
    size_t i = n >= 16 ? ascii_cells_simd(c, s, n, base, isa) : 0;
    for (; i < n; i++) {
        uint64_t w = base | s[i];
        memcpy(&c[i], &w, sizeof w);
    }
}

#endif
