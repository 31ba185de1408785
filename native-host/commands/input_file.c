/* Input files: stdin is never closed, named files always are. */
#include "input_file.h"

#include <errno.h>
#include <string.h>

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
    in->fp = fopen(path, "rb");
    if (!in->fp)
        return diag_file_errno(path, "cannot open", errno);
    return TSR_EXIT_OK;
}

void input_close(input_file *in)
{
    if (in->fp && in->fp != stdin)
        fclose(in->fp);
    in->fp = NULL;
}
