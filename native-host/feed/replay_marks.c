#include "replay_marks.h"

#include <stdio.h>

#include "diag.h"
#include "exit_codes.h"
#include "terminal_safe.h"

int replay_marks_add(tsr_buf *out, long event, uint64_t t_ns, const char *label, size_t len)
{
    char head[64];
    snprintf(head, sizeof head, "event %ld at %llu ms: ", event,
             (unsigned long long)(t_ns / 1000000u));
    int rc = tsr_buf_puts(out, head);
    for (size_t i = 0; rc == TSR_OK && i < len; i++) {
        unsigned char c = (unsigned char)label[i];
        if (c < 0x20 || c == 0x7f) {
            char hex[5] = {'\\', 'x', 0, 0, 0};
            tsr_hex_byte(c, hex + 2);
            rc = tsr_buf_append(out, hex, 4);
        } else {
            rc = tsr_buf_putc(out, (char)c);
        }
    }
    return rc == TSR_OK ? tsr_buf_putc(out, '\n') : rc;
}

int replay_marks_print(const tsr_buf *list, const char *file)
{
    if (list->len == 0) {
        safe_fprintf(stderr, "%s: the recording has no marks\n", file);
        return TSR_EXIT_OK;
    }
    if (terminal_safe_write(stdout, (const char *)list->data, list->len, TERMINAL_ESCAPE_TEXT) != 0 ||
        fflush(stdout) != 0)
        return diag_internal("cannot write to stdout");
    return TSR_EXIT_OK;
}
