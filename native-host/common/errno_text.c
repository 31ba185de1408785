/* glibc's wording for the errors opening, reading and writing a file can
 * give; strerror for the rest. wasi-libc says "I/O error", "Out of memory",
 * "Filename too long" and so on where glibc says otherwise. */
#include "errno_text.h"

#include <errno.h>
#include <string.h>

static const struct {
    int errnum;
    const char *text;
} GLIBC_TEXTS[] = {
    {EPERM, "Operation not permitted"},
    {ENOENT, "No such file or directory"},
    {EIO, "Input/output error"},
    {ENXIO, "No such device or address"},
    {EBADF, "Bad file descriptor"},
    {EAGAIN, "Resource temporarily unavailable"},
    {ENOMEM, "Cannot allocate memory"},
    {EACCES, "Permission denied"},
    {EFAULT, "Bad address"},
    {EBUSY, "Device or resource busy"},
    {ENODEV, "No such device"},
    {ENOTDIR, "Not a directory"},
    {EISDIR, "Is a directory"},
    {EINVAL, "Invalid argument"},
    {ENFILE, "Too many open files in system"},
    {EMFILE, "Too many open files"},
    {ETXTBSY, "Text file busy"},
    {EFBIG, "File too large"},
    {ENOSPC, "No space left on device"},
    {ESPIPE, "Illegal seek"},
    {EROFS, "Read-only file system"},
    {EPIPE, "Broken pipe"},
    {ENAMETOOLONG, "File name too long"},
    {ELOOP, "Too many levels of symbolic links"},
    {EOVERFLOW, "Value too large for defined data type"},
    {EDQUOT, "Disk quota exceeded"},
    {ESTALE, "Stale file handle"},
};

const char *errno_text(int errnum)
{
    for (size_t i = 0; i < sizeof GLIBC_TEXTS / sizeof GLIBC_TEXTS[0]; i++)
        if (GLIBC_TEXTS[i].errnum == errnum)
            return GLIBC_TEXTS[i].text;
    return strerror(errnum);
}
