/* The reports of a suite. Each names files, steps (FILE:LINE:COLUMN, kind,
 * index), reasons and the artifacts folder; the expectation and the screen
 * at the failing moment only where the privacy rule allows (a tape, or a
 * spec with report_details): the executor leaves them out otherwise, and
 * never puts arguments, environment values or typed input in a reason. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_codes.h"
#include "tessera/text.h"
#include "terminal_safe.h"
#include "suite.h"

static const char *status_of(const suite_result *r)
{
    return r->interrupted == 2   ? "not run"
           : r->interrupted == 1 ? "interrupted"
           : r->code == TSR_EXIT_OK ? "passed"
                                    : "failed";
}

/* Drops a UTF-8 sequence that a cut at the end of s left unfinished. */
static void whole_characters(char *s)
{
    size_t len = strlen(s), start = len;
    while (start > 0 && len - start < 4 && ((unsigned char)s[start - 1] & 0xC0) == 0x80)
        start--;
    if (start > 0 && (unsigned char)s[start - 1] >= 0xC0) {
        uint32_t cp;
        size_t used;
        if (tsr_utf8_decode(s + start - 1, len - start + 1, &cp, &used) == TSR_UTF8_CUT)
            s[start - 1] = '\0';
    }
}

/* "FILE:LINE:COLUMN: step N (KIND): REASON", or "FILE: REASON", cut on a
 * character boundary when it is longer than cap. */
static void failure_line(const suite_file *f, const suite_result *r, char *out, size_t cap)
{
    if (r->step >= 0)
        snprintf(out, cap, "%s:%ld:%ld: step %ld (%s): %s", f->path, r->line, r->column, r->step,
                 r->action, r->reason);
    else
        snprintf(out, cap, "%s: %s", f->path, r->reason[0] ? r->reason : "failed");
    whole_characters(out);
}

/* ------------------------------------------------------------ details */

static char *read_all(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    tsr_buf b = {0};
    char chunk[4096];
    size_t n;
    int bad = 0;
    while (!bad && (n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        bad = tsr_buf_append(&b, chunk, n) != TSR_OK;
    bad |= ferror(fp) || tsr_buf_putc(&b, '\0') != TSR_OK;
    fclose(fp);
    if (bad) {
        tsr_buf_free(&b);
        return NULL;
    }
    return (char *)b.data;
}

void suite_details_read(const char *stage_dir, size_t i, suite_details *d)
{
    char path[600];
    suite_detail_path(stage_dir, i, 'x', path, sizeof path);
    d->expectation = read_all(path);
    suite_detail_path(stage_dir, i, 's', path, sizeof path);
    d->screen = read_all(path);
}

void suite_details_free(suite_details *d)
{
    free(d->expectation);
    free(d->screen);
    d->expectation = d->screen = NULL;
}

/* ------------------------------------------------------------ human */

/* Each line of text after prefix; with numbered, "%4d | " before each. */
static void lines(const char *prefix, const char *text, int numbered)
{
    long n = 1;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        fputs(prefix, stdout);
        if (numbered)
            printf("%4ld | ", n++);
        terminal_safe_write(stdout, p, len, TERMINAL_ESCAPE_TEXT);
        fputc('\n', stdout);
        p += len + (nl != NULL);
    }
}

void suite_report_human(const suite_file *f, const suite_result *r, const suite_details *d)
{
    if (r->code == TSR_EXIT_OK && r->flaky) {
        char line[1024];
        failure_line(f, r, line, sizeof line);
        safe_fprintf(stdout, "FLAKY %s (%.2fs): passed on attempt %d; attempt 1: %s\n", f->path, r->seconds,
               r->attempts, line);
        if (r->artifacts[0])
            safe_fprintf(stdout, "  artifacts of attempt 1: %s\n", r->artifacts);
        return;
    }
    if (r->code == TSR_EXIT_OK) {
        safe_fprintf(stdout, "PASS %s (%.2fs)%s\n", f->path, r->seconds, r->staged ? " (snapshots staged)" : "");
        return;
    }
    char line[1024];
    failure_line(f, r, line, sizeof line);
    if (r->interrupted) {
        safe_fprintf(stdout, "%s %s\n", r->interrupted == 2 ? "NOT RUN" : "INTERRUPTED", line);
        if (r->artifacts[0])
            safe_fprintf(stdout, "  artifacts: %s\n", r->artifacts);
        return;
    }
    safe_fprintf(stdout, "FAIL %s\n", line);
    if (d->expectation && strchr(d->expectation, '\n')) {
        puts("  expected:");
        lines("    ", d->expectation, 0);
    } else if (d->expectation) {
        lines("  expected: ", d->expectation, 0);
    }
    if (d->screen) {
        puts("  screen at the failing moment:");
        if (d->screen[0])
            lines("  ", d->screen, 1);
        else
            puts("    (blank)");
    }
    if (!f->is_tape && !d->expectation && !d->screen)
        puts("  (a spec's expected text and screen stay out of reports: --report-details or "
             "\"report_details\": true shows them)");
    if (r->artifacts[0])
        safe_fprintf(stdout, "  artifacts: %s\n", r->artifacts);
}

/* ------------------------------------------------------------ files */

FILE *suite_report_open(const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out)
        safe_fprintf(stderr, "tessera: test: %s: cannot write the report: %s\n", path,
                     strerror(errno));
    return out;
}

