/* Text utilities shared by the emulator, its client libraries, the native
 * host and the test harnesses: appending to a tsr_buf, UTF-8 with the core's
 * rule for ill-formed input, hex digits, quoting for one-line messages, JSON
 * string escaping and backslash escapes. None of them keeps state. */
#ifndef TESSERA_TEXT_H
#define TESSERA_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "tessera/tessera.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ tsr_buf */

/* Each keeps data NUL-terminated and returns TSR_OK or TSR_ERR_NOMEM (the
 * buffer then holds what it held before the call). */
int tsr_buf_reserve(tsr_buf *buf, size_t extra); /* room for extra more bytes */
int tsr_buf_append(tsr_buf *buf, const void *data, size_t len);
int tsr_buf_putc(tsr_buf *buf, char c);
int tsr_buf_puts(tsr_buf *buf, const char *s);
int tsr_buf_put_uint(tsr_buf *buf, unsigned long v); /* in decimal */
int tsr_buf_put_utf8(tsr_buf *buf, uint32_t cp);     /* as tsr_utf8_encode */

/* ------------------------------------------------------------ UTF-8 */

/* What tsr_utf8_decode found at the start of its input. */
#define TSR_UTF8_SCALAR 0 /* a well-formed sequence; *cp is its scalar value */
#define TSR_UTF8_ILL 1    /* a maximal subpart of an ill-formed sequence: one U+FFFD */
#define TSR_UTF8_CUT 2    /* a well-formed start that the input ends inside of */

/* Decodes the sequence at s[0..len) (len > 0) by the core's rule, the one
 * the parser applies to output: each maximal subpart of an ill-formed
 * sequence (Unicode 15, 3.9) is one U+FFFD, so a lead byte followed by a
 * byte that cannot continue it is replaced alone and the next byte is read
 * afresh. Sets *used to the bytes taken (all of them for TSR_UTF8_CUT) and
 * *cp to the scalar or U+FFFD; returns a TSR_UTF8_* value. */
int tsr_utf8_decode(const char *s, size_t len, uint32_t *cp, size_t *used);

/* ------------------------------------------------------------ hex */

/* The value of the hex digit c (either case), or -1. */
int tsr_hex_digit(int c);
/* Writes the two lower-case hex digits of byte into out. */
void tsr_hex_byte(unsigned char byte, char out[2]);

/* ------------------------------------------------------------ quoting */

#define TSR_QUOTE_SINGLE 1u    /* between ' marks (default: " marks) */
#define TSR_QUOTE_KEEP_UTF8 2u /* well-formed non-ASCII UTF-8 stays as it is */

/* Writes s[0..len) into out (cap >= 16) as one printable line between
 * quote marks: the mark and backslash escaped with a backslash, newline as
 * \n, other controls and every other byte at or above 0x7f as \xhh; input
 * that does not fit ends in "..." before the closing mark. Always
 * NUL-terminates; returns the length written. So a message can name a
 * hostile field without the field breaking the message. */
size_t tsr_quote(char *out, size_t cap, const char *s, size_t len, unsigned flags);

/* ------------------------------------------------------------ JSON */

/* Appends s[0..len) escaped as the inside of a JSON string (no quotes):
 * '"' and backslash escaped, \n and \r as such, other controls and DEL as
 * \u00xx, well-formed UTF-8 kept, ill-formed UTF-8 as U+FFFD by the rule of
 * tsr_utf8_decode. With cut NULL a sequence the input ends inside of is one
 * U+FFFD; otherwise it is left out and *cut is its length, for a caller
 * that will prepend it to the next piece of a stream. */
int tsr_json_escape(tsr_buf *out, const char *s, size_t len, size_t *cut);

/* ------------------------------------------------------------ escapes */

/* What is wrong with a backslash escape (tsr_unescape). */
#define TSR_UNESCAPE_UNKNOWN (-1)   /* no such escape letter */
#define TSR_UNESCAPE_HEX (-2)       /* \x without exactly two hex digits */
#define TSR_UNESCAPE_BRACE (-3)     /* \u without its opening brace */
#define TSR_UNESCAPE_DIGITS (-4)    /* \u{...} without 1 to 6 hex digits and '}' */
#define TSR_UNESCAPE_NOT_SCALAR (-5) /* \u{...} is a surrogate or above U+10FFFF */

/* Decodes one Crystal-style escape, the one tapes and test case files
 * share: s[0..len) starts after the backslash; n t r e a b f v 0 " \ are
 * one byte, \xHH one byte, \u{H..HHHHHH} a scalar value as UTF-8. Writes
 * the bytes to out (room for 4) and their count to *out_len; returns the
 * source bytes taken, or a TSR_UNESCAPE_* value. */
int tsr_unescape(const char *s, size_t len, char out[4], size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif
