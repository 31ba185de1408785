/* Quoting for messages: whatever bytes a hostile file or argument holds,
 * the message that names them stays one printable line. */
#include "tessera/text.h"

#include <string.h>

/* The escaped form of the unit at s[0..len) into piece (room for 4); sets
 * *taken to the source bytes it stands for and returns its length. */
static size_t quote_piece(const char *s, size_t len, char mark, unsigned flags, char *piece,
                          size_t *taken)
{
    unsigned char c = (unsigned char)s[0];
    *taken = 1;
    if (c == (unsigned char)mark || c == '\\') {
        piece[0] = '\\';
        piece[1] = (char)c;
        return 2;
    }
    if (c == '\n') {
        memcpy(piece, "\\n", 2);
        return 2;
    }
    if (c >= 0x20 && c < 0x7f) {
        piece[0] = (char)c;
        return 1;
    }
    uint32_t cp;
    size_t used;
    if (c >= 0x80 && (flags & TSR_QUOTE_KEEP_UTF8) &&
        tsr_utf8_decode(s, len, &cp, &used) == TSR_UTF8_SCALAR) {
        memcpy(piece, s, used);
        *taken = used;
        return used;
    }
    piece[0] = '\\';
    piece[1] = 'x';
    tsr_hex_byte(c, piece + 2);
    return 4;
}

size_t tsr_quote(char *out, size_t cap, const char *s, size_t len, unsigned flags)
{
    char mark = (flags & TSR_QUOTE_SINGLE) ? '\'' : '"';
    size_t o = 0;
    out[o++] = mark;
    for (size_t i = 0; i < len;) {
        char piece[4];
        size_t taken;
        size_t n = quote_piece(s + i, len - i, mark, flags, piece, &taken);
        /* keep room for the piece, "...", the closing mark and the NUL */
        if (o + n + 5 > cap) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        memcpy(out + o, piece, n);
        o += n;
        i += taken;
    }
    out[o++] = mark;
    out[o] = '\0';
    return o;
}
