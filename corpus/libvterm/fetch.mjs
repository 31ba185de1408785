#!/usr/bin/env node
// Fetches libvterm's sources at the pinned Debian version into a cache outside the
// repository and prints the path of the unpacked tree. Standalone: node:* only.
//
//   node corpus/libvterm/fetch.mjs        # prints e.g. ~/.cache/tessera-corpus/libvterm-0.1.4-1/src
//
// The source package comes from apt (`apt-get source --download-only`, which needs a
// deb-src entry); every file is checked against the SHA-256 pinned below before it is
// unpacked, and again on every cache hit.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const PACKAGE = 'libvterm';
const VERSION = '0.1.4-1';
// The Debian source package's files and their SHA-256, as downloaded on the fetch date
// the README gives (the .dsc lists the same sums for the two tarballs).
const PINNED = {
  'libvterm_0.1.4-1.dsc': '0e25ac00619061611e3d019592eca5561de1dbe09165353868a419e6138fcc3e',
  'libvterm_0.1.4.orig.tar.gz': 'bc70349e95559c667672fc8c55b9527d9db9ada0fb80a3beda533418d782d3dd',
  'libvterm_0.1.4-1.debian.tar.xz': 'e259458deecc2fb57e1b5e5adc422e141fc1a15981596c13590df88378be8fd4',
};
const DSC = 'libvterm_0.1.4-1.dsc';
const ORIG = 'libvterm_0.1.4.orig.tar.gz';
const DEBIAN = 'libvterm_0.1.4-1.debian.tar.xz';

function fail(message) {
  process.stderr.write(`fetch libvterm: ${message}\n`);
  process.exit(1);
}

function sha256(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'tessera-corpus', `${PACKAGE}-${VERSION}`);
}

/** Throws unless every pinned file in dir has its pinned SHA-256. */
function verify(dir) {
  for (const [file, want] of Object.entries(PINNED)) {
    const path = join(dir, file);
    if (!existsSync(path)) throw new Error(`${file} is missing from ${dir}`);
    const got = sha256(path);
    if (got !== want) throw new Error(`${file}: SHA-256 ${got}, pinned ${want}`);
  }
}

/** Whether apt has any deb-src entry (one-line .list style or deb822 .sources style). */
function hasDebSrc() {
  const files = ['/etc/apt/sources.list'];
  const dir = '/etc/apt/sources.list.d';
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.list') || name.endsWith('.sources')) files.push(join(dir, name));
    }
  }
  return files.some((file) => {
    if (!existsSync(file)) return false;
    const text = readFileSync(file, 'utf8');
    return /^\s*deb-src\s/m.test(text) || /^\s*Types:.*\bdeb-src\b/m.test(text);
  });
}

function run(cmd, args, cwd) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    if (err.code === 'ENOENT') throw new Error(`${cmd} is not installed`);
    const detail = `${err.stderr || ''}${err.stdout || ''}`.trim();
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${err.status}):\n${detail}`);
  }
}

function download(dir) {
  if (!hasDebSrc()) {
    throw new Error('apt has no deb-src entry: add one (Types: deb-src) for the Debian release ' +
      `that carries ${PACKAGE} ${VERSION}, run apt-get update, then fetch again`);
  }
  try {
    run('apt-get', ['source', '--download-only', `${PACKAGE}=${VERSION}`], dir);
  } catch (err) {
    throw new Error(`${err.message}\n(apt needs a deb-src entry for the release carrying ` +
      `${PACKAGE} ${VERSION}, and an apt-get update after adding it)`);
  }
}

/** Unpacks the verified package into dir/src: dpkg-source where it exists, else tar. */
function unpack(dir) {
  const src = join(dir, 'src');
  try {
    run('dpkg-source', ['-x', DSC, src], dir);
    return src;
  } catch (err) {
    if (!/not installed/.test(err.message)) throw err;
  }
  mkdirSync(src);
  run('tar', ['-xzf', join(dir, ORIG), '-C', src, '--strip-components=1'], dir);
  run('tar', ['-xJf', join(dir, DEBIAN), '-C', src], dir);
  return src;
}

function fetch() {
  const root = cacheRoot();
  const src = join(root, 'src');
  if (existsSync(join(src, 't'))) {
    try {
      verify(root);
    } catch (err) {
      throw new Error(`the cache at ${root} does not match the pinned sums (${err.message}); ` +
        'delete that folder to fetch again');
    }
    return src;
  }
  const parent = join(root, '..');
  mkdirSync(parent, { recursive: true });
  // Beside the cache, so the final rename stays on one file system.
  const work = mkdtempSync(join(parent, `.${PACKAGE}-${VERSION}-`));
  try {
    download(work);
    verify(work);
    unpack(work);
    if (!existsSync(join(work, 'src', 't'))) throw new Error('the unpacked tree has no t/ folder');
    rmSync(root, { recursive: true, force: true });
    // A rename, so an interrupted fetch never leaves a half-unpacked cache behind.
    renameSync(work, root);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return src;
}

try {
  process.stdout.write(`${fetch()}\n`);
} catch (err) {
  fail(err.message);
}
