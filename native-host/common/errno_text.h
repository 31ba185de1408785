/* The text of an errno value as glibc words it, on every libc: the native
 * tool and its WASI build (wasi-libc words some differently) print the same
 * diagnostics. */
#ifndef TSR_CLI_ERRNO_TEXT_H
#define TSR_CLI_ERRNO_TEXT_H

const char *errno_text(int errnum);

#endif
