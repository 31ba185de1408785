/* The parser's sink: each callback routes one parsed thing to the file
 * that owns its kind (print.c text, esc.c controls and ESC, csi.c CSI,
 * osc.c OSC and DCS), after ending the print state that joins grapheme
 * clusters, which anything but text (and REP) interrupts. */
#include "dispatch.h"

static void on_print_ascii(void *u, const uint8_t *s, size_t n)
{
    term_print_ascii(u, s, n);
}
static void on_print(void *u, uint32_t cp)
{
    term_print_cp(u, cp);
}
static size_t on_print_text(void *u, const uint8_t *s, size_t n)
{
    return term_print_text(u, s, n);
}
static void on_execute(void *u, uint8_t c)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_execute(t, c);
}
static void on_esc(void *u, const parser_seq *seq, uint8_t final)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_esc(t, seq, final);
}
static void on_csi(void *u, const parser_seq *seq, uint8_t final)
{
    tsr_term *t = u;
    /* REP needs the last character, so only it keeps the print state */
    if (final != 'b' || seq->marker || seq->ninter)
        t->gc_valid = 0;
    if (seq->clamped)
        term_note_seq(t, "CSI", seq, final, "parameters clamped");
    if (final == 'm' && !seq->marker && !seq->ninter)
        term_sgr(t, seq); /* the commonest sequence skips term_csi's table */
    else
        term_csi(t, seq, final);
}
static void on_osc(void *u, const uint8_t *d, size_t n, int truncated, uint8_t tb)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_osc(t, d, n, truncated, tb);
}
static void on_dcs(void *u, const parser_seq *seq, uint8_t final, const uint8_t *d, size_t n,
                   int truncated)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_dcs(t, seq, final, d, n, truncated);
}
static void on_ignored_string(void *u, uint8_t kind)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_note(t, kind == 'X' ? "SOS" : kind == '^' ? "PM" : "APC", "string ignored");
}
static void on_malformed(void *u, const parser_seq *seq, uint8_t final, char kind)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_note_seq(t, kind == 'P' ? "DCS" : "CSI", seq, final, "malformed, ignored");
}

const parser_sink dispatch_sink = {
    .print_ascii = on_print_ascii,
    .print = on_print,
    .print_text = on_print_text,
    .execute = on_execute,
    .esc = on_esc,
    .csi = on_csi,
    .osc = on_osc,
    .dcs = on_dcs,
    .ignored_string = on_ignored_string,
    .malformed = on_malformed,
};
