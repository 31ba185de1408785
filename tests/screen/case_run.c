/* Checking and running one case; see case_run.h. The same code walks the
 * case twice: once without a terminal, when every reader and expectation
 * handler only checks its field (so a malformed case runs nothing and all
 * that is wrong with it is reported), then with one. */
#include "case_run.h"

#include <stdlib.h>
#include <string.h>

#include "case_dump.h"
#include "case_expect.h"
#include "case_json.h"
#include "case_recording.h"
#include "case_report.h"
#include "tessera/text.h"

static const char *const CASE_KEYS[] = {
    "suite",      "name",     "cols",         "rows",     "scrollback", "reflow",
    "input",      "inputHex", "recordingRef", "chunking", "repeat",     "steps",
    "sourceLine", "license",  "coverageOf",   "note",     NULL};
static const char *const CASE_REQUIRED[] = {"suite",      "name",    "cols", "rows",
                                            "sourceLine", "license", NULL};
static const char *const STEP_KEYS[] = {"input",    "inputHex", "resize", "reset",
                                        "chunking", "repeat",   "note",   NULL};
static const char *const CHUNKING[] = {"whole", "bytewise", NULL};

/* What a case (flat) or a step does before its expectations. */
typedef struct action {
    enum { ACT_NONE, ACT_FEED, ACT_RESIZE, ACT_RESET, ACT_RECORDING } kind;
    size_t at; /* where it is written, for reports */
    const tsr_json_value *input, *hex;
    int bytewise;
    long repeat, rows, cols;
    char recording[1024]; /* the recordingRef's path */
} action;

/* True when s (len bytes) matches ^[first][rest]*$ with at most max bytes. */
static int name_like(const char *s, size_t len, const char *first, const char *rest, size_t max)
{
    return len > 0 && len <= max && strchr(first, s[0]) && strspn(s, rest) == len;
}

#define ALNUM "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
#define LOWER_ALNUM "abcdefghijklmnopqrstuvwxyz0123456789"

static int is_key_of(const char *key, const char *const *keys)
{
    return names_index(keys, key) >= 0 || case_is_expectation(key);
}

/* Every member of obj is one of keys or an expectation. */
static int check_keys(case_ctx *c, const char *base, const tsr_json_value *obj,
                      const char *const *keys)
{
    int bad = 0;
    char path[256];
    for (size_t i = 0; i < obj->u.object.count; i++) {
        const tsr_json_member *m = &obj->u.object.members[i];
        if (strlen(m->key) == m->key_len && is_key_of(m->key, keys))
            continue;
        path_key(path, sizeof path, base, m->key);
        bad = case_bad(c, m->key_offset, path, "unknown field");
    }
    return bad;
}

static int has_expectation(const tsr_json_value *obj)
{
    for (size_t i = 0; i < obj->u.object.count; i++)
        if (case_is_expectation(obj->u.object.members[i].key))
            return 1;
    return 0;
}