static int finish(FILE *out, const char *path)
{
    int bad = ferror(out);
    errno = 0;
    if (fclose(out) != 0 || bad) {
        /* a write error seen before the close may have left errno 0: then no reason is known */
        safe_fprintf(stderr, "tessera: test: %s: cannot write the report%s%s\n", path,
                     errno ? ": " : "", errno ? strerror(errno) : "");
        return -1;
    }
    return 0;
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

static void json_field(FILE *out, const char *name, const char *value)
{
    if (!value)
        return;
    fprintf(out, ", \"%s\": ", name);
    json_string(out, value);
}

int suite_report_json(FILE *out, const char *path, const suite_file *files,
                     const suite_result *results, const suite_details *details, size_t count,
                     const char *shard)
{
    size_t failed = 0, flaky = 0;
    for (size_t i = 0; i < count; i++) {
        failed += results[i].code != TSR_EXIT_OK;
        flaky += results[i].flaky;
    }
    fprintf(out, "{\"report\": \"tessera test\", \"version\": 1, \"shard\": ");
    json_string(out, shard);
    fprintf(out, ", \"passed\": %zu, \"failed\": %zu, \"flaky\": %zu, \"files\": [",
            count - failed, failed, flaky);
    for (size_t i = 0; i < count; i++) {
        const suite_result *r = &results[i];
        fprintf(out, "%s\n  {\"file\": ", i ? "," : "");
        json_string(out, files[i].path);
        fprintf(out, ", \"kind\": \"%s\", \"status\": \"%s\", \"seconds\": %.3f, "
                     "\"attempts\": %d, \"flaky\": %s",
                files[i].is_tape ? "tape" : "spec", status_of(r), r->seconds,
                r->attempts ? r->attempts : 1, r->flaky ? "true" : "false");
        if (r->code != TSR_EXIT_OK || r->flaky) {
            /* a flaky file's failure is its first attempt's */
            fprintf(out, ", \"failure\": {\"exit_code\": %d, \"deadline\": %s, ",
                    r->flaky ? TSR_EXIT_FAILED : r->code, r->deadline ? "true" : "false");
            if (r->step >= 0)
                fprintf(out, "\"step\": %ld, \"line\": %ld, \"column\": %ld, \"action\": \"%s\", ",
                        r->step, r->line, r->column, r->action);
            fputs("\"reason\": ", out);
            json_string(out, r->reason);
            json_field(out, "expected", details[i].expectation);
            json_field(out, "screen", details[i].screen);
            json_field(out, "artifacts", r->artifacts[0] ? r->artifacts : NULL);
            fputc('}', out);
        }
        fputc('}', out);
    }
    fputs("\n]}\n", out);
    return finish(out, path);
}

/* XML text: markup characters escaped, controls XML 1.0 forbids as '?';
 * in an attribute (attr) a newline is kept as a character reference. */
static void xml_escaped(FILE *out, const char *s, int attr)
{
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t used;
        /* only characters XML 1.0 allows: a byte that is not UTF-8 (a file
         * name's) or a cut sequence becomes U+FFFD, never a broken document */
        if (tsr_utf8_decode(s + i, len - i, &cp, &used) != TSR_UTF8_SCALAR)
            cp = 0xFFFD;
        i += used;
        if (cp == '<')
            fputs("&lt;", out);
        else if (cp == '>')
            fputs("&gt;", out);
        else if (cp == '&')
            fputs("&amp;", out);
        else if (cp == '"')
            fputs("&quot;", out);
        else if (cp == '\n' && attr)
            fputs("&#10;", out); /* an attribute's newline is otherwise read as a space */
        else if ((cp < 0x20 && cp != '\t' && cp != '\n') || cp == 0xFFFE || cp == 0xFFFF)
            fputc('?', out); /* not allowed in XML 1.0 */
        else if (cp < 0x80)
            fputc((int)cp, out);
        else {
            tsr_buf b = {0};
            if (tsr_buf_put_utf8(&b, cp) == TSR_OK)
                fwrite(b.data, 1, b.len, out);
            tsr_buf_free(&b);
        }
    }
}

