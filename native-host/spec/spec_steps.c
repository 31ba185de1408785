/* The steps of a spec: exactly one action each, its value checked, then
 * the ordering rules that keep a spec from passing before the program
 * reaches the state it tests (README "JSON test specs"). */
#include <stdlib.h>
#include <string.h>

#include "spec_check.h"
#include "tessera/input.h"
#include "tessera/text.h"

static const char *const ACTIONS[] = {"key", "text", "expect", "expect_not",
                                      "wait_for_redraw", "snapshot", "exit", "resize"};
#define NACTIONS (sizeof ACTIONS / sizeof ACTIONS[0])

/* What the ordering rules need to remember while walking the steps. */
typedef struct order {
    size_t pokes;       /* input and resize steps so far */
    int evidence;       /* an expect/expect_not since the latest poke, or an exit */
    int last_was_resize;
    const tsr_json_value **expects; /* each expect's text ... */
    size_t *expect_pokes;           /* ... and the pokes before it */
    size_t nexpects;
    const char *names[SPEC_MAX_SNAPSHOTS + 1]; /* distinct snapshot names */
    size_t nnames;
} order;

static int is_action(const char *k)
{
    for (size_t i = 0; i < NACTIONS; i++)
        if (strcmp(k, ACTIONS[i]) == 0)
            return 1;
    return 0;
}

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

/* One action: its value checked and compiled into st. */
static int action(spec_ctx *c, const char *k, const tsr_json_value *v, tape_step *st)
{
    if (strcmp(k, "key") == 0) {
        st->op = TAPE_PRESS;
        tsr_key key;
        if (v->type != TSR_JSON_STRING ||
            tsr_key_parse(v->u.string.bytes, v->u.string.len, &key) != TSR_OK) {
            spec_error(c, v->offset, "\"key\" must be a key name such as Enter, Ctrl+C or F5");
            return 0;
        }
        return copy_string(c, st, v);
    }
    if (strcmp(k, "text") == 0) {
        st->op = TAPE_TYPE;
        if (v->type != TSR_JSON_STRING || v->u.string.len == 0) {
            spec_error(c, v->offset, "\"text\" must be a non-empty string");
            return 0;
        }
        return copy_string(c, st, v);
    }
    if (strcmp(k, "expect") == 0 || strcmp(k, "expect_not") == 0) {
        st->op = k[6] ? TAPE_EXPECT_NOT : TAPE_EXPECT;
        return findable(c, k[6] ? "\"expect_not\"" : "\"expect\"", v) && copy_string(c, st, v);
    }
    if (strcmp(k, "wait_for_redraw") == 0) {
        st->op = TAPE_WAIT_REDRAW;
        if (v->type != TSR_JSON_TRUE) {
            spec_error(c, v->offset, "\"wait_for_redraw\" must be true");
            return 0;
        }
        return 1;
    }
    if (strcmp(k, "snapshot") == 0) {
        st->op = TAPE_SNAPSHOT_CHECK;
        if (v->type != TSR_JSON_STRING || !safe_name(v->u.string.bytes, v->u.string.len)) {
            spec_error(c, v->offset, "\"snapshot\" must be a safe file name: 1 to 100 letters, "
                                     "digits, '.', '-' or '_', not starting with '.'");
            return 0;
        }
        return copy_string(c, st, v);
    }
    if (strcmp(k, "exit") == 0) {
        st->op = TAPE_EXPECT_EXIT;
        if (v->type != TSR_JSON_NUMBER || !v->u.number.integer || v->u.number.value < 0 ||
            v->u.number.value > 255) {
            spec_error(c, v->offset, "\"exit\" needs an integer exit code from 0 to 255");
            return 0;
        }
        st->num[0] = (int)v->u.number.value;
        return 1;
    }
    st->op = TAPE_RESIZE; /* "resize": the only action left */
    return spec_size(c, "\"resize\"", v, &st->num[1], &st->num[0]);
}

/* The ordering rules for the step just compiled. */
static void check_order(spec_ctx *c, order *o, const tape_step *st, const tsr_json_value *v,
                        const tsr_json_value *obj)
{
    int was_resize = o->last_was_resize;
    o->last_was_resize = st->op == TAPE_RESIZE;
    switch (st->op) {
    case TAPE_PRESS:
    case TAPE_TYPE:
    case TAPE_RESIZE:
        o->pokes++;
        o->evidence = 0;
        break;
    case TAPE_EXPECT:
        o->expects[o->nexpects] = v;
        o->expect_pokes[o->nexpects++] = o->pokes;
        o->evidence = 1;
        break;
    case TAPE_EXPECT_NOT: {
        int same = 0, poked = 0;
        for (size_t i = 0; i < o->nexpects; i++) {
            const tsr_json_value *e = o->expects[i];
            if (e->u.string.len == st->len && memcmp(e->u.string.bytes, st->str, st->len) == 0) {
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
        size_t nact = 0;
        for (size_t j = 0; j < obj->u.object.count; j++) {
            const tsr_json_member *m = &obj->u.object.members[j];
            if (!is_action(m->key))
                spec_error(c, m->key_offset, "unknown action \"%.40s\"", m->key);
            else if (nact++ == 0)
                act = m;
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
        if (action(c, act->key, &act->value, st))
            check_order(c, &o, st, &act->value, obj);
        else
            o.last_was_resize = 0;
    }
    free(o.expects);
    free(o.expect_pokes);
}
