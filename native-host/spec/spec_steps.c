/* The steps of a spec: exactly one action each, its value checked, then
 * the ordering rules that keep a spec from passing before the program
 * reaches the state it tests (README "JSON test specs"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec_check.h"
#include "steps.h"
#include "tessera/input.h"
#include "tessera/text.h"

/* What the ordering rules need to remember while walking the steps. */
typedef struct order {
    size_t pokes;       /* input and resize steps so far */
    int evidence;       /* an expect/expect_not since the latest poke, or an exit */
    int last_was_resize;
    size_t *expects;                /* each expect's step (index) ... */
    size_t *expect_pokes;           /* ... and the pokes before it */
    size_t nexpects;
    const char *names[SPEC_MAX_SNAPSHOTS + 1]; /* distinct snapshot names */
    size_t nnames;
} order;

/* A safe file name: letters, digits, '.', '-' and '_', 1..100 bytes, not
 * starting with '.'. */
static int safe_name(const char *s, size_t len)
{
    if (len == 0 || len > 100 || s[0] == '.')
        return 0;
    for (size_t i = 0; i < len; i++) {
        char ch = s[i];
        if (!(ch == '_' || ch == '-' || ch == '.' || (ch >= 'A' && ch <= 'Z') ||
              (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')))
            return 0;
    }
    return 1;
}

/* Text an expect can find: non-empty, no control characters, no NUL. */
static int findable(spec_ctx *c, const char *kind, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_STRING) {
        spec_error(c, v->offset, "%s must be a string", kind);
        return 0;
    }
    if (v->u.string.len == 0) {
        spec_error(c, v->offset, "%s: the text is empty: it would match any screen", kind);
        return 0;
    }
    for (size_t i = 0; i < v->u.string.len; i++) {
        unsigned char ch = (unsigned char)v->u.string.bytes[i];
        if (ch < 0x20 || ch == 0x7f) {
            spec_error(c, v->offset, "%s: the text holds a control character: no screen shows one",
                       kind);
            return 0;
        }
    }
    return 1;
}

static int copy_string(spec_ctx *c, tape_step *st, const tsr_json_value *v)
{
    st->str = malloc(v->u.string.len + 1);
    if (!st->str) {
        spec_error(c, v->offset, "out of memory");
        return 0;
    }
    memcpy(st->str, v->u.string.bytes, v->u.string.len + 1);
    st->len = v->u.string.len;
    return 1;
}

/* A style object ({"fg": 2, "bold": true, ...}) into st->style, through
 * the words a tape writes (screen_query.h), so both syntaxes mean one thing. */
static int style_object(spec_ctx *c, tape_step *st, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_OBJECT) {
        spec_error(c, v->offset, "\"style\" must be an object: {\"fg\": 2, \"bold\": true, ...}");
        return 0;
    }
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        char word[96], why[200];
        const tsr_json_value *x = &m->value;
        int colour = strcmp(m->key, "fg") == 0 || strcmp(m->key, "bg") == 0;
        if (colour && x->type == TSR_JSON_NUMBER && x->u.number.integer && x->u.number.value >= 0 &&
            x->u.number.value <= 255)
            snprintf(word, sizeof word, "%s=%d", m->key, (int)x->u.number.value);
        else if (colour && x->type == TSR_JSON_STRING && x->u.string.len < 16)
            snprintf(word, sizeof word, "%s=%s", m->key, x->u.string.bytes);
        else if (!colour && (x->type == TSR_JSON_TRUE || x->type == TSR_JSON_FALSE) &&
                 strlen(m->key) < 40)
            snprintf(word, sizeof word, "%s=%s", m->key, x->type == TSR_JSON_TRUE ? "true" : "false");
        else {
            spec_error(c, x->offset, colour ? "\"%s\" must be a palette index 0 to 255, \"#rrggbb\" or "
                                              "\"default\""
                                            : "\"%.40s\" must be true or false",
                       m->key);
            return 0;
        }
        if (style_want_word(&st->style, word, strlen(word), why, sizeof why) != 0) {
            spec_error(c, colour ? x->offset : m->key_offset, "%s", why);
            return 0;
        }
    }
    return 1;
}

/* An expect's value: "TEXT", or (version 3) {"text": ...} or {"regex": ...}
 * with an optional "style". */