/* The input, inputHex, chunking, repeat, resize and reset of obj. */
static int read_action(case_ctx *c, const char *base, const tsr_json_value *obj, int step,
                       action *a)
{
    memset(a, 0, sizeof *a);
    a->repeat = 1;
    a->at = obj->offset;
    char path[256];
    int bad = 0, nact = 0, chunked = 0;
    for (size_t i = 0; i < obj->u.object.count; i++) {
        const tsr_json_member *m = &obj->u.object.members[i];
        const tsr_json_value *x = &m->value;
        path_key(path, sizeof path, base, m->key);
        if (!strcmp(m->key, "input")) {
            nact++, a->kind = ACT_FEED, a->input = x, a->at = m->key_offset;
            bad |= json_string(c, path, x);
        } else if (!strcmp(m->key, "inputHex")) {
            nact++, a->kind = ACT_FEED, a->hex = x, a->at = m->key_offset;
            if (x->type != TSR_JSON_STRING || x->u.string.len == 0 || x->u.string.len % 2 ||
                strspn(x->u.string.bytes, "0123456789abcdef") != x->u.string.len)
                bad = case_bad(c, x->offset, path,
                               "must be a non-empty string of byte pairs in lower-case hex");
        } else if (!step && !strcmp(m->key, "recordingRef")) {
            nact++, a->kind = ACT_RECORDING, a->at = m->key_offset;
            bad |= case_recording_path(c, x, a->recording, sizeof a->recording);
        } else if (!step && (!strcmp(m->key, "resize") || !strcmp(m->key, "reset"))) {
            continue; /* they belong to steps: an unknown field here */
        } else if (!strcmp(m->key, "resize")) {
            static const char *const keys[] = {"rows", "cols", NULL};
            char p2[256];
            nact++, a->kind = ACT_RESIZE, a->at = m->key_offset;
            if (json_object(c, path, x, keys, keys)) {
                bad = -1;
                continue;
            }
            path_key(p2, sizeof p2, path, "rows");
            bad |= json_int(c, p2, tsr_json_object_get(x, "rows", NULL), 1, TSR_MAX_ROWS, &a->rows);
            path_key(p2, sizeof p2, path, "cols");
            bad |= json_int(c, p2, tsr_json_object_get(x, "cols", NULL), 1, TSR_MAX_COLS, &a->cols);
        } else if (!strcmp(m->key, "reset")) {
            nact++, a->kind = ACT_RESET, a->at = m->key_offset;
            if (x->type != TSR_JSON_TRUE)
                bad = case_bad(c, x->offset, path, "must be true (a hard reset)");
        } else if (!strcmp(m->key, "chunking")) {
            chunked = 1;
            bad |= json_enum(c, path, x, CHUNKING, &a->bytewise);
        } else if (!strcmp(m->key, "repeat")) {
            chunked = 1;
            bad |= json_int(c, path, x, 1, 1000000, &a->repeat);
        }
    }
    if (nact > 1)
        bad = case_bad(c, obj->offset, base,
                       "at most one action (input, inputHex, resize or reset) per step");
    if (chunked && a->kind != ACT_FEED)
        bad =
            case_bad(c, obj->offset, base, "chunking and repeat go only beside input or inputHex");
    return bad ? -1 : 0;
}

/* Checks (no terminal) or runs every expectation of obj. */
static int expectations(case_ctx *c, const char *base, const tsr_json_value *obj)
{
    char path[256];
    int bad = 0;
    for (size_t i = 0; i < obj->u.object.count; i++) {
        const tsr_json_member *m = &obj->u.object.members[i];
        if (!case_is_expectation(m->key))
            continue;
        path_key(path, sizeof path, base, m->key);
        bad |= case_expectation(c, path, m->key, &m->value);
    }
    return bad;
}

static void feed(case_ctx *c, const action *a, const char *bytes, size_t len)
{
    int summary = a->repeat > 1 && !a->bytewise;
    if (summary)
        case_dump_feed_repeat(c, a->repeat, bytes, len);
    size_t chunk = a->bytewise ? 1 : len;
    for (long r = 0; r < a->repeat; r++) {
        size_t o = 0;
        do {
            size_t n = len - o < chunk ? len - o : chunk;
            if (!summary)
                case_dump_feed(c, bytes + o, n);
            int st = tsr_term_feed(c->term, bytes + o, n);
            if (st != TSR_OK) {
                fail_head(c, a->at, a->hex ? "inputHex" : "input");
                fprintf(stderr, "  tsr_term_feed failed: %s\n", tsr_status_str(st));
                return;
            }
            o += n;
        } while (o < len);
    }
}

static void perform(case_ctx *c, const action *a)
{
    int st = TSR_OK;
    if (a->kind == ACT_FEED && a->input) {
        feed(c, a, a->input->u.string.bytes, a->input->u.string.len);
    } else if (a->kind == ACT_FEED) {
        size_t n = a->hex->u.string.len / 2;
        char *bytes = malloc(n ? n : 1);
        if (!bytes) {
            fail_head(c, a->at, "inputHex");
            fprintf(stderr, "  out of memory\n");
            return;
        }
        for (size_t i = 0; i < n; i++)
            bytes[i] = (char)(tsr_hex_digit(a->hex->u.string.bytes[2 * i]) * 16 +
                              tsr_hex_digit(a->hex->u.string.bytes[2 * i + 1]));
        feed(c, a, bytes, n);
        free(bytes);
    } else if (a->kind == ACT_RESIZE) {
        case_dump_resize(c, (int)a->rows, (int)a->cols);
        if ((st = tsr_term_resize(c->term, (int)a->rows, (int)a->cols)) != TSR_OK) {
            fail_head(c, a->at, "resize");
            fprintf(stderr, "  tsr_term_resize failed: %s\n", tsr_status_str(st));
        }
    } else if (a->kind == ACT_RECORDING) {
        case_recording_play(c, a->at, a->recording);
    } else if (a->kind == ACT_RESET) {
        case_dump_reset(c);
        if ((st = tsr_term_reset(c->term)) != TSR_OK) {
            fail_head(c, a->at, "reset");
            fprintf(stderr, "  tsr_term_reset failed: %s\n", tsr_status_str(st));
        }
    }
}

