/* Flag parsing for `feed` and `replay`. Accepts "--flag VALUE" and
 * "--flag=VALUE"; "--" ends the flags; the last --rows/--cols/--scrollback
 * wins; two different output formats are a conflict. */
#include "feed_args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "duration.h"
#include "exit_codes.h"
#include "tessera/text.h"

/* A number flag: its name, where it goes, and its range. */
typedef struct number_flag {
    const char *name;
    int min, max;
} number_flag;

static int parse_number(const number_flag *flag, const char *text, int *out)
{
    long v = 0;
    int ok = text[0] != '\0';
    for (const char *s = text; ok && *s; s++) {
        if (*s < '0' || *s > '9' || v > flag->max)
            ok = 0;
        else
            v = v * 10 + (*s - '0');
    }
    if (!ok || v < flag->min || v > flag->max) {
        char quoted[64];
        tsr_quote(quoted, sizeof quoted, text, strlen(text), 0);
        return diag_usage("%s must be a whole number from %d to %d, got %s", flag->name, flag->min,
                          flag->max, quoted);
    }
    *out = (int)v;
    return TSR_EXIT_OK;
}

static const char *format_flag_name(output_format f)
{
    switch (f) {
    case OUTPUT_STYLED:
        return "--styled";
    case OUTPUT_EXACT:
        return "--exact";
    case OUTPUT_JSON:
        return "--json";
    case OUTPUT_SVG:
        return "--svg";
    default:
        return "--text";
    }
}

static int set_format(feed_args *out, int *format_given, output_format f)
{
    if (*format_given && out->format != f)
        return diag_usage("%s and %s cannot be used together", format_flag_name(out->format),
                          format_flag_name(f));
    out->format = f;
    *format_given = 1;
    return TSR_EXIT_OK;
}

static int set_file(feed_args *out, const char *file)
{
    if (out->file) {
        char a[64], b[64];
        tsr_quote(a, sizeof a, out->file, strlen(out->file), 0);
        tsr_quote(b, sizeof b, file, strlen(file), 0);
        return diag_usage("only one FILE may be given, got %s and %s", a, b);
    }
    out->file = file;
    return TSR_EXIT_OK;
}

static const number_flag ROWS = {"--rows", 1, TSR_MAX_ROWS};
static const number_flag COLS = {"--cols", 1, TSR_MAX_COLS};
static const number_flag SCROLLBACK = {"--scrollback", 0, TSR_MAX_SCROLLBACK};

static int is_named(const char *arg, size_t name_len, const char *name)
{
    return strlen(name) == name_len && strncmp(arg, name, name_len) == 0;
}

/* The value of the flag at argv[*i]: after its '=', else the next argument. */
static int flag_value(int argc, char **argv, int *i, const char *eq, const char *name,
                      const char **value)
{
    if (eq) {
        *value = eq + 1;
        return TSR_EXIT_OK;
    }
    if (*i + 1 >= argc)
        return diag_usage("%s needs a value", name);
    *value = argv[++*i];
    return TSR_EXIT_OK;
}

/* A whole number from 0 (--event N, --step N); -1 otherwise. */
static long whole_number(const char *value)
{
    char *end;
    errno = 0;
    long n = strtol(value, &end, 10);
    if (!*value || *end || errno || n < 0 || value[0] == '-' || value[0] == '+')
        return -1;
    return n;
}

/* replay's --at SPAN, --event N, --mark NAME, --step N: one point at most.
 * Returns -1 when arg is not one of them. */
