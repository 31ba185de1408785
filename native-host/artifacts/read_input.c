#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifacts_commands.h"
#include "diag.h"
#include "exit_codes.h"
#include "tessera/text.h"

char *artifacts_read_input(const char *path, size_t *len, int *code)
{
    int std = strcmp(path, "-") == 0;
    FILE *fp = std ? stdin : fopen(path, "rb");
    if (!fp) {
        *code = diag_file_errno(path, "cannot open", errno);
        return NULL;
    }
    tsr_buf b = {0};
    char chunk[8192];
    size_t n;
    int bad = 0, big = 0;
    while (!bad && !big && (n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        big = b.len + n > ARTIFACTS_MAX_INPUT_BYTES;
        bad = !big && tsr_buf_append(&b, chunk, n) != TSR_OK;
    }
    int read_errno = ferror(fp) ? errno : 0;
    if (!std)
        fclose(fp);
    if (big)
        *code = diag_usage("%s: larger than %lu MiB", std ? "<stdin>" : path,
                           ARTIFACTS_MAX_INPUT_BYTES >> 20);
    else if (read_errno)
        *code = diag_file_errno(std ? "<stdin>" : path, "cannot read", read_errno);
    else if (bad || tsr_buf_putc(&b, '\0') != TSR_OK)
        *code = diag_internal("out of memory");
    else {
        *len = b.len - 1;
        return (char *)b.data;
    }
    tsr_buf_free(&b);
    return NULL;
}
