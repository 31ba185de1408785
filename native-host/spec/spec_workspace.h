/* A v2 spec's workspace: its fixture folder copied fresh into a temporary
 * folder, which becomes the program's working directory and is removed
 * afterwards. The copy is bounded (SPEC_WORKSPACE_MAX_*): regular files and
 * folders only (a link, device or socket is refused). */
#ifndef TSR_CLI_SPEC_WORKSPACE_H
#define TSR_CLI_SPEC_WORKSPACE_H

#include <stddef.h>

#include "tape.h"

#define SPEC_WORKSPACE_MAX_BYTES (64u << 20)
#define SPEC_WORKSPACE_MAX_FILES 10000u

typedef struct spec_workspace {
    char path[512]; /* the copy (empty: none) */
    size_t files, bytes;
} spec_workspace;

/* Copies the folder `workspace` (relative to the spec's folder) into a new
 * temporary folder. Returns 0, or -1 with why (no copy is left). */
int spec_workspace_copy(const char *spec_path, const char *workspace, spec_workspace *w,
                        char *why, size_t cap);
/* Makes the copy the program's working directory: the spec's cwd, if any,
 * resolved inside it. Returns 0 or -1 (out of memory). */
int spec_workspace_cwd(const spec_workspace *w, tape *t);
/* Removes the copy; idempotent. */
void spec_workspace_remove(spec_workspace *w);

#endif
