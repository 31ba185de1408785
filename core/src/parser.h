/* The DEC/ANSI parser: bytes in, actions out. It knows nothing of cells or
 * screens; it decodes UTF-8, splits controls from text and collects the
 * parameters of escape, CSI, OSC and DCS sequences, all within fixed
 * bounds. What it finds goes to a sink of callbacks. */
#ifndef TSR_PARSER_H
#define TSR_PARSER_H

#include <stddef.h>
#include <stdint.h>

#define PARSER_MAX_PARAMS 32
#define PARSER_MAX_PARAM_VALUE 65535
#define PARSER_MAX_INTERMEDIATES 2
#define PARSER_MAX_DCS_BYTES 4096

typedef struct parser_seq {
    int32_t params[PARSER_MAX_PARAMS]; /* -1 where the parameter was omitted */
    uint32_t sub_mask;                 /* bit i: params[i] followed a ':' */
    int nparams;
    uint8_t marker; /* private marker '<' '=' '>' '?' or 0 */
    uint8_t ninter;
    uint8_t inter[PARSER_MAX_INTERMEDIATES];
    uint8_t clamped; /* a value or the parameter count was over its bound */
} parser_seq;

typedef struct parser_sink {
    /* A run of printable ASCII (0x20-0x7e). */
    void (*print_ascii)(void *user, const uint8_t *s, size_t n);
    /* One decoded non-ASCII character (U+FFFD for malformed UTF-8). */
    void (*print)(void *user, uint32_t cp);
    /* Text in the ground state, from a byte that may start UTF-8 on: the
     * sink takes well-formed UTF-8 characters other than C1 controls and
     * printable ASCII from the front, and returns how many bytes it took.
     * It stops at the first byte that starts anything else (a control,
     * DEL, a C1 control, a malformed or cut-off sequence), which the state
     * machine then reads. */
    size_t (*print_text)(void *user, const uint8_t *s, size_t n);
    /* A C0 control, or a C1 control (0x80-0x9f) that is not a string or
     * sequence introducer. */
    void (*execute)(void *user, uint8_t ctl);
    void (*esc)(void *user, const parser_seq *seq, uint8_t final);
    void (*csi)(void *user, const parser_seq *seq, uint8_t final);
    /* A complete OSC string; terminator is 0x07 (BEL) or 0x9c (ST). When
     * truncated, the string was over its bound and data holds nothing. */
    void (*osc)(void *user, const uint8_t *data, size_t len, int truncated, uint8_t terminator);
    void (*dcs)(void *user, const parser_seq *seq, uint8_t final, const uint8_t *data, size_t len,
                int truncated);
    /* An SOS, PM or APC string (kind 'X', '^' or '_') was consumed. */
    void (*ignored_string)(void *user, uint8_t kind);
    /* A malformed sequence was dropped (final is the byte that ended it). */
    void (*malformed)(void *user, const parser_seq *seq, uint8_t final, char kind);
} parser_sink;

typedef struct parser {
    const parser_sink *sink;
    void *user;
    uint8_t state;
    uint8_t utf8_need;  /* continuation bytes still expected */
    uint8_t utf8_seen;  /* continuation bytes already taken */
    uint8_t utf8_lo, utf8_hi; /* allowed range of the next continuation byte */
    uint32_t utf8_cp;
    uint8_t str_utf8;   /* in OSC/DCS: continuation bytes pending */
    uint8_t str_kind;   /* ']' OSC, 'P' DCS, 'X' '^' '_' ignored strings */
    uint8_t str_esc;    /* saw ESC inside a string */
    uint8_t str_truncated;
    uint8_t dcs_final;
    uint8_t ascii_isa;  /* the form of the printable-ASCII scan (ascii.h) */
    parser_seq seq;
    uint8_t *str;       /* OSC/DCS payload, grown up to its bound */
    size_t str_len, str_cap;
} parser;

void parser_init(parser *p, const parser_sink *sink, void *user);
void parser_free(parser *p);
void parser_reset(parser *p);
/* Never fails: payloads that cannot be stored are dropped and reported as
 * truncated. */
void parser_feed(parser *p, const uint8_t *data, size_t len);

#endif