/* One phase: the flat case itself, or one step. */
static int phase(case_ctx *c, const char *base, const tsr_json_value *obj)
{
    action a;
    int bad = read_action(c, base, obj, base[0] != '\0', &a);
    if (!bad && c->term)
        perform(c, &a);
    return expectations(c, base, obj) | bad;
}

static int check_steps(case_ctx *c, const tsr_json_value *steps)
{
    if (json_array(c, "steps", steps))
        return -1;
    if (steps->u.array.count == 0)
        return case_bad(c, steps->offset, "steps", "needs at least one step");
    int bad = 0;
    char path[64];
    for (size_t i = 0; i < steps->u.array.count; i++) {
        const tsr_json_value *s = &steps->u.array.items[i];
        path_index(path, sizeof path, "steps", i);
        if (json_object(c, path, s, NULL, NULL)) {
            bad = -1;
            continue;
        }
        bad |= check_keys(c, path, s, STEP_KEYS);
        const tsr_json_value *note = tsr_json_object_get(s, "note", NULL);
        if (note) {
            char np[80];
            path_key(np, sizeof np, path, "note");
            bad |= json_string(c, np, note);
        }
        bad |= phase(c, path, s);
    }
    return bad;
}

/* The options and provenance fields of the case. */
static int check_header(case_ctx *c, const tsr_json_value *v)
{
    json_object(c, "", v, NULL, CASE_REQUIRED);
    check_keys(c, "", v, CASE_KEYS);
    long n;
    int b;
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        const tsr_json_value *x = &m->value;
        const char *k = m->key;
        if (!strcmp(k, "suite")) {
            if (json_string(c, k, x) == 0 &&
                !name_like(x->u.string.bytes, x->u.string.len, LOWER_ALNUM, LOWER_ALNUM "-", 120))
                case_bad(c, x->offset, k, "a suite name is lower-case letters, digits and '-'");
        } else if (!strcmp(k, "name")) {
            if (json_string(c, k, x) == 0 &&
                !name_like(x->u.string.bytes, x->u.string.len, ALNUM, ALNUM "._-", 120))
                case_bad(c, x->offset, k,
                         "a case name is 1..120 letters, digits, '.', '_' and '-', "
                         "starting with a letter or digit");
        } else if (!strcmp(k, "cols") || !strcmp(k, "rows")) {
            if (json_int(c, k, x, 1, k[0] == 'c' ? TSR_MAX_COLS : TSR_MAX_ROWS, &n) == 0)
                *(k[0] == 'c' ? &c->opts.cols : &c->opts.rows) = (int)n;
        } else if (!strcmp(k, "scrollback")) {
            if (json_int(c, k, x, 0, 100000, &n) == 0)
                c->opts.scrollback = (int)n;
        } else if (!strcmp(k, "reflow")) {
            if (json_bool(c, k, x, &b) == 0)
                c->opts.reflow = b;
        } else if (!strcmp(k, "sourceLine") || !strcmp(k, "license")) {
            if (json_string(c, k, x) == 0 && x->u.string.len == 0)
                case_bad(c, x->offset, k, "must not be empty");
        } else if (!strcmp(k, "coverageOf") || !strcmp(k, "note")) {
            json_string(c, k, x);
        }
    }
    return c->failed ? -1 : 0;
}

