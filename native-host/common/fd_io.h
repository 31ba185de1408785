/* Writing whole buffers to a file descriptor. */
#ifndef TSR_CLI_FD_IO_H
#define TSR_CLI_FD_IO_H

#include <stddef.h>

/* Writes all len bytes (retrying after EINTR and short writes); -1 on error. */
int fd_write_all(int fd, const void *buf, size_t len);

#endif
