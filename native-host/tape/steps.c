/* The rows of steps.def as data. */
#include "steps.h"

#include <string.h>

const step_def STEPS[TAPE_OP_COUNT] = {
#define STEP(op, tape, spec, since, args, flags) {TAPE_##op, tape, spec, since, args, flags},
#include "steps.def"
#undef STEP
};

const step_def *step_by_tape_name(const char *name)
{
    for (size_t i = 0; i < TAPE_OP_COUNT; i++)
        if (STEPS[i].tape && strcmp(STEPS[i].tape, name) == 0)
            return &STEPS[i];
    return NULL;
}

const step_def *step_by_spec_key(const char *key, int version, int *later)
{
    *later = 0;
    for (size_t i = 0; i < TAPE_OP_COUNT; i++) {
        if (!STEPS[i].spec || strcmp(STEPS[i].spec, key) != 0)
            continue;
        if (STEPS[i].since <= version)
            return &STEPS[i];
        *later = STEPS[i].since;
    }
    return NULL;
}

const char *step_name(tape_op op, int spec)
{
    const step_def *d = &STEPS[op];
    if (spec && d->spec)
        return d->spec;
    return d->tape ? d->tape : d->spec;
}
