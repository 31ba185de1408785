// Finding `tessera host` and cutting its stdout into frames. The frame
// header is the core's documented layout (core/README.md, "The frame
// format"): 16 bytes, little-endian, then the payload.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgRoot = path.resolve(here, '..');
const repoRoot = path.resolve(pkgRoot, '..');

/** The tessera binary: $TESSERA_BIN, $TESSERA_BUILD_DIR/bin, the repo's build/bin, beside the package. */
export function findHost() {
  const tried = [];
  const env = process.env;
  if (env.TESSERA_BIN) {
    if (existsSync(env.TESSERA_BIN)) return env.TESSERA_BIN;
    throw new Error(`TESSERA_BIN=${env.TESSERA_BIN} does not exist`);
  }
  const candidates = [];
  if (env.TESSERA_BUILD_DIR) candidates.push(path.join(env.TESSERA_BUILD_DIR, 'bin', 'tessera'));
  candidates.push(path.join(repoRoot, 'build', 'bin', 'tessera'),
    path.join(pkgRoot, 'native', 'tessera'));
  for (const c of candidates) {
    tried.push(c);
    if (existsSync(c)) return c;
  }
  throw new Error(`tessera host not found (tried ${tried.join(', ')}); build it ` +
    '(cmake -S . -B build && cmake --build build) or set TESSERA_BIN');
}

const HEADER = 16;
const MAX_PAYLOAD = 16 << 20;
const TYPES = { 1: 'output', 2: 'resize', 3: 'reset', 4: 'exit', 5: 'input-ack', 6: 'input' };

/** Accumulates stdout chunks and yields whole frames, each exactly as sent. */
export class FrameDecoder {
  constructor() {
    this.buf = Buffer.alloc(0);
    this.offset = 0; // bytes of the stream consumed, for error messages
  }

  /** Adds a chunk; returns the frames it completed (throws on a malformed header). */
  push(chunk) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out = [];
    while (this.buf.length >= HEADER) {
      const b = this.buf;
      const type = TYPES[b[0]];
      const len = b.readUInt32LE(4);
      if (!type || b[1] !== 1 || b.readUInt16LE(2) !== 0 || len > MAX_PAYLOAD) {
        throw new Error(`tessera host: malformed frame header at byte ${this.offset} ` +
          `(type ${b[0]}, version ${b[1]}, reserved ${b.readUInt16LE(2)}, length ${len})`);
      }
      if (b.length < HEADER + len) break; // cut short: wait for more
      const p = b.subarray(HEADER, HEADER + len);
      const frame = { type, timeNs: b.readBigUInt64LE(8) };
      if (type === 'output' || type === 'input') frame.data = new Uint8Array(p);
      else if (type === 'resize') { frame.rows = p.readUInt16LE(0); frame.cols = p.readUInt16LE(2); }
      else if (type === 'exit') { frame.exitCode = p.readInt32LE(0); frame.exitSignal = p.readInt32LE(4); }
      else if (type === 'input-ack') frame.actionId = p.readBigUInt64LE(0);
      out.push(frame);
      this.buf = b.subarray(HEADER + len);
      this.offset += HEADER + len;
    }
    return out;
  }

  /** Bytes left over at EOF (a frame cut short). */
  get pending() { return this.buf.length; }
}
