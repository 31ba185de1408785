/* Unit tests for the core's text module (tessera/text.h): UTF-8 decoding by
 * maximal subparts, hex digits, message quoting, JSON string escaping (also
 * across the pieces of a stream) and backslash escapes. */
#include <stdio.h>
#include <string.h>

#include "tessera/tessera.h"
#include "tessera/text.h"

#include "check.h"

/* Decodes all of s (len bytes) with cut NULL semantics and writes what it
 * found as text: scalars in hex, "!" for each U+FFFD of an ill-formed
 * subpart, "~" for a sequence the input ends inside of. */
static void decoded(const char *s, size_t len, const char *want)
{
    char got[128] = "";
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t used;
        int kind = tsr_utf8_decode(s + i, len - i, &cp, &used);
        if (kind == TSR_UTF8_SCALAR)
            o += (size_t)snprintf(got + o, sizeof got - o, "%s%x", o ? " " : "", (unsigned)cp);
        else
            o += (size_t)snprintf(got + o, sizeof got - o, "%s%s", o ? " " : "",
                                  kind == TSR_UTF8_ILL ? "!" : "~");
        CHECK_MSG(used > 0 && kind != TSR_UTF8_SCALAR ? cp == 0xfffd : 1, "%s: cp", want);
        i += used;
    }
    CHECK_MSG(strcmp(got, want) == 0, "decoded \"%s\", want \"%s\"", got, want);
}

static void test_utf8(void)
{
    decoded("a\xc3\xa9\xe2\x9c\x93\xf0\x9f\x98\x80", 10, "61 e9 2713 1f600");
    /* each maximal subpart is one U+FFFD, the byte that breaks it is read again */
    decoded("\xe2\x9c" "a", 3, "! 61");
    decoded("\xf0\x9f\x98" "a", 4, "! 61");
    decoded("\xe0\x80\x80", 3, "! ! !");   /* overlong: E0 takes A0..BF only */
    decoded("\xed\xa0\x80", 3, "! ! !");   /* a surrogate */
    decoded("\xf4\x90\x80\x80", 4, "! ! ! !"); /* above U+10FFFF */
    decoded("\xc0\xaf\xff\x80", 4, "! ! ! !");
    decoded("\xe2\x9c\xe2\x9c\x93", 5, "! 2713");
    decoded("a\xf0\x9f\x98", 4, "61 ~");   /* cut by the end of the input */
    char out[4];
    CHECK(tsr_utf8_encode(0x2713, out) == 3 && memcmp(out, "\xe2\x9c\x93", 3) == 0);
    CHECK(tsr_utf8_encode(0xd800, out) == 3 && memcmp(out, "\xef\xbf\xbd", 3) == 0);
}

static void test_hex(void)
{
    CHECK(tsr_hex_digit('0') == 0 && tsr_hex_digit('9') == 9);
    CHECK(tsr_hex_digit('a') == 10 && tsr_hex_digit('F') == 15);
    CHECK(tsr_hex_digit('g') == -1 && tsr_hex_digit('/') == -1 && tsr_hex_digit(0x80) == -1);
    char two[2];
    tsr_hex_byte(0x9c, two);
    CHECK(two[0] == '9' && two[1] == 'c');
}

static void quoted(const char *s, size_t len, size_t cap, unsigned flags, const char *want)
{
    char out[128];
    size_t n = tsr_quote(out, cap, s, len, flags);
    CHECK_MSG(strcmp(out, want) == 0 && n == strlen(want), "quoted <%s>, want <%s>", out, want);
}

static void test_quote(void)
{
    quoted("a\"b\\c\n\x1b\x7f", 8, 64, 0, "\"a\\\"b\\\\c\\n\\x1b\\x7f\"");
    quoted("\xc3\xa9\xff", 3, 64, 0, "\"\\xc3\\xa9\\xff\"");
    quoted("it's \xc3\xa9\xe2\x9c", 9, 64, TSR_QUOTE_SINGLE | TSR_QUOTE_KEEP_UTF8,
           "'it\\'s \xc3\xa9\\xe2\\x9c'");
    /* cut with "..." so the closing mark and the NUL still fit in 16 */
    quoted("abcdefghijklmnopqrstuvwxyz", 26, 16, 0, "\"abcdefghij...\"");
    quoted("", 0, 16, 0, "\"\"");
}

