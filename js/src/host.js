// Finding `tessera host` (Node only). Its stdout is frames, cut by
// FrameDecoder (frames.js) with the core's decoder.

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
