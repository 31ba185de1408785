/* PTY allocation with the portable calls only (no openpty), so the same
 * code works on Linux and the BSDs. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "pty.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int pty_resize(int master, int rows, int cols)
{
    struct winsize ws = {0};
    ws.ws_row = (unsigned short)rows;
    ws.ws_col = (unsigned short)cols;
    return ioctl(master, TIOCSWINSZ, &ws);
}

int pty_open(pty_pair *p, int rows, int cols)
{
    p->master = p->slave = -1;
    int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0)
        return -1;
    const char *name;
    if (grantpt(m) != 0 || unlockpt(m) != 0 || !(name = ptsname(m)))
        goto fail;
    int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (s < 0)
        goto fail;
    p->master = m;
    p->slave = s;
    /* Size before the program starts, so its first TIOCGWINSZ is right. */
    if (pty_resize(m, rows, cols) != 0) {
        int e = errno;
        pty_close(p);
        errno = e;
        return -1;
    }
    return 0;
fail:;
    int e = errno;
    close(m);
    errno = e;
    return -1;
}

void pty_close(pty_pair *p)
{
    if (p->slave >= 0)
        close(p->slave);
    if (p->master >= 0)
        close(p->master);
    p->slave = p->master = -1;
}