static int expectation(spec_ctx *c, const char *k, tape_step *st, const tsr_json_value *v)
{
    char kind[24];
    snprintf(kind, sizeof kind, "\"%s\"", k);
    if (v->type == TSR_JSON_STRING)
        return findable(c, kind, v) && copy_string(c, st, v);
    if (v->type != TSR_JSON_OBJECT || c->info->version < 3) {
        spec_error(c, v->offset, c->info->version < 3 ? "%s must be a string"
                                                      : "%s must be a string, or an object with "
                                                        "\"text\" or \"regex\" and a \"style\"",
                   kind);
        return 0;
    }
    const tsr_json_value *text = NULL, *regex = NULL, *style = NULL;
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        if (strcmp(m->key, "text") == 0)
            text = &m->value;
        else if (strcmp(m->key, "regex") == 0)
            regex = &m->value;
        else if (strcmp(m->key, "style") == 0)
            style = &m->value;
        else {
            spec_error(c, m->key_offset, "unknown field \"%.40s\" in %s (text, regex, style)", m->key,
                       kind);
            return 0;
        }
    }
    if (!text == !regex) {
        spec_error(c, v->offset, "%s needs exactly one of \"text\" and \"regex\"", kind);
        return 0;
    }
    if (regex) {
        char why[200];
        pattern p;
        if (regex->type != TSR_JSON_STRING ||
            pattern_compile(&p, regex->u.string.bytes, regex->u.string.len, why, sizeof why) != 0) {
            spec_error(c, regex->offset, "\"regex\": %s",
                       regex->type != TSR_JSON_STRING ? "must be a string" : why);
            return 0;
        }
        pattern_free(&p);
        st->regex = 1;
    } else if (!findable(c, kind, text)) {
        return 0;
    }
    return (!style || style_object(c, st, style)) && copy_string(c, st, regex ? regex : text);
}

/* A place: {"text": "OK"} or {"row": R, "col": C} (0-based cells), and for
 * a wheel its "direction". */
static int place(spec_ctx *c, const char *k, tape_step *st, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_OBJECT) {
        spec_error(c, v->offset, "\"%s\" must be an object: {\"text\": \"OK\"} or {\"row\": 3, "
                                 "\"col\": 10}", k);
        return 0;
    }
    const tsr_json_value *text = NULL, *row = NULL, *col = NULL, *dir = NULL;
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        const tsr_json_value **slot = strcmp(m->key, "text") == 0  ? &text
                                      : strcmp(m->key, "row") == 0 ? &row
                                      : strcmp(m->key, "col") == 0 ? &col
                                      : strcmp(m->key, "direction") == 0 && st->op == TAPE_WHEEL
                                          ? &dir
                                          : NULL;
        if (!slot) {
            spec_error(c, m->key_offset, "unknown field \"%.40s\" in \"%s\"", m->key, k);
            return 0;
        }
        *slot = &m->value;
    }
    if (st->op == TAPE_WHEEL) {
        if (!dir || dir->type != TSR_JSON_STRING ||
            (strcmp(dir->u.string.bytes, "up") != 0 && strcmp(dir->u.string.bytes, "down") != 0)) {
            spec_error(c, dir ? dir->offset : v->offset, "\"wheel\" needs \"direction\": \"up\" or \"down\"");
            return 0;
        }
        st->up = dir->u.string.bytes[0] == 'u';
    }
    if (text && !row && !col) {
        st->at_text = 1;
        return findable(c, "\"text\"", text) && copy_string(c, st, text);
    }
    int ok = !text && row && col;
    for (int i = 0; ok && i < 2; i++) {
        const tsr_json_value *n = i ? col : row;
        ok = n->type == TSR_JSON_NUMBER && n->u.number.integer && n->u.number.value >= 0 &&
             n->u.number.value <= 999;
        if (ok)
            st->num[i] = (int)n->u.number.value;
    }
    if (!ok)
        spec_error(c, v->offset, "\"%s\" needs \"text\", or \"row\" and \"col\" (whole numbers "
                                 "from 0 to 999)", k);
    return ok;
}

/* A snapshot: "NAME", or (version 3) {"name": "NAME", "styled": true}. */
static int snapshot(spec_ctx *c, tape_step *st, const tsr_json_value *v)
{
    const tsr_json_value *name = v;
    if (v->type == TSR_JSON_OBJECT && c->info->version >= 3) {
        name = NULL;
        for (size_t i = 0; i < v->u.object.count; i++) {
            const tsr_json_member *m = &v->u.object.members[i];
            if (strcmp(m->key, "name") == 0)
                name = &m->value;
            else if (strcmp(m->key, "styled") == 0 &&
                     (m->value.type == TSR_JSON_TRUE || m->value.type == TSR_JSON_FALSE))
                st->styled = m->value.type == TSR_JSON_TRUE;
            else {
                spec_error(c, m->key_offset, "\"%.40s\" in \"snapshot\": only \"name\" and "
                                             "\"styled\" (true or false)", m->key);
                return 0;
            }
        }
        if (!name) {
            spec_error(c, v->offset, "\"snapshot\" needs a \"name\"");
            return 0;
        }
    }
    if (name->type != TSR_JSON_STRING || !safe_name(name->u.string.bytes, name->u.string.len)) {
        spec_error(c, name->offset, "\"snapshot\" must be a safe file name: 1 to 100 letters, "
                                    "digits, '.', '-' or '_', not starting with '.'");
        return 0;
    }
    return copy_string(c, st, name);
}

