// Synchronous file input and output for the CLI, mirroring the native
// tool's stdio: stdin for "-" or no FILE (named "<stdin>" in messages),
// 64 KiB reads, one write of the rendering and its newline.

import { closeSync, openSync, readSync } from 'node:fs';
import { writeAllSync } from './diag.js';

export const CHUNK = 64 * 1024;

/** {fd, name} or {error} (a Node system error from open). */
export function openInput(path) {
  if (path === null || path === '-') return { fd: 0, name: '<stdin>' };
  try {
    return { fd: openSync(path, 'r'), name: path };
  } catch (error) {
    return { error, name: path };
  }
}

export function closeInput(input) {
  if (input.fd > 0) closeSync(input.fd);
}

// Blocks briefly when a non-blocking stdin has nothing yet.
const pause = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);

/** Reads up to CHUNK bytes: a Uint8Array (empty at end of file); throws a system error. */
export function readChunk(input, buf) {
  for (;;) {
    try {
      const n = readSync(input.fd, buf, 0, buf.length, null);
      return buf.subarray(0, n);
    } catch (e) {
      if (e.code === 'EAGAIN') { pause(); continue; }
      if (e.code === 'EOF') return buf.subarray(0, 0); // Windows console EOF
      throw e;
    }
  }
}

/** Writes bytes and a newline to stdout; throws a system error. */
export function writeOutput(bytes) {
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  out[bytes.length] = 10;
  writeAllSync(1, out);
}
