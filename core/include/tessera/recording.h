/* tessera: reading asciicast v2 and v3 recordings, one line at a time.
 *
 * The reader lives in the core so that every engine (the native CLI, the
 * wasm builds under the JS package) accepts and rejects exactly the same
 * files with exactly the same reasons. It does no I/O: the host reads the
 * file, splits it at '\n' and hands each line (without the '\n') over.
 *
 * Line 1 is the header, a JSON object whose "version" says the format.
 * v2 (https://docs.asciinema.org/manual/asciicast/v2/): integer "width" and
 * "height" (1..TSR_MAX_COLS / 1..TSR_MAX_ROWS). v3
 * (https://docs.asciinema.org/manual/asciicast/v3/): a "term" object with
 * integer "cols" and "rows" (same bounds). Other header fields are allowed
 * and ignored. Every further line is one event, [time, code, data]: in v2
 * time is seconds since the start, a number >= 0 that never decreases; in
 * v3 it is the interval since the previous event, a number >= 0, and the
 * event's time is the sum of the intervals so far, added in whole
 * nanoseconds (each interval rounded), so a v3 file and the v2 file of the
 * same session (microsecond times) give the same time_ns to the nanosecond.
 * Codes: "o" (output), "i" (input), "r" (resize, data "COLSxROWS"), "m"
 * (marker) and, in v3 only, "x" (exit, data the status "0".."255"); data is a
 * string. Any other code is an error. In v3 a line starting with '#' is a
 * comment (TSR_CAST_COMMENT: not an event); line 1 cannot be one. A line
 * that is empty (or only blanks) is an error; a file's final '\n' does not
 * start a line. */
#ifndef TESSERA_RECORDING_H
#define TESSERA_RECORDING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tsr_cast_kind {
    TSR_CAST_HEADER = 1, /* cols, rows: the header's width and height */
    TSR_CAST_OUTPUT = 2, /* data: what the program wrote */
    TSR_CAST_INPUT = 3,  /* data: what was typed (never shown) */
    TSR_CAST_RESIZE = 4, /* cols, rows */
    TSR_CAST_MARKER = 5, /* data: the marker's label */
    TSR_CAST_EXIT = 6,   /* v3: exit_code, the program's exit status */
    TSR_CAST_COMMENT = 7, /* v3: a '#' line; not an event, nothing to do */
} tsr_cast_kind;

/* One line's meaning. Field order keeps the layout the same on 32- and
 * 64-bit targets up to pointer size (the JS wrapper reads it directly). */
typedef struct tsr_cast_event {
    uint64_t time_ns; /* events: the time from the start in nanoseconds (rounded; 0 for the header) */
    double time;      /* events: in seconds, as written (v2) or time_ns / 1e9 (v3) */
    const char *data; /* OUTPUT, INPUT, MARKER: decoded bytes, valid until the next call */
    size_t len;
    int kind;         /* tsr_cast_kind */
    int cols, rows;   /* HEADER and RESIZE */
    int version;      /* HEADER: the format, 2 or 3 */
    int exit_code;    /* EXIT: 0..255 */
} tsr_cast_event;

typedef struct tsr_cast_reader tsr_cast_reader;

/* Limits every engine applies alike (memory stays in line with them):
 * a header line of at most 1 MiB holding at most 65,536 JSON values, an
 * event line of at most 16 MiB holding at most 64. */
#define TSR_CAST_MAX_HEADER_BYTES (1u << 20)
#define TSR_CAST_MAX_HEADER_VALUES 65536u
#define TSR_CAST_MAX_LINE_BYTES (16u << 20)
#define TSR_CAST_MAX_EVENT_VALUES 64u

int tsr_cast_reader_new(tsr_cast_reader **out);
void tsr_cast_reader_free(tsr_cast_reader *reader);

/* Reads the next line (the reader counts them, from 1). TSR_OK fills *event;
 * TSR_ERR_FORMAT means the recording is invalid: tsr_cast_reader_error says
 * why and on which line. TSR_ERR_NOMEM leaves the reader usable. Stop at the
 * first error: lines after it are not checked against the ones before. */
int tsr_cast_reader_line(tsr_cast_reader *reader, const void *line, size_t len,
                         tsr_cast_event *event);

/* Ends the recording: TSR_ERR_FORMAT if it held no line at all. */
int tsr_cast_reader_finish(tsr_cast_reader *reader);

/* Lines read so far. */
long tsr_cast_reader_lines(const tsr_cast_reader *reader);

/* The last error's reason (never NULL; "" if none) and its 1-based line. */
const char *tsr_cast_reader_error(const tsr_cast_reader *reader, long *line);

#ifdef __cplusplus
}
#endif

#endif
