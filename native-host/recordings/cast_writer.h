/* Writing asciicast: a header line, then [time, code, data] events, in v2
 * (times since the start) or v3 (intervals since the previous event, and an
 * "x" event for the exit). Output can split a UTF-8 character across reads;
 * the writer holds the incomplete tail back for the next event so every
 * event's data is valid UTF-8; bytes that can never be valid become U+FFFD,
 * one for each maximal subpart as the core's parser does (tessera/text.h). */
#ifndef TSR_CLI_CAST_WRITER_H
#define TSR_CLI_CAST_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct cast_writer {
    FILE *fp;
    int version;             /* 2 or 3 */
    uint64_t t0_ns;          /* event times are relative to it */
    uint64_t last_us;        /* v3: the previous event's time, as v2 would write it */
    unsigned char carry[2][4]; /* per stream (0 output, 1 input); at most 3 used */
    size_t ncarry[2];
} cast_writer;

/* Writes the header of version 2 or 3. Returns 0 or -1. */
int cast_writer_begin(cast_writer *w, FILE *fp, int version, int cols, int rows, uint64_t t0_ns);
/* code 'o' or 'i'. Returns 0 or -1. */
int cast_writer_data(cast_writer *w, uint64_t t_ns, char code, const unsigned char *data, size_t len);
/* An "r" event, "COLSxROWS". */
int cast_writer_resize(cast_writer *w, uint64_t t_ns, int cols, int rows);
/* v3's "x" event (v2 has none: nothing is written). A program a signal
 * ended is written as 128 + the signal, the status a shell reports. */
int cast_writer_exit(cast_writer *w, uint64_t t_ns, int code, int signal);

#endif