/* One action: its value checked and compiled into st (st->op is set). */
static int action(spec_ctx *c, const char *k, const tsr_json_value *v, tape_step *st)
{
    switch (st->op) {
    case TAPE_PRESS: {
        tsr_key key;
        if (v->type != TSR_JSON_STRING ||
            tsr_key_parse(v->u.string.bytes, v->u.string.len, &key) != TSR_OK) {
            spec_error(c, v->offset, "\"key\" must be a key name such as Enter, Ctrl+C or F5");
            return 0;
        }
        return copy_string(c, st, v);
    }
    case TAPE_TYPE:
    case TAPE_PASTE:
        if (v->type != TSR_JSON_STRING || v->u.string.len == 0) {
            spec_error(c, v->offset, "\"%s\" must be a non-empty string", k);
            return 0;
        }
        return copy_string(c, st, v);
    case TAPE_CLICK:
    case TAPE_DOUBLE_CLICK:
    case TAPE_WHEEL:
        return place(c, k, st, v);
    case TAPE_EXPECT:
    case TAPE_EXPECT_NOT:
        return expectation(c, k, st, v);
    case TAPE_WAIT_REDRAW:
        if (v->type != TSR_JSON_TRUE) {
            spec_error(c, v->offset, "\"wait_for_redraw\" must be true");
            return 0;
        }
        return 1;
    case TAPE_SNAPSHOT_CHECK:
        return snapshot(c, st, v);
    case TAPE_EXPECT_EXIT:
        if (v->type != TSR_JSON_NUMBER || !v->u.number.integer || v->u.number.value < 0 ||
            v->u.number.value > 255) {
            spec_error(c, v->offset, "\"exit\" needs an integer exit code from 0 to 255");
            return 0;
        }
        st->num[0] = (int)v->u.number.value;
        return 1;
    default: /* TAPE_RESIZE */
        return spec_size(c, "\"resize\"", v, &st->num[1], &st->num[0]);
    }
}

/* An input step's modifiers (version 3): "now": true sends at once,
 * "ready_ms": N is its readiness budget. */
static int modifier(spec_ctx *c, const tsr_json_member *m, tape_step *st)
{
    if (strcmp(m->key, "now") == 0) {
        if (m->value.type != TSR_JSON_TRUE) {
            spec_error(c, m->value.offset, "\"now\" must be true (leave it out to wait for readiness)");
            return 0;
        }
        st->now = 1;
        return 1;
    }
    const tsr_json_value *v = &m->value;
    if (v->type != TSR_JSON_NUMBER || !v->u.number.integer || v->u.number.value < 1 ||
        v->u.number.value > 3600000) {
        spec_error(c, v->offset, "\"ready_ms\" must be an integer from 1 to 3600000");
        return 0;
    }
    st->ready_ns = (uint64_t)v->u.number.value * 1000000u;
    return 1;
}

/* The ordering rules for the step just compiled. */
static void check_order(spec_ctx *c, order *o, const tape_step *st, const tsr_json_value *obj)
{
    int was_resize = o->last_was_resize;
    o->last_was_resize = st->op == TAPE_RESIZE;
    switch (st->op) {
    case TAPE_PRESS:
    case TAPE_TYPE:
    case TAPE_PASTE:
    case TAPE_CLICK:
    case TAPE_DOUBLE_CLICK:
    case TAPE_WHEEL:
    case TAPE_RESIZE:
        o->pokes++;
        o->evidence = 0;
        break;
    case TAPE_EXPECT:
        o->expects[o->nexpects] = (size_t)(st - c->t->steps);
        o->expect_pokes[o->nexpects++] = o->pokes;
        o->evidence = 1;
        break;
    case TAPE_EXPECT_NOT: {
        int same = 0, poked = 0;
        for (size_t i = 0; i < o->nexpects; i++) {
            const tape_step *e = &c->t->steps[o->expects[i]];
            if (e->regex == st->regex && e->len == st->len && memcmp(e->str, st->str, st->len) == 0) {
                same = 1;
                poked |= o->expect_pokes[i] < o->pokes;
            }
        }
        if (!same)
            spec_error(c, obj->offset, "\"expect_not\" needs an earlier \"expect\" of the same text");
        else if (!poked)
            spec_error(c, obj->offset, "\"expect_not\" needs input or a resize between it and the "
                                       "earlier \"expect\" of the same text");
        o->evidence = 1;
        break;
    }
    case TAPE_EXPECT_EXIT:
        o->evidence = 1;
        break;
    case TAPE_WAIT_REDRAW:
        if (!was_resize)
            spec_error(c, obj->offset, "\"wait_for_redraw\" must come right after a \"resize\"");
        break;
    case TAPE_SNAPSHOT_CHECK: {
        if (!o->evidence)
            spec_error(c, obj->offset, "\"snapshot\" needs readiness evidence: an \"expect\" or "
                                       "\"expect_not\" after the latest input or resize, or an \"exit\"");
        size_t i = 0;
        while (i < o->nnames && strcmp(o->names[i], st->str) != 0)
            i++;
        if (i == o->nnames) {
            if (o->nnames == SPEC_MAX_SNAPSHOTS)
                spec_error(c, obj->offset, "more than %d distinct snapshot names",
                           SPEC_MAX_SNAPSHOTS);
            else
                o->names[o->nnames++] = st->str;
        }
        break;
    }
    default:
        break;
    }
}

