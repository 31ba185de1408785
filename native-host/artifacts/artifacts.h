/* Failure artifacts: when a run fails, a folder holding its trace
 * (trace.journal), the screen at the failing moment (screen.txt,
 * screen.styled.txt), the expected screen if there was one (expected.txt)
 * and report.html: the viewer page (page_write.h) with the trace inside,
 * opened at the failing step, the expected screen beside it. Passing runs
 * write nothing (retain-on-failure). Every front end writes them here: the
 * live commands in-process, the JS package through `tessera artifacts`.
 *
 * The failing moment is the failed step's end mark (trace.h): the screens
 * are the trace replayed up to it (journal_screen.h), so screen.txt, the
 * report and `tessera replay --step N trace.journal` show one screen. */
#ifndef TSR_CLI_ARTIFACTS_H
#define TSR_CLI_ARTIFACTS_H

#include <stddef.h>

#include "tessera/tessera.h"

#define ARTIFACTS_ENV "TESSERA_ARTIFACTS"
#define ARTIFACTS_FOLDER "tessera-artifacts"
#define ARTIFACTS_PATH_MAX 4096

typedef struct artifact_info {
    const char *root;     /* --artifacts DIR; NULL: $TESSERA_ARTIFACTS, else the default */
    const char *beside;   /* the test file: the default root is its folder's
                           * tessera-artifacts/ (NULL: ./tessera-artifacts/) */
    const char *name;     /* the folder's name (a command, a JS test's name), or NULL
                           * to name it after beside's file name without extensions */
    const char *title;    /* what failed, in the report (NULL: name, else beside) */
    const char *reason;   /* why it failed, one line */
    const char *expectation; /* what the failed step expected, as text; NULL: none or
                              * private (a spec's) */
    const char *expected; /* the expected screen (a golden file), or NULL */
    size_t expected_len;
    long step;            /* the failed step: its end mark is the failing moment; -1: none */
    long event;           /* without a step: the failing moment in events (-1: the end) */
    tsr_options term;     /* the session terminal's options (reflow, scrollback): the
                           * trace is replayed with them */
} artifact_info;

typedef struct artifact_result {
    char folder[ARTIFACTS_PATH_MAX]; /* "" when it could not be made */
    tsr_buf screen;   /* the failing moment's screen as text (rows trimmed) */
    long event;       /* the failing moment in events */
} artifact_result;

/* Whether a run that ended with this exit code leaves artifacts (1 and 3). */
int artifacts_wanted(int exit_code);

/* Writes the folder <root>/<name>-<UTC time>[-N]/ and prints its path on
 * stderr ("tessera: artifacts: PATH"); out (may be NULL) gets the folder
 * and the failing moment's screen (the screen even when the folder could
 * not be made). Returns 0, or -1 after printing why (the run's own exit
 * code stands either way). */
int artifacts_write(const artifact_info *info, const void *trace, size_t len,
                    artifact_result *out);

void artifact_result_free(artifact_result *r);

#endif
