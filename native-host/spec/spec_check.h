/* What spec_load checks, field by field, with the place of every error. */
#ifndef TSR_CLI_SPEC_CHECK_H
#define TSR_CLI_SPEC_CHECK_H

#include <stddef.h>

#include "spec.h"
#include "tessera/json.h"

typedef struct spec_ctx {
    const char *name;   /* the file, for messages */
    const char *text;   /* its bytes, for lines and columns */
    size_t len;
    size_t errors;
    tape *t;
    spec_info *info;
} spec_ctx;

/* "FILE:LINE:COLUMN: reason" for the byte at offset; counts it. */
void spec_error(spec_ctx *c, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A variable name: letters, digits and _, not starting with a digit. */
int spec_env_name_ok(const char *s, size_t len);
/* {"cols": C, "rows": R} and nothing else (viewport, resize): 1, or 0 with
 * the errors printed. */
int spec_size(spec_ctx *c, const char *what, const tsr_json_value *v, int *cols, int *rows);

/* The top-level fields but steps (version checked first by the caller). */
void spec_check_fields(spec_ctx *c, const tsr_json_value *root);
/* The steps: each action, then the ordering rules. */
void spec_check_steps(spec_ctx *c, const tsr_json_value *steps);

#endif