/* The case's input flavour and its phases. */
static int check_body(case_ctx *c, const tsr_json_value *v)
{
    static const char *const flavours[] = {"input", "inputHex", "recordingRef", "steps", NULL};
    int n = 0;
    for (int k = 0; flavours[k]; k++)
        n += tsr_json_object_get(v, flavours[k], NULL) != NULL;
    if (n != 1)
        return case_bad(c, v->offset, NULL,
                        "needs exactly one of input, inputHex, recordingRef and steps (has %d)", n);
    const tsr_json_value *steps = tsr_json_object_get(v, "steps", NULL);
    if (!steps) {
        int bad = phase(c, "", v);
        if (!has_expectation(v))
            bad = case_bad(c, v->offset, NULL, "has no expectation");
        return bad;
    }
    int bad = 0;
    if (has_expectation(v))
        bad = case_bad(c, v->offset, NULL,
                       "a case with steps has its expectations in the steps, none beside them");
    if (tsr_json_object_get(v, "chunking", NULL) || tsr_json_object_get(v, "repeat", NULL))
        bad = case_bad(c, v->offset, NULL, "chunking and repeat go in the step with the input");
    if (bad)
        return bad;
    int nexp = 0;
    for (size_t i = 0; steps->type == TSR_JSON_ARRAY && i < steps->u.array.count; i++)
        nexp += steps->u.array.items[i].type == TSR_JSON_OBJECT &&
                has_expectation(&steps->u.array.items[i]);
    bad = check_steps(c, steps);
    if (!bad && nexp == 0)
        bad = case_bad(c, v->offset, NULL, "has no expectation");
    return bad;
}

/* Names are unique in the suite: remembers this one, or reports it. */
static int check_unique(case_ctx *c, size_t at)
{
    for (size_t i = 0; i < c->nseen; i++)
        if (strcmp(c->seen[i], c->name) == 0)
            return case_bad(c, at, "name",
                            "another case has this name (names are unique in a suite)");
    if (c->nseen == c->capseen) {
        size_t cap = c->capseen ? 2 * c->capseen : 64;
        char **p = realloc(c->seen, cap * sizeof *p);
        if (!p)
            return case_bad(c, at, "name", "out of memory");
        c->seen = p, c->capseen = cap;
    }
    if (!(c->seen[c->nseen] = malloc(strlen(c->name) + 1)))
        return case_bad(c, at, "name", "out of memory");
    strcpy(c->seen[c->nseen++], c->name);
    return 0;
}

/* The case's name for reports; 1 when it has a valid one. */
static int set_name(case_ctx *c, const tsr_json_value *v, size_t index)
{
    const tsr_json_value *n =
        v->type == TSR_JSON_OBJECT ? tsr_json_object_get(v, "name", NULL) : NULL;
    if (n && n->type == TSR_JSON_STRING &&
        name_like(n->u.string.bytes, n->u.string.len, ALNUM, ALNUM "._-", 120)) {
        snprintf(c->name, sizeof c->name, "%s", n->u.string.bytes);
        return 1;
    }
    snprintf(c->name, sizeof c->name, "cases[%zu]", index);
    return 0;
}

void case_run(case_ctx *c, const tsr_json_value *v, size_t index)
{
    c->failed = 0;
    c->term = NULL;
    tsr_options_default(&c->opts);
    int named = set_name(c, v, index);
    if (v->type != TSR_JSON_OBJECT) {
        case_bad(c, v->offset, NULL, "a case is an object");
    } else {
        int bad = check_header(c, v);
        bad |= check_body(c, v);
        if (named)
            bad |= check_unique(c, tsr_json_object_get(v, "name", NULL)->offset);
        if (!bad && !c->failed) {
            int st = tsr_term_new(&c->opts, &c->term);
            if (st != TSR_OK) {
                c->term = NULL;
                fail_head(c, v->offset, "the terminal");
                fprintf(stderr, "  tsr_term_new(rows %d, cols %d, scrollback %d) failed: %s\n",
                        c->opts.rows, c->opts.cols, c->opts.scrollback, tsr_status_str(st));
            } else {
                case_dump_start(c);
                case_dump_term(c);
                const tsr_json_value *steps = tsr_json_object_get(v, "steps", NULL);
                if (steps)
                    check_steps(c, steps);
                else
                    phase(c, "", v);
                case_dump_finish(c);
                tsr_term_free(c->term);
                c->term = NULL;
            }
        }
    }
    if (c->failed)
        c->nfailed++;
    else
        c->npassed++;
}