static int parse_point(int argc, char **argv, int *i, const char *eq, size_t name_len,
                       feed_args *out)
{
    static const char *const names[] = {NULL, "--at", "--event", "--mark", "--step"};
    const char *arg = argv[*i];
    int kind = 0;
    for (int k = POINT_AT; k <= POINT_STEP; k++)
        if (is_named(arg, name_len, names[k]))
            kind = k;
    if (!kind)
        return -1;
    const char *value = NULL;
    int rc = flag_value(argc, argv, i, eq, names[kind], &value);
    if (rc != TSR_EXIT_OK)
        return rc;
    if (out->point.kind && (int)out->point.kind != kind)
        return diag_usage("%s and %s: replay stops at one point", names[out->point.kind],
                          names[kind]);
    out->point.kind = (replay_point_kind)kind;
    char quoted[64];
    tsr_quote(quoted, sizeof quoted, value, strlen(value), 0);
    if (kind == POINT_AT) {
        const char *reason;
        if (duration_parse(value, strlen(value), &out->point.at_ns, &reason) != 0)
            return diag_usage("--at %s, got %s", reason, quoted);
        return TSR_EXIT_OK;
    }
    if (kind == POINT_EVENT || kind == POINT_STEP) {
        long n = whole_number(value);
        if (n < 0)
            return diag_usage(kind == POINT_EVENT
                                  ? "--event needs a whole number of events from 0, got %s"
                                  : "--step needs a step's number from 0, got %s",
                              quoted);
        *(kind == POINT_EVENT ? &out->point.event : &out->point.step) = n;
        return TSR_EXIT_OK;
    }
    if (!*value)
        return diag_usage("--mark needs a marker's label");
    out->point.mark = value;
    return TSR_EXIT_OK;
}

/* Handles one flag at argv[*i]; may consume the next argument as its value. */
static int parse_flag(int argc, char **argv, int *i, feed_args *out, int *format_given)
{
    const char *arg = argv[*i];
    const char *eq = strchr(arg, '=');
    size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (strcmp(argv[0], "replay") == 0) {
        int rc = parse_point(argc, argv, i, eq, name_len, out);
        if (rc != -1)
            return rc;
    }
    const number_flag *numbers[] = {&ROWS, &COLS, &SCROLLBACK};
    int *targets[] = {&out->term.rows, &out->term.cols, &out->term.scrollback};

    for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; k++) {
        const number_flag *flag = numbers[k];
        if (!is_named(arg, name_len, flag->name))
            continue;
        const char *value = NULL;
        int rc = flag_value(argc, argv, i, eq, flag->name, &value);
        if (rc != TSR_EXIT_OK)
            return rc;
        if (flag == &ROWS)
            out->rows_given = 1;
        if (flag == &COLS)
            out->cols_given = 1;
        return parse_number(flag, value, targets[k]);
    }

    static const struct {
        const char *name;
        output_format format;
    } formats[] = {
        {"--styled", OUTPUT_STYLED},
        {"--exact", OUTPUT_EXACT},
        {"--json", OUTPUT_JSON},
        {"--svg", OUTPUT_SVG},
    };
    for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++)
        if (strcmp(arg, formats[k].name) == 0)
            return set_format(out, format_given, formats[k].format);

    if (strcmp(argv[0], "replay") == 0 && strcmp(arg, "--marks") == 0) {
        out->list_marks = 1;
        return TSR_EXIT_OK;
    }
    if (strcmp(arg, "--reflow") == 0) {
        out->term.reflow = 1;
        return TSR_EXIT_OK;
    }
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        out->help = 1;
        return TSR_EXIT_OK;
    }
    char quoted[64];
    tsr_quote(quoted, sizeof quoted, arg, strlen(arg), 0);
    static const char *const switches[] = {"--reflow", "--styled", "--exact", "--json", "--svg",
                                          "--help", "--marks"};
    for (size_t k = 0; eq && k < sizeof switches / sizeof switches[0]; k++)
        if (is_named(arg, name_len, switches[k]))
            return diag_usage("%s takes no value, got %s", switches[k], quoted);
    return diag_usage("unknown option %s", quoted);
}

int feed_args_parse(int argc, char **argv, feed_args *out)
{
    memset(out, 0, sizeof *out);
    tsr_options_default(&out->term);
    out->term.rows = 24;
    out->term.cols = 80;
    out->term.scrollback = TSR_DEFAULT_SCROLLBACK;
    out->term.reflow = 0;
    out->format = OUTPUT_TEXT;
    int format_given = 0;
    int flags_done = 0;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int rc;
        if (!flags_done && strcmp(arg, "--") == 0) {
            flags_done = 1;
            continue;
        }
        if (!flags_done && arg[0] == '-' && arg[1] != '\0')
            rc = parse_flag(argc, argv, &i, out, &format_given);
        else
            rc = set_file(out, arg);
        if (rc != TSR_EXIT_OK)
            return rc;
    }
    if (out->list_marks && (out->point.kind || format_given))
        return diag_usage("--marks lists the marks: it takes no point and no output format");
    return TSR_EXIT_OK;
}
