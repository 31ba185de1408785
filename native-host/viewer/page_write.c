/* The template is copied up to its placeholder, the data element is
 * written in its place, then the rest follows. Every string is JSON with
 * '<' as \u003c, so the terminal's text cannot end the element; the page
 * runs only its own script (its Content-Security-Policy). */
#include "page_write.h"

#include <errno.h>
#include <string.h>

#include "tessera/text.h"
#include "viewer_page.h"

#define PLACEHOLDER "<!--tessera-data-->"
#define BASE64_BLOCK (3 * 4096) /* bytes encoded at a time: whole 3-byte groups */

int page_available(void)
{
    return tsr_viewer_page_len > 0;
}

const char *page_status_text(int status)
{
    switch (status) {
    case PAGE_NO_TEMPLATE:
        return "this tessera was built without the viewer page (it needs the wasm engine: "
               "emscripten, and node with esbuild)";
    case PAGE_WRITE:
        return "cannot write the page";
    case PAGE_READ:
        return "cannot read the file";
    case PAGE_NOMEM:
        return "out of memory";
    default:
        return "ok";
    }
}

/* Where the placeholder starts in the template, or -1. */
static long placeholder_at(void)
{
    size_t n = strlen(PLACEHOLDER);
    for (size_t i = 0; i + n <= tsr_viewer_page_len; i++)
        if (memcmp(tsr_viewer_page + i, PLACEHOLDER, n) == 0)
            return (long)i;
    return -1;
}

static int put(FILE *fp, const void *data, size_t len)
{
    return fwrite(data, 1, len, fp) == len ? PAGE_OK : PAGE_WRITE;
}

static int puts_(FILE *fp, const char *s)
{
    return put(fp, s, strlen(s));
}

/* s[0..len) as a JSON string, quotes included. */
static int json_string(FILE *fp, const char *s, size_t len)
{
    tsr_buf b = {0};
    if (tsr_json_escape(&b, s, len, NULL) != TSR_OK) {
        tsr_buf_free(&b);
        return PAGE_NOMEM;
    }
    int rc = putc('"', fp) == EOF ? PAGE_WRITE : PAGE_OK;
    size_t from = 0;
    for (size_t i = 0; rc == PAGE_OK && i <= b.len; i++) {
        if (i < b.len && b.data[i] != '<')
            continue;
        rc = put(fp, b.data + from, i - from);
        if (rc == PAGE_OK && i < b.len)
            rc = puts_(fp, "\\u003c");
        from = i + 1;
    }
    tsr_buf_free(&b);
    return rc == PAGE_OK && putc('"', fp) != EOF ? PAGE_OK : PAGE_WRITE;
}

static int field(FILE *fp, const char *name, const char *value)
{
    int rc = puts_(fp, ",\"");
    if (rc == PAGE_OK)
        rc = puts_(fp, name);
    if (rc == PAGE_OK)
        rc = puts_(fp, "\":");
    return rc == PAGE_OK ? json_string(fp, value, strlen(value)) : rc;
}

static void base64_block(const unsigned char *in, size_t len, char *out, size_t *out_len)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned)in[i] << 16;
        if (i + 1 < len)
            v |= (unsigned)in[i + 1] << 8;
        if (i + 2 < len)
            v |= in[i + 2];
        out[o++] = digits[(v >> 18) & 63];
        out[o++] = digits[(v >> 12) & 63];
        out[o++] = i + 1 < len ? digits[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < len ? digits[v & 63] : '=';
    }
    *out_len = o;
}

/* The file's bytes as one base64 string, from memory or its stream. */
static int file_base64(FILE *fp, const page_data *d)
{
    static const size_t encoded = BASE64_BLOCK / 3 * 4;
    unsigned char in[BASE64_BLOCK];
    char out[BASE64_BLOCK / 3 * 4];
    int rc = putc('"', fp) == EOF ? PAGE_WRITE : PAGE_OK;
    size_t done = 0;
    while (rc == PAGE_OK) {
        size_t n;
        const unsigned char *block = in;
        if (d->file_stream) {
            n = fread(in, 1, sizeof in, d->file_stream);
            if (n < sizeof in && ferror(d->file_stream))
                return PAGE_READ;
        } else {
            n = d->file_len - done < sizeof in ? d->file_len - done : sizeof in;
            block = d->file + done;
            done += n;
        }
        if (n == 0)
            break;
        size_t len;
        base64_block(block, n, out, &len);
        rc = len <= encoded ? put(fp, out, len) : PAGE_WRITE;
        if (n < sizeof in)
            break;
    }
    return rc == PAGE_OK && putc('"', fp) != EOF ? PAGE_OK : PAGE_WRITE;
}

static int report_fields(FILE *fp, const page_report *r)
{
    char numbers[96];
    snprintf(numbers, sizeof numbers, ",\"report\":{\"step\":%ld,\"event\":%ld", r->step, r->event);
    int rc = puts_(fp, numbers);
    if (rc == PAGE_OK)
        rc = field(fp, "title", r->title ? r->title : "");
    if (rc == PAGE_OK)
        rc = field(fp, "reason", r->reason ? r->reason : "");
    if (rc == PAGE_OK && r->expectation)
        rc = field(fp, "expectation", r->expectation);
    return rc == PAGE_OK ? puts_(fp, "}") : rc;
}

static int data_element(FILE *fp, const page_data *d)
{
    int rc = puts_(fp, "<script type=\"application/json\" id=\"tessera-data\">{\"version\":1");
    if (rc == PAGE_OK)
        rc = field(fp, "kind", d->report ? "report" : "view");
    if (rc == PAGE_OK)
        rc = puts_(fp, ",\"file\":{\"name\":");
    if (rc == PAGE_OK)
        rc = json_string(fp, d->file_name, strlen(d->file_name));
    if (rc == PAGE_OK)
        rc = puts_(fp, ",\"base64\":");
    if (rc == PAGE_OK)
        rc = file_base64(fp, d);
    if (rc == PAGE_OK)
        rc = puts_(fp, "}");
    if (rc == PAGE_OK && d->expected) {
        rc = puts_(fp, ",\"expected\":{\"name\":");
        if (rc == PAGE_OK)
            rc = json_string(fp, d->expected_name, strlen(d->expected_name));
        if (rc == PAGE_OK)
            rc = puts_(fp, ",\"text\":");
        if (rc == PAGE_OK)
            rc = json_string(fp, d->expected, d->expected_len);
        if (rc == PAGE_OK)
            rc = puts_(fp, "}");
    }
    if (rc == PAGE_OK && d->report)
        rc = report_fields(fp, d->report);
    return rc == PAGE_OK ? puts_(fp, "}</script>") : rc;
}

int page_write(FILE *fp, const page_data *d)
{
    long at = placeholder_at();
    if (!page_available() || at < 0)
        return PAGE_NO_TEMPLATE;
    size_t after = (size_t)at + strlen(PLACEHOLDER);
    int rc = put(fp, tsr_viewer_page, (size_t)at);
    if (rc == PAGE_OK)
        rc = data_element(fp, d);
    if (rc == PAGE_OK)
        rc = put(fp, tsr_viewer_page + after, tsr_viewer_page_len - after);
    if (rc == PAGE_OK && fflush(fp) != 0)
        rc = PAGE_WRITE;
    return rc == PAGE_OK && ferror(fp) ? PAGE_WRITE : rc;
}
