/* The reports of a suite. Each names files, steps (FILE:LINE:COLUMN, kind,
 * index) and reasons only: the executor keeps arguments, environment,
 * input and expected text out of the reasons. */
#include <stdio.h>
#include <string.h>

#include "exit_codes.h"
#include "tessera/text.h"
#include "test_suite.h"

static const char *status_of(const test_result *r)
{
    return r->code == TSR_EXIT_OK ? "passed" : "failed";
}

/* "FILE:LINE:COLUMN: step N (KIND): REASON", or "FILE: REASON". */
static void failure_line(const test_file *f, const test_result *r, char *out, size_t cap)
{
    if (r->step >= 0)
        snprintf(out, cap, "%s:%ld:%ld: step %ld (%s): %s", f->path, r->line, r->column, r->step,
                 r->action, r->reason);
    else
        snprintf(out, cap, "%s: %s", f->path, r->reason[0] ? r->reason : "failed");
}

void test_report_human(const test_file *f, const test_result *r)
{
    if (r->code == TSR_EXIT_OK) {
        printf("PASS %s (%.2fs)%s\n", f->path, r->seconds, r->staged ? " (snapshots staged)" : "");
        return;
    }
    char line[1024];
    failure_line(f, r, line, sizeof line);
    printf("FAIL %s\n", line);
}

/* s as a JSON string, quotes included. */
static void json_string(FILE *out, const char *s)
{
    tsr_buf b = {0};
    if (tsr_json_escape(&b, s, strlen(s), NULL) == TSR_OK)
        fprintf(out, "\"%.*s\"", (int)b.len, (const char *)b.data);
    else
        fputs("\"\"", out);
    tsr_buf_free(&b);
}

static FILE *open_report(const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out)
        fprintf(stderr, "tessera: %s: cannot write the report\n", path);
    return out;
}

static int finish(FILE *out, const char *path)
{
    int bad = ferror(out);
    if (fclose(out) != 0 || bad) {
        fprintf(stderr, "tessera: %s: cannot write the report\n", path);
        return -1;
    }
    return 0;
}

int test_report_json(const char *path, const test_file *files, const test_result *results,
                     size_t count, const char *shard)
{
    FILE *out = open_report(path);
    if (!out)
        return -1;
    size_t failed = 0;
    for (size_t i = 0; i < count; i++)
        failed += results[i].code != TSR_EXIT_OK;
    fprintf(out, "{\"report\": \"tessera test\", \"version\": 1, \"shard\": ");
    json_string(out, shard);
    fprintf(out, ", \"passed\": %zu, \"failed\": %zu, \"files\": [", count - failed, failed);
    for (size_t i = 0; i < count; i++) {
        const test_result *r = &results[i];
        fprintf(out, "%s\n  {\"file\": ", i ? "," : "");
        json_string(out, files[i].path);
        fprintf(out, ", \"kind\": \"%s\", \"status\": \"%s\", \"seconds\": %.3f",
                files[i].is_tape ? "tape" : "spec", status_of(r), r->seconds);
        if (r->code != TSR_EXIT_OK) {
            fprintf(out, ", \"failure\": {\"exit_code\": %d, \"deadline\": %s, ", r->code,
                    r->deadline ? "true" : "false");
            if (r->step >= 0)
                fprintf(out, "\"step\": %ld, \"line\": %ld, \"column\": %ld, \"action\": \"%s\", ",
                        r->step, r->line, r->column, r->action);
            fputs("\"reason\": ", out);
            json_string(out, r->reason);
            fputc('}', out);
        }
        fputc('}', out);
    }
    fputs("\n]}\n", out);
    return finish(out, path);
}

static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '<')
            fputs("&lt;", out);
        else if (c == '>')
            fputs("&gt;", out);
        else if (c == '&')
            fputs("&amp;", out);
        else if (c == '"')
            fputs("&quot;", out);
        else if (c < 0x20 && c != '\t' && c != '\n')
            fputc('?', out); /* not allowed in XML 1.0 */
        else
            fputc(c, out);
    }
}

int test_report_junit(const char *path, const test_file *files, const test_result *results,
                      size_t count, const char *shard)
{
    FILE *out = open_report(path);
    if (!out)
        return -1;
    size_t failed = 0;
    double total = 0;
    for (size_t i = 0; i < count; i++) {
        failed += results[i].code != TSR_EXIT_OK;
        total += results[i].seconds;
    }
    /* one <testsuite> per shard: merging reports is concatenating suites */
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
                 "  <testsuite name=\"tessera test shard ");
    xml_text(out, shard);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" time=\"%.3f\">\n", count, failed,
            total);
    for (size_t i = 0; i < count; i++) {
        const test_result *r = &results[i];
        fputs("    <testcase classname=\"tessera\" name=\"", out);
        xml_text(out, files[i].path);
        fputs("\" file=\"", out);
        xml_text(out, files[i].path);
        fprintf(out, "\" time=\"%.3f\"", r->seconds);
        if (r->code == TSR_EXIT_OK) {
            fputs("/>\n", out);
            continue;
        }
        char line[1024];
        failure_line(&files[i], r, line, sizeof line);
        fprintf(out, ">\n      <failure type=\"%s\" message=\"", r->deadline ? "deadline" : "failure");
        xml_text(out, line);
        fputs("\"/>\n    </testcase>\n", out);
    }
    fputs("  </testsuite>\n</testsuites>\n", out);
    return finish(out, path);
}