static void escaped(const char *s, size_t len, int streaming, const char *want, size_t want_cut)
{
    tsr_buf b = {0};
    size_t cut = 99;
    int rc = tsr_json_escape(&b, s, len, streaming ? &cut : NULL);
    CHECK_MSG(rc == TSR_OK && strcmp(b.data, want) == 0, "escaped <%s>, want <%s>",
              b.data ? b.data : "", want);
    if (streaming)
        CHECK_MSG(cut == want_cut, "<%s>: cut %zu, want %zu", want, cut, want_cut);
    tsr_buf_free(&b);
}

static void test_json(void)
{
    escaped("a\"b\\c\r\n\t\x1b\x7f", 10, 0, "a\\\"b\\\\c\\r\\n\\u0009\\u001b\\u007f", 0);
    escaped("\xc3\xa9 \xe2\x9c" "a", 6, 0, "\xc3\xa9 \xef\xbf\xbd" "a", 0);
    escaped("ok\xf0\x9f", 4, 0, "ok\xef\xbf\xbd", 0);
    /* streaming: the cut tail is left for the next piece */
    escaped("ok\xf0\x9f", 4, 1, "ok", 2);
    escaped("ok\xff", 3, 1, "ok\xef\xbf\xbd", 0);
    escaped("", 0, 1, "", 0);
}

static void unescaped(const char *s, int want_took, const char *want, size_t want_len)
{
    char out[4];
    size_t n = 0;
    int took = tsr_unescape(s, strlen(s), out, &n);
    CHECK_MSG(took == want_took, "\\%s: took %d, want %d", s, took, want_took);
    if (took > 0)
        CHECK_MSG(n == want_len && memcmp(out, want, n) == 0, "\\%s: wrong bytes", s);
}

static void test_unescape(void)
{
    unescaped("n", 1, "\n", 1);
    unescaped("e[", 1, "\x1b", 1);
    unescaped("0", 1, "", 1);
    unescaped("\"", 1, "\"", 1);
    unescaped("x1Bz", 3, "\x1b", 1);
    unescaped("u{2713}!", 7, "\xe2\x9c\x93", 3);
    unescaped("u{10FFFF}", 9, "\xf4\x8f\xbf\xbf", 4);
    unescaped("q", TSR_UNESCAPE_UNKNOWN, "", 0);
    unescaped("", TSR_UNESCAPE_UNKNOWN, "", 0);
    unescaped("x1", TSR_UNESCAPE_HEX, "", 0);
    unescaped("u2713", TSR_UNESCAPE_BRACE, "", 0);
    unescaped("u{}", TSR_UNESCAPE_DIGITS, "", 0);
    unescaped("u{1234567}", TSR_UNESCAPE_DIGITS, "", 0);
    unescaped("u{12", TSR_UNESCAPE_DIGITS, "", 0);
    unescaped("u{D800}", TSR_UNESCAPE_NOT_SCALAR, "", 0);
    unescaped("u{110000}", TSR_UNESCAPE_NOT_SCALAR, "", 0);
}

static void test_buf(void)
{
    tsr_buf b = {0};
    CHECK(tsr_buf_puts(&b, "n=") == TSR_OK && tsr_buf_put_uint(&b, 4096) == TSR_OK &&
          tsr_buf_putc(&b, ' ') == TSR_OK && tsr_buf_put_utf8(&b, 0xe9) == TSR_OK);
    CHECK(b.len == 9 && strcmp(b.data, "n=4096 \xc3\xa9") == 0);
    tsr_buf_clear(&b);
    CHECK(b.len == 0 && b.data[0] == '\0');
    tsr_buf_free(&b);
    CHECK(b.data == NULL && b.cap == 0);
}

int main(void)
{
    test_utf8();
    test_hex();
    test_quote();
    test_json();
    test_unescape();
    test_buf();
    return check_report();
}
