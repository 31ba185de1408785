/* The line protocol of README.md for adapters written in C: reading one
 * command at a time and checking it strictly, quoting strings on the way
 * out, and failing with the offending line named. An adapter only maps the
 * parsed commands onto its emulator; what is a well-formed command is
 * decided here, once, so every C adapter rejects the same input. Besides the
 * C library it uses only tessera's text utilities (tessera/text.h: hex digits,
 * quoting), no emulator, so the libvterm adapter links no terminal of ours. */
#ifndef CORPUS_BACKEND_PROTOCOL_H
#define CORPUS_BACKEND_PROTOCOL_H

#include <stddef.h>

/* Sizes the protocol itself accepts; an emulator may refuse less. */
#define PROTO_MAX_SIZE 100000
#define PROTO_MAX_SCROLLBACK 100000000
#define PROTO_MAX_MODE 99999

typedef enum proto_kind {
    PROTO_OPEN,
    PROTO_FEED,
    PROTO_RESIZE,
    PROTO_RESET,
    PROTO_MODE,
    PROTO_KEYPAD,
    PROTO_DUMP,
    PROTO_STYLED,
    PROTO_FIND,
} proto_kind;

typedef struct proto_command {
    proto_kind kind;
    const char *name;       /* the command's word, for `unsupported NAME` */
    int rows, cols;         /* open, resize */
    int scrollback, reflow; /* open */
    const unsigned char *bytes; /* feed: the bytes; find: the needle (owned by the reader) */
    size_t len;
    int mode, private_mode; /* mode: N, and 1 for ?N */
    int exact;              /* find */
    int has_area;           /* find ... in R C H W */
    int area_row, area_col, area_height, area_width;
} proto_command;

typedef struct proto_reader {
    const char *adapter; /* "tessera", "libvterm": the prefix of messages */
    char *line;          /* the current line, without its newline */
    size_t len, cap;
    unsigned char *bytes; /* decoded feed bytes or find needle */
    size_t bytes_cap;
    long number;         /* 1-based number of the current line */
    int opened;          /* an open was read */
} proto_reader;

/* Reads the next command from stdin into *cmd: 1 for a command, 0 at the
 * end of input or at `quit`. A malformed line (or anything but open first)
 * ends the process with status 2 and a message naming the line. */
int proto_read(proto_reader *r, proto_command *cmd);

/* Ends the process with status 2: "NAME adapter: line N: WHAT: LINE" on
 * stderr (LINE quoted and cut short). For commands the emulator refuses too. */
void proto_fail(const proto_reader *r, const char *what);

/* Ends the process with status 2 naming an emulator failure of the line. */
void proto_fail_status(const proto_reader *r, const char *call, const char *status);

void proto_reader_free(proto_reader *r);

/* Writes s[0..len) as the protocol quotes strings: between " marks, bytes
 * below 0x20, 0x7f, '"' and '\' as \xNN, every other byte as it is. */
void proto_put_quoted(const void *s, size_t len);

/* `unsupported NAME` for a command the emulator cannot answer. */
void proto_put_unsupported(const proto_command *cmd);

/* Flushes stdout after an answer, so a caller on a pipe gets it now; a
 * failed write ends the process with status 2. */
void proto_flush(const proto_reader *r);

#endif
