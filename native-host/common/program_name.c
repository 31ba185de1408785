#include "program_name.h"

#include <string.h>

/* Set once by dispatch before any command runs; read by help and diagnostics. */
static const char *name = "tessera";

void program_name_set(const char *argv0)
{
    if (!argv0 || !argv0[0])
        return;
    const char *slash = strrchr(argv0, '/');
    name = slash && slash[1] ? slash + 1 : argv0;
}

const char *program_name(void)
{
    return name;
}