void spec_check_steps(spec_ctx *c, const tsr_json_value *steps)
{
    if (steps->type != TSR_JSON_ARRAY) {
        spec_error(c, steps->offset, "\"steps\" must be an array");
        return;
    }
    if (steps->u.array.count > SPEC_MAX_STEPS) {
        spec_error(c, steps->u.array.items[SPEC_MAX_STEPS].offset, "more than %d steps",
                   SPEC_MAX_STEPS);
        return;
    }
    order o = {0};
    o.expects = calloc(steps->u.array.count + 1, sizeof *o.expects);
    o.expect_pokes = calloc(steps->u.array.count + 1, sizeof *o.expect_pokes);
    if (!o.expects || !o.expect_pokes) {
        free(o.expects);
        free(o.expect_pokes);
        spec_error(c, steps->offset, "out of memory");
        return;
    }
    for (size_t i = 0; i < steps->u.array.count; i++) {
        const tsr_json_value *obj = &steps->u.array.items[i];
        if (obj->type != TSR_JSON_OBJECT) {
            spec_error(c, obj->offset, "a step must be an object with exactly one action");
            continue;
        }
        const tsr_json_member *act = NULL;
        const step_def *def = NULL;
        const tsr_json_member *mods[2];
        size_t nact = 0, nmods = 0;
        for (size_t j = 0; j < obj->u.object.count; j++) {
            const tsr_json_member *m = &obj->u.object.members[j];
            int later = 0;
            const step_def *d = step_by_spec_key(m->key, c->info->version, &later);
            int mod = strcmp(m->key, "now") == 0 || strcmp(m->key, "ready_ms") == 0;
            if (d) {
                if (nact++ == 0) {
                    act = m;
                    def = d;
                }
            } else if (mod && c->info->version >= 3 && nmods < 2) {
                mods[nmods++] = m;
            } else if (later || (mod && c->info->version < 3))
                spec_error(c, m->key_offset, "\"%.40s\" needs \"version\": %d", m->key,
                           later ? later : 3);
            else
                spec_error(c, m->key_offset, "unknown action \"%.40s\"", m->key);
        }
        if (nact != 1) {
            if (nact == 0 && obj->u.object.count == 0)
                spec_error(c, obj->offset, "a step needs exactly one action, it has none");
            else if (nact > 1)
                spec_error(c, obj->offset, "a step needs exactly one action, it has %zu", nact);
            continue;
        }
        tape_step *st = tape_new_step(c->t);
        if (!st) {
            spec_error(c, obj->offset, "out of memory");
            break;
        }
        size_t line, col;
        tsr_json_locate(c->text, c->len, obj->offset, &line, &col);
        st->line = (long)line;
        st->column = (long)col;
        st->op = def->op;
        style_want_none(&st->style);
        int ok = action(c, act->key, &act->value, st);
        for (size_t j = 0; ok && j < nmods; j++) {
            if (!(def->flags & STEP_INPUT)) {
                spec_error(c, mods[j]->key_offset, "\"%s\" goes with an input step (text, key, "
                                                   "paste, click, double_click, wheel)", mods[j]->key);
                ok = 0;
            } else {
                ok = modifier(c, mods[j], st);
            }
        }
        if (ok && st->now && st->ready_ns) {
            spec_error(c, obj->offset, "\"now\" and \"ready_ms\": one of them");
            ok = 0;
        }
        if (ok)
            check_order(c, &o, st, obj);
        else
            o.last_was_resize = 0;
    }
    free(o.expects);
    free(o.expect_pokes);
}
