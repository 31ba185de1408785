#include "replay_point.h"

#include <stdio.h>
#include <string.h>

#include "tessera/text.h"

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
    return 0;
}
