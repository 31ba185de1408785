/* Input files: stdin is never closed, named files always are. */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include "input_file.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "exit_codes.h"

int input_open(input_file *in, const char *path)
{
    if (!path || strcmp(path, "-") == 0) {
        in->fp = stdin;
        in->name = "<stdin>";
        return TSR_EXIT_OK;
    }
    in->name = path;
    in->fp = NULL;
    /* An empty path names no file (POSIX); wasi-libc would open the working
     * directory instead. */
    if (path[0] == '\0')
        return diag_file_errno(path, "cannot open", ENOENT);
    in->fp = fopen(path, "rb");
    if (!in->fp)
        return diag_file_errno(path, "cannot open", errno);
    /* A directory opens but cannot be read: said here, as glibc's read() would
     * say it, because WASI refuses the read with its own error instead. */
    struct stat st;
    if (fstat(fileno(in->fp), &st) == 0 && S_ISDIR(st.st_mode)) {
        input_close(in);
        return diag_file_errno(path, "cannot read", EISDIR);
    }
    return TSR_EXIT_OK;
}

void input_close(input_file *in)
{
    if (in->fp && in->fp != stdin)
        fclose(in->fp);
    in->fp = NULL;
}
