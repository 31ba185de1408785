// Finding the native `tessera` binary, whose `host` command runs programs on
// PTYs for launch() (Node only). Looked for, in order:
//   1. $TESSERA_BIN (a path; set but missing is an error, never skipped)
//   2. $TESSERA_BUILD_DIR/bin/tessera (a build of the repository)
//   3. the npm platform package (tessera-terminal-linux-x64, an optional dependency): the
//      binary of exactly this package's version, so it comes before an older one on $PATH
//   4. every folder of $PATH
//   5. INSTALL_BIN: where `cmake --install build` puts it (CMake's default prefix)
//   6. build/bin/tessera of the checkout, when the package sits in one
// The error names each place tried.

import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const INSTALL_BIN = '/usr/local/bin/tessera';

const here = path.dirname(fileURLToPath(import.meta.url));
const checkoutBuild = path.resolve(here, '..', '..', 'build', 'bin', 'tessera');
const PLATFORM_PACKAGE = `tessera-terminal-${process.platform}-${process.arch}`;

// The platform package's binary, or none when npm did not install it (another platform, or
// a checkout without it).
function platformBinary() {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${PLATFORM_PACKAGE}/package.json`);
    return [path.join(path.dirname(manifest), 'bin', 'tessera')];
  } catch {
    return [];
  }
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The tessera binary's path; throws an Error listing every place tried. */
export function findHost(env = process.env) {
  if (env.TESSERA_BIN) {
    if (executable(env.TESSERA_BIN)) return env.TESSERA_BIN;
    throw new Error(`tessera binary not found: TESSERA_BIN=${env.TESSERA_BIN} is not an executable file`);
  }
  const tried = ['$TESSERA_BIN (unset)'];
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const places = [
    env.TESSERA_BUILD_DIR ? [[path.join(env.TESSERA_BUILD_DIR, 'bin', 'tessera')], '$TESSERA_BUILD_DIR/bin/tessera']
      : [[], '$TESSERA_BUILD_DIR (unset)'],
    [platformBinary(), `the npm package ${PLATFORM_PACKAGE}`],
    [dirs.map((d) => path.join(d, 'tessera')), `$PATH (${dirs.join(path.delimiter) || 'empty'})`],
    [[INSTALL_BIN], `${INSTALL_BIN} (the install location)`],
    [[checkoutBuild], `${checkoutBuild} (the checkout's build)`],
  ];
  for (const [files, label] of places) {
    const found = files.find(executable);
    if (found) return found;
    tried.push(label);
  }
  throw new Error(`tessera binary not found; tried ${tried.join(', ')}. Build and install it ` +
    '(cmake -S . -B build && cmake --build build && cmake --install build), or set TESSERA_BIN');
}
