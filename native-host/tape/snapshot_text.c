/* One pass, writing behind the read position: the text only shrinks, but
 * for the final newline, which the caller leaves room for. */
#include "snapshot_text.h"

void snapshot_normalise(char *text, size_t *len)
{
    size_t w = 0, line_start = 0;
    for (size_t r = 0; r < *len; r++) {
        char c = text[r];
        if (c == '\r') {
            if (r + 1 < *len && text[r + 1] == '\n')
                continue; /* CRLF: the LF ends the line */
            c = '\n';
        }
        if (c == '\n') {
            while (w > line_start && text[w - 1] == ' ')
                w--;
            text[w++] = '\n';
            line_start = w;
            continue;
        }
        text[w++] = c;
    }
    while (w > line_start && text[w - 1] == ' ')
        w--;
    while (w > 0 && text[w - 1] == '\n') /* unused rows */
        w--;
    text[w++] = '\n';
    *len = w;
}
