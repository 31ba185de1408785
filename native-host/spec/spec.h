/* JSON test specs (versions 1 and 2, README "JSON test specs"): read,
 * checked whole before anything runs, and compiled to the same step
 * program a tape compiles to (tape.h), run by the same executor. */
#ifndef TSR_CLI_SPEC_H
#define TSR_CLI_SPEC_H

#include <stddef.h>

#include "tape.h"

#define SPEC_MAX_BYTES (1u << 20)   /* a larger file is refused */
#define SPEC_MAX_STEPS 1000
#define SPEC_MAX_SNAPSHOTS 100      /* distinct snapshot names */
#define SPEC_MAX_ERRORS 20          /* reported per file; the rest are counted */
#define SPEC_MAX_VERSION 3

typedef struct spec_info {
    int version;      /* 1 to SPEC_MAX_VERSION */
    char *workspace;  /* v2: the fixture folder, relative to the spec (owned, or NULL) */
    int report_details; /* "report_details": true: reports carry expected text and the screen */
} spec_info;

/* Reads and checks the spec at path and compiles it into *out. Every error
 * is printed to stderr as "FILE:LINE:COLUMN: reason" (never naming the
 * command's arguments, environment names or values, or step text).
 * Returns TSR_EXIT_OK or TSR_EXIT_USAGE (invalid or unreadable). */
int spec_load(const char *path, tape *out, spec_info *info);
/* The same for a spec in memory; name stands for the file in messages. */
int spec_load_bytes(const char *name, const char *bytes, size_t len, tape *out, spec_info *info);
void spec_info_free(spec_info *info);

#endif
