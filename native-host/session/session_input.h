/* Input to a live session through the core's encoders (tessera/input.h):
 * the bytes follow the modes the program has set right now. Each returns
 * 0, or -1 with a one-line reason in why (capacity cap): an unknown key
 * name, a mouse event the program has not enabled, a failed write. */
#ifndef TSR_CLI_SESSION_INPUT_H
#define TSR_CLI_SESSION_INPUT_H

#include <stddef.h>

#include "session.h"

int session_press(session *s, const char *key, size_t len, char *why, size_t cap);
int session_type(session *s, const char *text, size_t len, char *why, size_t cap);
int session_paste(session *s, const char *text, size_t len, char *why, size_t cap);
/* A left click (down and up) at a 0-based cell. */
int session_click(session *s, int row, int col, char *why, size_t cap);
/* One mouse event (tessera/input.h: action, button) at a 0-based cell. */
int session_mouse(session *s, int action, int button, int row, int col, char *why, size_t cap);
int session_focus(session *s, int in, char *why, size_t cap);

#endif
