/* One-line diagnostics on stderr, each paired with the exit code its class
 * of error gets, so a command reports and returns in one statement. */
#include "terminal_safe.h"
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

#include "errno_text.h"
#include "exit_codes.h"
#include "program_name.h"
#include "tessera/tessera.h"

int diag_usage(const char *fmt, ...)
{
    va_list ap;
    fputs("tessera: ", stderr);
    va_start(ap, fmt);
    safe_vfprintf(stderr, fmt, ap);
    va_end(ap);
    safe_fprintf(stderr, " (see %s --help)\n", program_name());
    return TSR_EXIT_USAGE;
}

int diag_file_line(const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    safe_fprintf(stderr, "%s:%ld: ", file, line);
    va_start(ap, fmt);
    safe_vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return TSR_EXIT_USAGE;
}

int diag_file_errno(const char *file, const char *what, int errnum)
{
    safe_fprintf(stderr, "%s: %s: %s\n", file, what, errno_text(errnum));
    return TSR_EXIT_USAGE;
}

int diag_core(const char *what, int status)
{
    safe_fprintf(stderr, "tessera: %s: %s\n", what, tsr_status_str(status));
    return TSR_EXIT_INTERNAL;
}

void diag_vline(const char *fmt, va_list ap)
{
    fputs("tessera: ", stderr);
    safe_vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int diag_internal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vline(fmt, ap);
    va_end(ap);
    return TSR_EXIT_INTERNAL;
}
