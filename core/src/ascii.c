/* The out-of-line parts of the printable-ASCII loops (ascii.h): the choice
 * of form, the AVX2 forms (compiled for AVX2 one function at a time, so the
 * rest of the core stays baseline x86-64), and the 16-byte cell writers. */
#include "ascii.h"

#if ASCII_HAVE_AVX2
#include <immintrin.h>
#define AVX2_FN __attribute__((target("avx2")))
#endif

int ascii_isa_detect(void)
{
#if ASCII_HAVE_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        return ASCII_ISA_AVX2;
#endif
    return ASCII_ISA_BASE;
}

#if ASCII_HAVE_AVX2
AVX2_FN size_t ascii_run_avx2(const uint8_t *s, size_t n)
{
    const __m256i shift = _mm256_set1_epi8(0x60), limit = _mm256_set1_epi8(-33);
    size_t i = 0;
    while (i + 32 <= n) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
        /* limit > v + 0x60: printable, as in ascii_mask16 */
        unsigned ok = (unsigned)_mm256_movemask_epi8(_mm256_cmpgt_epi8(limit, _mm256_add_epi8(v, shift)));
        if (ok != 0xffffffffu)
            return i + (size_t)__builtin_ctz(~ok);
        i += 32;
    }
    if (i + 16 <= n) {
        unsigned ok = ascii_mask16(s + i);
        if (ok != 0xffffu)
            return i + (size_t)__builtin_ctz(~ok & 0xffffu);
        i += 16;
    }
    return ascii_run_words(s, i, n);
}

/* Sixteen cells per step: each group of four bytes widened to four 64-bit
 * words, the base ORed in, one 32-byte store. */
AVX2_FN static size_t cells_avx2(cell *c, const uint8_t *s, size_t n, uint64_t base)
{
    const __m256i b = _mm256_set1_epi64x((long long)base);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        __m256i *d = (__m256i *)(void *)&c[i];
        _mm256_storeu_si256(d, _mm256_or_si256(_mm256_cvtepu8_epi64(v), b));
        _mm256_storeu_si256(d + 1, _mm256_or_si256(_mm256_cvtepu8_epi64(_mm_srli_si128(v, 4)), b));
        _mm256_storeu_si256(d + 2, _mm256_or_si256(_mm256_cvtepu8_epi64(_mm_srli_si128(v, 8)), b));
        _mm256_storeu_si256(d + 3, _mm256_or_si256(_mm256_cvtepu8_epi64(_mm_srli_si128(v, 12)), b));
    }
    return i;
}
#endif

#if defined(__SSE2__)
/* Two cells from the two low 32-bit lanes of w (widened bytes). */
static inline void store2(cell *c, __m128i w32, __m128i b, int high)
{
    __m128i z = _mm_setzero_si128();
    __m128i w = high ? _mm_unpackhi_epi32(w32, z) : _mm_unpacklo_epi32(w32, z);
    _mm_storeu_si128((__m128i *)(void *)c, _mm_or_si128(w, b));
}

/* Eight cells from eight bytes widened to 16 bits. */
static inline void store8(cell *c, __m128i w16, __m128i b)
{
    __m128i z = _mm_setzero_si128();
    __m128i lo = _mm_unpacklo_epi16(w16, z), hi = _mm_unpackhi_epi16(w16, z);
    store2(c, lo, b, 0);
    store2(c + 2, lo, b, 1);
    store2(c + 4, hi, b, 0);
    store2(c + 6, hi, b, 1);
}

static size_t cells_base(cell *c, const uint8_t *s, size_t n, uint64_t base)
{
    const __m128i b = _mm_set1_epi64x((long long)base), z = _mm_setzero_si128();
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        store8(&c[i], _mm_unpacklo_epi8(v, z), b);
        store8(&c[i + 8], _mm_unpackhi_epi8(v, z), b);
    }
    if (i + 8 <= n) {
        store8(&c[i], _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)(s + i)), z), b);
        i += 8;
    }
    return i;
}
#elif defined(__wasm_simd128__)
/* Eight cells from eight bytes widened to 16 bits. */
static inline void store8(cell *c, v128_t w16, v128_t b)
{
    v128_t lo = wasm_u32x4_extend_low_u16x8(w16), hi = wasm_u32x4_extend_high_u16x8(w16);
    wasm_v128_store(&c[0], wasm_v128_or(wasm_u64x2_extend_low_u32x4(lo), b));
    wasm_v128_store(&c[2], wasm_v128_or(wasm_u64x2_extend_high_u32x4(lo), b));
    wasm_v128_store(&c[4], wasm_v128_or(wasm_u64x2_extend_low_u32x4(hi), b));
    wasm_v128_store(&c[6], wasm_v128_or(wasm_u64x2_extend_high_u32x4(hi), b));
}

static size_t cells_base(cell *c, const uint8_t *s, size_t n, uint64_t base)
{
    const v128_t b = wasm_i64x2_splat((int64_t)base);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        v128_t v = wasm_v128_load(s + i);
        store8(&c[i], wasm_u16x8_extend_low_u8x16(v), b);
        store8(&c[i + 8], wasm_u16x8_extend_high_u8x16(v), b);
    }
    if (i + 8 <= n) {
        store8(&c[i], wasm_u16x8_load8x8(s + i), b);
        i += 8;
    }
    return i;
}
#else
static size_t cells_base(cell *c, const uint8_t *s, size_t n, uint64_t base)
{
    (void)c, (void)s, (void)n, (void)base;
    return 0; /* the caller's loop writes them all */
}
#endif

size_t ascii_cells_simd(cell *c, const uint8_t *s, size_t n, uint64_t base, int isa)
{
    size_t i = 0;
#if ASCII_HAVE_AVX2
    if (isa == ASCII_ISA_AVX2)
        i = cells_avx2(c, s, n, base);
#endif
    (void)isa;
    return i + cells_base(c + i, s + i, n - i, base);
}
