/* The table of steps (steps.def): what the tape parser, the executor, the
 * spec checker and the reports know of each kind of step. */
#ifndef TSR_CLI_STEPS_H
#define TSR_CLI_STEPS_H

#include "tape.h"

#define STEP_INPUT 1 /* sends input: waits for readiness first, unless now */

typedef struct step_def {
    tape_op op;
    const char *tape; /* the tape directive, or NULL */
    const char *spec; /* the spec key, or NULL */
    int since;        /* the first spec version with it (0: none) */
    const char *args; /* the tape's argument kinds (steps.def) */
    int flags;        /* STEP_* */
} step_def;

extern const step_def STEPS[TAPE_OP_COUNT];

/* The row of a tape directive, or NULL. */
const step_def *step_by_tape_name(const char *name);
/* The row of a spec key in a spec version, or NULL (*later gets the version
 * that has it, when a later one does: for the message). */
const step_def *step_by_spec_key(const char *key, int version, int *later);

/* A step's name in its file's syntax: the spec key for a spec (spec 1),
 * else the tape directive (a spec-only step by its key either way). */
const char *step_name(tape_op op, int spec);

#endif
