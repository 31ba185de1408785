// One-line diagnostics on stderr with the exit code of their class, worded
// as native-host/common/diag.c words them, and glibc's strerror texts for the
// errors a file or stdout can give.

import { writeSync } from 'node:fs';

export const EXIT = Object.freeze({ OK: 0, USAGE: 2, INTERNAL: 5 });

const STRERROR = {
  EPERM: 'Operation not permitted',
  ENOENT: 'No such file or directory',
  EIO: 'Input/output error',
  ENXIO: 'No such device or address',
  EBADF: 'Bad file descriptor',
  EAGAIN: 'Resource temporarily unavailable',
  ENOMEM: 'Cannot allocate memory',
  EACCES: 'Permission denied',
  EFAULT: 'Bad address',
  EBUSY: 'Device or resource busy',
  ENODEV: 'No such device',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EINVAL: 'Invalid argument',
  ENFILE: 'Too many open files in system',
  EMFILE: 'Too many open files',
  ETXTBSY: 'Text file busy',
  EFBIG: 'File too large',
  ENOSPC: 'No space left on device',
  ESPIPE: 'Illegal seek',
  EROFS: 'Read-only file system',
  EPIPE: 'Broken pipe',
  ENAMETOOLONG: 'File name too long',
  ELOOP: 'Too many levels of symbolic links',
  EOVERFLOW: 'Value too large for defined data type',
  EDQUOT: 'Disk quota exceeded',
  ESTALE: 'Stale file handle',
};

/** strerror() for a Node system error. */
export const strerror = (err) => STRERROR[err?.code] ?? err?.message ?? String(err);

// stderr may be a non-blocking pipe: retry until everything is written.
export function writeAllSync(fd, bytes) {
  let o = 0;
  while (o < bytes.length) {
    try {
      o += writeSync(fd, bytes, o, bytes.length - o);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
    }
  }
}

const say = (line) => {
  try { writeAllSync(2, Buffer.from(line + '\n')); } catch { /* nowhere left to say it */ }
};

/** "tessera: <reason> (see tessera --help)" */
export function usage(reason) {
  say(`tessera: ${reason} (see tessera --help)`);
  return EXIT.USAGE;
}
/** "FILE:LINE: <reason>" */
export function fileLine(file, line, reason) {
  say(`${file}:${line}: ${reason}`);
  return EXIT.USAGE;
}
/** "FILE: byte OFFSET: <reason>" (journals) */
export function fileOffset(file, offset, reason) {
  say(`${file}: byte ${offset}: ${reason}`);
  return EXIT.USAGE;
}
/** "FILE: <what>: <strerror>" */
export function fileErrno(file, what, err) {
  say(`${file}: ${what}: ${strerror(err)}`);
  return EXIT.USAGE;
}
/** "tessera: <what>: <core status>" */
export function core(what, statusText) {
  say(`tessera: ${what}: ${statusText}`);
  return EXIT.INTERNAL;
}
/** "tessera: <reason>" */
export function internal(reason) {
  say(`tessera: ${reason}`);
  return EXIT.INTERNAL;
}
