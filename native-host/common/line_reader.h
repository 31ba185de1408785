/* Reads a stream line by line in fixed-size chunks. Lines may be any length
 * (the line buffer grows, every allocation checked); memory in use is the
 * chunk plus the longest line. */
#ifndef TSR_CLI_LINE_READER_H
#define TSR_CLI_LINE_READER_H

#include <stdio.h>

#define LINE_READER_CHUNK (64 * 1024)

typedef enum line_status {
    LINE_OK = 1,       /* a line was returned */
    LINE_END = 0,      /* no more lines */
    LINE_ERR_IO = -1,  /* read error; errno-style code in read_errno */
    LINE_ERR_NOMEM = -2,
} line_status;

typedef struct line_reader {
    FILE *fp;
    char *chunk;
    size_t pos, end;
    int eof;
    char *line;
    size_t line_len, line_cap;
    long number;    /* 1-based number of the line last returned */
    size_t max_line; /* 0, or: longer lines are cut to max_line + 1 bytes */
    int truncated;   /* the line last returned was cut */
    int read_errno;
} line_reader;

int line_reader_init(line_reader *lr, FILE *fp); /* LINE_OK or LINE_ERR_NOMEM */
void line_reader_free(line_reader *lr);

/* The next line, without its '\n'. With max_line set, a longer line comes
 * back as its first max_line + 1 bytes with truncated set (the rest is read
 * and dropped), so memory stays bounded and the caller can say "too long". A final line without '\n' is returned
 * too; the empty remainder after a final '\n' is not a line. *line stays
 * valid until the next call. */
int line_reader_next(line_reader *lr, const char **line, size_t *len);

#endif
