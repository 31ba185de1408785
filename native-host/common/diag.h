/* Diagnostics: every error the CLI reports is one line on stderr. */
#ifndef TSR_CLI_DIAG_H
#define TSR_CLI_DIAG_H

#include <stdarg.h>

#if defined(__GNUC__)
#define TSR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TSR_PRINTF(f, a)
#endif

/* "tessera: <reason> (see tessera --help)"; returns TSR_EXIT_USAGE. */
int diag_usage(const char *fmt, ...) TSR_PRINTF(1, 2);

/* "FILE:LINE: <reason>"; returns TSR_EXIT_USAGE (an invalid input file). */
int diag_file_line(const char *file, long line, const char *fmt, ...) TSR_PRINTF(3, 4);

/* "FILE: cannot open: <strerror>" (or "cannot read"); returns TSR_EXIT_USAGE. */
int diag_file_errno(const char *file, const char *what, int errnum);

/* "tessera: <what>: <core status>"; returns TSR_EXIT_INTERNAL. */
int diag_core(const char *what, int status);

/* "tessera: <reason>" (fmt and ap, printed as terminal_safe.h prints), for
 * diagnostics that add to the line. */
void diag_vline(const char *fmt, va_list ap);

/* "tessera: <reason>"; returns TSR_EXIT_INTERNAL. */
int diag_internal(const char *fmt, ...) TSR_PRINTF(1, 2);

#endif
