#include "tool_result.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tessera/text.h"

void tool_result_init(tool_result *r)
{
    memset(r, 0, sizeof *r);
    jw_init(&r->w, &r->structured);
    jw_object(&r->w, NULL);
}

void tool_result_free(tool_result *r)
{
    tsr_buf_free(&r->text);
    tsr_buf_free(&r->structured);
    tsr_buf_free(&r->notes);
}

/* Keeps the first failure for tool_result_finish. */
static void keep(tool_result *r, int rc)
{
    if (r->err == TSR_OK)
        r->err = rc;
}

static int vsay(tsr_buf *out, const char *fmt, va_list ap)
{
    char line[1024];
    vsnprintf(line, sizeof line, fmt, ap);
    return tsr_buf_puts(out, line);
}

void tool_result_say(tool_result *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    keep(r, vsay(&r->text, fmt, ap));
    va_end(ap);
}

void tool_result_note(tool_result *r, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (!r->notes_open) {
        jw_array(&r->w, "notes");
        r->notes_open = 1;
    }
    jw_cstring(&r->w, NULL, line);
    keep(r, tsr_buf_puts(&r->notes, "note: "));
    keep(r, tsr_buf_puts(&r->notes, line));
    keep(r, tsr_buf_putc(&r->notes, '\n'));
}

void tool_result_fail(tool_result *r, const char *fmt, ...)
{
    va_list ap;
    tsr_buf_clear(&r->text);
    va_start(ap, fmt);
    r->err = vsay(&r->text, fmt, ap); /* what failed before is dropped with the text */
    va_end(ap);
    r->is_error = 1;
}

int tool_result_finish(tool_result *r, tsr_buf *out)
{
    if (r->notes_open)
        jw_end(&r->w);
    jw_end(&r->w);
    /* notes come after the screen in the text, where a reader looks last */
    if (!r->is_error && r->notes.len) {
        if (r->text.len && r->text.data[r->text.len - 1] != '\n')
            keep(r, tsr_buf_putc(&r->text, '\n'));
        keep(r, tsr_buf_append(&r->text, r->notes.data, r->notes.len));
    }
    json_writer w;
    jw_init(&w, out);
    jw_object(&w, NULL);
    jw_array(&w, "content");
    jw_object(&w, NULL);
    jw_cstring(&w, "type", "text");
    jw_string(&w, "text", r->text.data, r->text.len);
    jw_end(&w);
    jw_end(&w);
    if (r->is_error)
        jw_bool(&w, "isError", 1);
    else if (r->w.err == TSR_OK)
        jw_raw(&w, "structuredContent", r->structured.data, r->structured.len);
    jw_end(&w);
    if (r->err != TSR_OK)
        return r->err;
    if (r->w.err != TSR_OK && !r->is_error)
        return r->w.err;
    return w.err;
}
