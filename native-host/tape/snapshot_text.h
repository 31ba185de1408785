/* The normalised screen of a spec snapshot: stable across hosts, so it can
 * be checked in. */
#ifndef TSR_CLI_SNAPSHOT_TEXT_H
#define TSR_CLI_SNAPSHOT_TEXT_H

#include <stddef.h>

/* Rewrites text[0..*len) in place: CRLF and CR become LF, trailing spaces of
 * each line and trailing empty lines are removed, and it ends in exactly one
 * newline (an empty screen is one newline). text must have room for one more
 * byte than *len. */
void snapshot_normalise(char *text, size_t *len);

#endif
