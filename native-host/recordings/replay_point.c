#include "replay_point.h"

#include <stdio.h>
#include <string.h>

#include "tessera/text.h"

int replay_point_is_step_end(const char *label, size_t len, long n)
{
    char prefix[48];
    int k = snprintf(prefix, sizeof prefix, "step %ld end:", n);
    return k > 0 && (size_t)k <= len && memcmp(label, prefix, (size_t)k) == 0;
}

int replay_point_skip(replay_point *p, uint64_t t_ns, const char *label, size_t len)
{
    if (p->reached)
        return 1;
    p->seen++;
    switch (p->kind) {
    case POINT_AT:
        p->reached = t_ns > p->at_ns;
        break;
    case POINT_EVENT:
        p->reached = p->seen > p->event;
        break;
    case POINT_MARK: /* the marker itself shows nothing: stop at it */
        if (label && strlen(p->mark) == len && memcmp(p->mark, label, len) == 0) {
            p->reached = 1;
            return 0;
        }
        break;
    case POINT_STEP:
        if (label && replay_point_is_step_end(label, len, p->step)) {
            p->reached = 1;
            return 0;
        }
        break;
    case POINT_END:
        break;
    }
    return p->reached;
}

int replay_point_check(const replay_point *p, char *why, size_t cap)
{
    if (p->kind == POINT_EVENT && !p->reached && p->seen < p->event) {
        snprintf(why, cap, "--event %ld: the recording has %ld event%s", p->event, p->seen,
                 p->seen == 1 ? "" : "s");
        return -1;
    }
    if (p->kind == POINT_MARK && !p->reached) {
        char quoted[64];
        tsr_quote(quoted, sizeof quoted, p->mark, strlen(p->mark), 0);
        snprintf(why, cap, "--mark %s: the recording has no such marker", quoted);
        return -1;
    }
    if (p->kind == POINT_STEP && !p->reached) {
        snprintf(why, cap, "--step %ld: the recording has no mark \"step %ld end: ...\" "
                           "(tessera replay --marks lists them)", p->step, p->step);
        return -1;
    }
    return 0;
}
