/* Failure artifacts: when a live run fails, a folder holding its trace
 * (trace.journal), the final screen (screen.txt, screen.styled.txt), the
 * expected screen if there was one (expected.txt) and report.html, a static
 * page that shows why and links to the viewer at the failing moment.
 * Passing runs write nothing (retain-on-failure). */
#ifndef TSR_CLI_ARTIFACTS_H
#define TSR_CLI_ARTIFACTS_H

#include <stddef.h>

#include "tessera/tessera.h"
#include "trace.h"

#define ARTIFACTS_ENV "TESSERA_ARTIFACTS"
#define ARTIFACTS_FOLDER "tessera-artifacts"

typedef struct artifact_info {
    const char *root;     /* --artifacts DIR; NULL: $TESSERA_ARTIFACTS, else the default */
    const char *beside;   /* the test file: the default root is its folder's
                           * tessera-artifacts/ (NULL: ./tessera-artifacts/) */
    const char *name;     /* the command, or NULL to name the folder after beside */
    const char *reason;   /* why it failed (no private text) */
    const char *expected; /* the expected screen, or NULL */
    size_t expected_len;
} artifact_info;

/* Whether a run that ended with this exit code leaves artifacts (1 and 3). */
int artifacts_wanted(int exit_code);

/* Writes the folder <root>/<name>-<UTC time>[-N]/ and prints its path on
 * stderr ("tessera: artifacts: PATH"). Returns 0, or -1 after printing
 * why (the run's own exit code stands either way). */
int artifacts_write(const artifact_info *info, const trace *tr, const tsr_term *term);

#endif
