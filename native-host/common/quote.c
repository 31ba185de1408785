/* Quoting for diagnostics: an error message must stay one printable line,
 * whatever bytes a hostile file put in the field it is complaining about. */
#include "quote.h"

#include <stdio.h>

void quote_for_message(char *out, size_t cap, const char *s, size_t len)
{
    size_t o = 0;
    out[o++] = '"';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        char piece[8];
        if (c == '"' || c == '\\')
            snprintf(piece, sizeof piece, "\\%c", c);
        else if (c == '\n')
            snprintf(piece, sizeof piece, "\\n");
        else if (c < 0x20 || c >= 0x7f)
            snprintf(piece, sizeof piece, "\\x%02x", c);
        else
            snprintf(piece, sizeof piece, "%c", c);
        size_t n = 0;
        while (piece[n])
            n++;
        /* keep room for the piece, "...", the closing quote and the NUL */
        if (o + n + 5 > cap) {
            out[o++] = '.';
            out[o++] = '.';
            out[o++] = '.';
            break;
        }
        for (size_t k = 0; k < n; k++)
            out[o++] = piece[k];
    }
    out[o++] = '"';
    out[o] = '\0';
}
