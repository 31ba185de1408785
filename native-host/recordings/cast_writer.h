/* Writing asciicast v2: a header line, then [time, code, data] events.
 * Output can split a UTF-8 character across reads; the writer holds the
 * incomplete tail back for the next event so every event's data is valid
 * UTF-8; bytes that can never be valid become U+FFFD, one for each maximal
 * subpart as the core's parser does (tessera/text.h). */
#ifndef TSR_CLI_CAST_WRITER_H
#define TSR_CLI_CAST_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct cast_writer {
    FILE *fp;
    uint64_t t0_ns;          /* event times are relative to it */
    unsigned char carry[2][4]; /* per stream (0 output, 1 input); at most 3 used */
    size_t ncarry[2];
} cast_writer;

/* Writes the header. Returns 0 or -1. */
int cast_writer_begin(cast_writer *w, FILE *fp, int cols, int rows, uint64_t t0_ns);
/* code 'o' or 'i'. Returns 0 or -1. */
int cast_writer_data(cast_writer *w, uint64_t t_ns, char code, const unsigned char *data, size_t len);
/* An "r" event, "COLSxROWS". */
int cast_writer_resize(cast_writer *w, uint64_t t_ns, int cols, int rows);

#endif
