/* Lines from a descriptor that poll said is readable: what one read gives
 * is kept until its lines are taken. Memory is bounded: a line longer than
 * max is dropped as it arrives and reported once, as too long. */
#ifndef TSR_MCP_LINE_BUFFER_H
#define TSR_MCP_LINE_BUFFER_H

#include <stddef.h>

typedef struct line_buffer {
    char *data;
    size_t len, cap, max;
    size_t taken;   /* bytes at the start already returned as lines */
    size_t scanned; /* bytes after taken known to hold no newline: each byte is looked at once */
    int dropping;   /* inside a line that was too long: skip to its end */
    int eof;        /* the descriptor gave end of file (or an error) */
} line_buffer;

void line_buffer_init(line_buffer *lb, size_t max);
void line_buffer_free(line_buffer *lb);

/* One read(). Returns 0, or -1 when memory ran out (eof is then set). */
int line_buffer_fill(line_buffer *lb, int fd);

/* Takes the next whole line (without '\n' or a '\r' before it): returns 1
 * with *line, *len (valid until the next fill); 2 for a line that was too
 * long (dropped); 0 when no whole line is left. After eof, a last line
 * without its newline is still a line. */
int line_buffer_take(line_buffer *lb, const char **line, size_t *len);

#endif