static void xml_text(FILE *out, const char *s)
{
    xml_escaped(out, s, 1);
}

/* The failure element: the message is the failure line with what was
 * expected, the body the screen; the artifacts in <system-out> as the
 * attachments Jenkins and GitLab read ([[ATTACHMENT|PATH]]). */
static void junit_failure(FILE *out, const suite_file *f, const suite_result *r,
                          const suite_details *d)
{
    char line[1024];
    failure_line(f, r, line, sizeof line);
    fprintf(out, ">\n      <failure type=\"%s\" message=\"", r->deadline ? "deadline" : "failure");
    xml_text(out, line);
    if (d->expectation) {
        fputs(strchr(d->expectation, '\n') ? "&#10;expected:&#10;" : "; expected: ", out);
        xml_text(out, d->expectation);
    }
    fputs("\">", out);
    if (d->screen) {
        fputs("screen at the failing moment:\n", out);
        xml_escaped(out, d->screen, 0);
        fputc('\n', out);
    }
    fputs("</failure>\n", out);
    if (r->artifacts[0]) {
        static const char *const files[] = {"report.html", "trace.journal", "screen.txt"};
        fputs("      <system-out>artifacts: ", out);
        xml_text(out, r->artifacts);
        fputc('\n', out);
        for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
            fputs("[[ATTACHMENT|", out);
            xml_text(out, r->artifacts);
            fprintf(out, "/%s]]\n", files[k]);
        }
        fputs("</system-out>\n", out);
    }
    fputs("    </testcase>\n", out);
}

/* A flaky pass, as Maven Surefire writes a rerun that passed: the test
 * passes, and a <flakyFailure> says how its first attempt failed. */
static void junit_flaky(FILE *out, const suite_file *f, const suite_result *r)
{
    char line[1024];
    failure_line(f, r, line, sizeof line);
    fputs(">\n      <flakyFailure type=\"failure\" message=\"", out);
    xml_text(out, line);
    fprintf(out, "\">passed on attempt %d</flakyFailure>\n    </testcase>\n", r->attempts);
}

int suite_report_junit(FILE *out, const char *path, const suite_file *files,
                      const suite_result *results, const suite_details *details, size_t count,
                      const char *shard)
{
    size_t failed = 0;
    double total = 0;
    size_t errors = 0, skipped = 0;
    for (size_t i = 0; i < count; i++) {
        failed += results[i].code != TSR_EXIT_OK && !results[i].interrupted;
        errors += results[i].interrupted == 1;
        skipped += results[i].interrupted == 2;
        total += results[i].seconds;
    }
    /* one <testsuite> per shard: merging reports is concatenating suites */
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
                 "  <testsuite name=\"tessera test shard ");
    xml_text(out, shard);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n",
            count, failed, errors, skipped, total);
    for (size_t i = 0; i < count; i++) {
        const suite_result *r = &results[i];
        fputs("    <testcase classname=\"tessera\" name=\"", out);
        xml_text(out, files[i].path);
        fputs("\" file=\"", out);
        xml_text(out, files[i].path);
        fprintf(out, "\" time=\"%.3f\"", r->seconds);
        if (r->interrupted == 2) {
            fputs(">\n      <skipped message=\"", out);
            xml_text(out, r->reason);
            fputs("\"/>\n    </testcase>\n", out);
        } else if (r->interrupted) {
            fputs(">\n      <error type=\"interrupted\" message=\"", out);
            xml_text(out, r->reason);
            fputs("\"/>\n    </testcase>\n", out);
        } else if (r->code == TSR_EXIT_OK && r->flaky)
            junit_flaky(out, &files[i], r);
        else if (r->code == TSR_EXIT_OK)
            fputs("/>\n", out);
        else
            junit_failure(out, &files[i], r, &details[i]);
    }
    fputs("  </testsuite>\n</testsuites>\n", out);
    return finish(out, path);
}
