/* What an OSC 8 hyperlink costs: feeds LINKS distinct URIs of URI_BYTES
 * bytes each (one linked cell per URI, on an 80x24 screen), then the same
 * URIs again, and prints the time per OSC 8 for the first pass (new links)
 * and the second (links the table may still hold).
 *
 *   osc8_links [--uri-bytes N] [--links N]   (defaults 2000 and 4096) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tessera/tessera.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One pass over every link: OSC 8 ; ; URI ST, a cell, OSC 8 ; ; ST. */
static int pass(tsr_term *t, char *seq, size_t uri_bytes, int links, double *secs)
{
    double start = now_s();
    for (int i = 0; i < links; i++) {
        /* the URI's last 8 bytes number it, so every URI is distinct */
        char num[9];
        snprintf(num, sizeof num, "%08d", i);
        memcpy(seq + 5 + uri_bytes - 8, num, 8);
        int rc = tsr_term_feed(t, seq, 5 + uri_bytes + 2 + 1 + 7);
        if (rc) {
            fprintf(stderr, "osc8_links: feed failed: %s\n", tsr_status_str(rc));
            return 1;
        }
    }
    *secs = now_s() - start;
    return 0;
}

int main(int argc, char **argv)
{
    long uri_bytes = 2000, links = 4096;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--uri-bytes"))
            uri_bytes = strtol(argv[++i], NULL, 10);
        else if (i + 1 < argc && !strcmp(argv[i], "--links"))
            links = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: osc8_links [--uri-bytes N] [--links N]\n");
            return 2;
        }
    }
    if (uri_bytes < 8 || uri_bytes > 60000 || links < 1 || links > 10000000) {
        fprintf(stderr, "osc8_links: --uri-bytes 8..60000, --links 1..10000000\n");
        return 2;
    }
    size_t n = (size_t)uri_bytes;
    char *seq = malloc(5 + n + 2 + 1 + 7);
    tsr_options o;
    tsr_options_default(&o);
    tsr_term *t = NULL;
    if (!seq || tsr_term_new(&o, &t)) {
        fprintf(stderr, "osc8_links: out of memory\n");
        free(seq);
        return 5;
    }
    memcpy(seq, "\x1b]8;;", 5);
    memset(seq + 5, 'u', n);
    memcpy(seq + 5 + n, "\x1b\\L\x1b]8;;\x1b\\", 2 + 1 + 7);
    double first = 0, second = 0;
    int rc = pass(t, seq, n, (int)links, &first) || pass(t, seq, n, (int)links, &second);
    if (!rc)
        printf("uri %ld bytes, %ld links: new %.2f us/OSC 8, again %.2f us/OSC 8\n", uri_bytes,
               links, first * 1e6 / (double)links, second * 1e6 / (double)links);
    tsr_term_free(t);
    free(seq);
    return rc ? 5 : 0;
}
