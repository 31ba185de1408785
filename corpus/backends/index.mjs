// The backends the corpus runner knows: name -> how to start its adapter (a program
// speaking the protocol of backends/README.md) and how to tell whether it can start here.
// A backend that cannot start is reported with what to install or build, never dropped.
//
// To add an emulator: write its adapter, then add one entry below (or try it first
// without editing this file: node corpus/run.mjs --adapter NAME='COMMAND ARGS').
import { existsSync, accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const here = (f) => path.join(REPO, 'corpus', 'backends', f);

/** Our own backends: they carry no ledger entry for our own suite, and witness nothing. */
export const OWN_BACKENDS = new Set(['tessera', 'tessera-wasm']);
export const OWN_SUITE = 'tessera';

/** TESSERA_BUILD_DIR (relative to the current directory) or the repository's build/. */
export const buildDir = (env = process.env) => (env.TESSERA_BUILD_DIR ? path.resolve(env.TESSERA_BUILD_DIR) : path.join(REPO, 'build'));

const executable = (f) => {
  try {
    accessSync(f, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const runs = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 10000 }).status === 0;
const missingFile = (f) => (existsSync(f) ? null : `${path.relative(REPO, f) || f} does not exist`);

// Each entry: start(build) -> {command, args}; missing(build) -> null when it can start,
// else what is missing and how to get it.
const REGISTRY = {
  tessera: {
    start: (b) => ({ command: path.join(b, 'bin', 'backend_tessera'), args: [] }),
    missing: (b) => (executable(path.join(b, 'bin', 'backend_tessera')) ? null
      : `${path.join(b, 'bin', 'backend_tessera')} is not built (bash scripts/build.sh)`),
  },
  'tessera-wasm': {
    start: (b) => ({ command: process.execPath, args: [here('wasi_adapter.mjs'), path.join(b, 'wasm', 'tessera-adapter.wasm')] }),
    missing: (b) => missingFile(here('wasi_adapter.mjs')) ?? (existsSync(path.join(b, 'wasm', 'tessera-adapter.wasm')) ? null
      : `${path.join(b, 'wasm', 'tessera-adapter.wasm')} is not built (bash scripts/build.sh, with the WASI SDK the wasm build needs)`),
  },
  libvterm: {
    start: (b) => ({ command: path.join(b, 'bin', 'backend_libvterm'), args: [] }),
    missing: (b) => (executable(path.join(b, 'bin', 'backend_libvterm')) ? null
      : `${path.join(b, 'bin', 'backend_libvterm')} is not built (install Debian's libvterm-dev, then bash scripts/build.sh)`),
  },
  'xterm.js': {
    start: () => ({ command: process.execPath, args: [here('xterm.mjs')] }),
    missing: () => {
      try {
        createRequire(path.join(REPO, 'package.json')).resolve('@xterm/headless');
        return missingFile(here('xterm.mjs'));
      } catch {
        return '@xterm/headless is not installed (npm ci at the top of the repository)';
      }
    },
  },
  // Real xterm, the reference the others are measured against: about a minute and a half for
  // the whole corpus (one xterm, a print job per dump), so a run that names no backend takes
  // an even sample of each suite on it; named (--backend xterm) or with --long, it takes all.
  xterm: {
    samplePerSuite: 12,
    start: () => ({ command: process.execPath, args: [here('xterm_x11.mjs')] }),
    missing: () => missingFile(here('xterm_x11.mjs'))
      ?? (runs('sh', ['-c', 'command -v xterm && command -v Xvfb']) ? null : "xterm or Xvfb is not installed (Debian's xterm and xvfb)"),
  },
  pyte: {
    start: () => ({ command: '/usr/bin/python3', args: [here('pyte_adapter.py')] }),
    missing: () => missingFile(here('pyte_adapter.py'))
      ?? (runs('/usr/bin/python3', ['-c', 'import pyte']) ? null : "/usr/bin/python3 cannot import pyte (install Debian's python3-pyte)"),
  },
  // tmux: a session, a shell and a relay per case in its own server (about a minute of CPU
  // for the whole corpus, a third of the run): a default run takes an even sample of it too.
  tmux: {
    samplePerSuite: 40,
    start: () => ({ command: process.execPath, args: [here('tmux.mjs')] }),
    missing: () => missingFile(here('tmux.mjs')) ?? (runs('tmux', ['-V']) ? null : "tmux is not installed (Debian's tmux)"),
  },
  vt100: {
    start: (b) => ({ command: path.join(b, 'corpus-rust', 'release', 'backend_vt100'), args: [] }),
    missing: (b) => (executable(path.join(b, 'corpus-rust', 'release', 'backend_vt100')) ? null
      : `${path.join(b, 'corpus-rust', 'release', 'backend_vt100')} is not built (install Debian's librust-vt100-dev and build the Rust adapters of corpus/backends/rust/)`),
  },
  alacritty: {
    start: (b) => ({ command: path.join(b, 'corpus-rust', 'release', 'backend_alacritty'), args: [] }),
    missing: (b) => (executable(path.join(b, 'corpus-rust', 'release', 'backend_alacritty')) ? null
      : `${path.join(b, 'corpus-rust', 'release', 'backend_alacritty')} is not built (install Debian's librust-alacritty-terminal-dev and build the Rust adapters of corpus/backends/rust/)`),
  },
  ghostty: {
    start: () => ({ command: process.execPath, args: [here('ghostty.mjs')] }),
    missing: () => {
      try {
        createRequire(path.join(REPO, 'package.json')).resolve('ghostty-web/ghostty-vt.wasm');
        return missingFile(here('ghostty.mjs'));
      } catch {
        return 'ghostty-web is not installed (npm ci at the top of the repository)';
      }
    },
  },
};

/** Every registered backend's name, in the registry's order. */
export const BACKEND_NAMES = Object.keys(REGISTRY);
/** The backends a run takes when none is named: all of them. */
export const DEFAULT_BACKENDS = BACKEND_NAMES;
/**
 * How many cases of each suite (and recordings) a backend takes in a run that names no
 * backend and is not --long: a number for the slow ones, null for every case.
 */
export const sampleSizeOf = (name) => REGISTRY[name]?.samplePerSuite ?? null;

/**
 * A backend ready to start: {name, command, args, cwd} or {name, missing}. extra: adapters
 * given on the command line, name -> "COMMAND ARGS" (split at blanks).
 */
export function resolveBackend(name, { env = process.env, extra = {} } = {}) {
  if (extra[name] !== undefined) {
    const [command, ...args] = extra[name].trim().split(/\s+/);
    return { name, command, args, cwd: process.cwd() };
  }
  const entry = REGISTRY[name];
  if (!entry) return { name, missing: `there is no backend "${name}" (known: ${BACKEND_NAMES.join(', ')})` };
  const b = buildDir(env);
  const missing = entry.missing(b);
  return missing ? { name, missing } : { name, ...entry.start(b), cwd: REPO };
}
