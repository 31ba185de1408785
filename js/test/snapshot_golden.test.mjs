// expectTerminal(terminal).toMatchSnapshot(name) (issue 10 item 9, issue 19): golden
// screens from JS, in __snapshots__/ beside the test file, the exact padded grid,
// compared once the screen has settled by the native `tessera golden` through WASI
// (trailing spaces and blank rows at the end do not count; diff golden - before screen +,
// byte for byte the native command's; a note when only spacing differs): a mismatch fails
// at once, not at the deadline. Written with TESSERA_UPDATE=1. On a real program.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { built, runNative } from './support.mjs';
import { launch, expectTerminal, TerminalAssertionError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const OUTER = { timeout: 20_000 };
const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-golden-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const TABLE = 'printf "name   value\\n\\nalpha  1\\nbeta   22\\n"; read x';
const table = (t) => launch('sh', ['-c', TABLE], { rows: 6, cols: 20, timeoutMs: 20_000, test: t });
/** The committed golden file, as `tessera snapshot --update` writes it: 6 rows of 20 cells. */
const committed = readFileSync(path.join(here, '__snapshots__', 'sh-table.txt'), 'utf8');

test('the golden file beside the test matches the settled screen', OUTER, async (t) => {
  assert.equal(committed.split('\n').length, 7);
  assert.ok(committed.split('\n').slice(0, 6).every((row) => row.length === 20), 'the exact padded grid');
  const term = await table(t);
  const r = await expectTerminal(term).toMatchSnapshot('sh-table');
  assert.equal(r.file, path.join(here, '__snapshots__', 'sh-table.txt'));
  assert.equal(r.updated, false);
  // the CLI takes the same file for the same program
  const cli = runNative(['snapshot', '--rows', '6', '--cols', '20', '--golden', r.file, '--', 'sh', '-c', TABLE]);
  assert.equal(cli.status, 0, cli.stderr.toString());
});

test('a golden file an editor trimmed still matches', OUTER, async (t) => {
  const dir = path.join(tmp, 'trimmed');
  rmSync(dir, { recursive: true, force: true });
  await import('node:fs').then((fs) => fs.mkdirSync(dir));
  writeFileSync(path.join(dir, 'sh-table.txt'), committed.split('\n').map((l) => l.trimEnd()).join('\n').trimEnd());
  const term = await table(t);
  await expectTerminal(term).toMatchSnapshot('sh-table', { dir });
});

// A mismatch must fail as soon as the screen has settled: waiting out this deadline would
// outlast the test's own timeout (OUTER), so the test would fail.
async function failure(t, golden, timeoutMs = 60_000) {
  const dir = mkdtempSync(path.join(tmp, 'g-'));
  writeFileSync(path.join(dir, 'g.txt'), golden);
  const term = await table(t);
  await expectTerminal(term.getByText('beta')).toBePresent();
  const err = await expectTerminal(term).toMatchSnapshot('g', { dir, timeoutMs }).then(() => null, (e) => e);
  assert.ok(err instanceof TerminalAssertionError, `a failure, got ${err}`);
  return { err, file: path.join(dir, 'g.txt') };
}

test('a different screen fails at once with the native diff, golden (-) before screen (+)', OUTER, async (t) => {
  const golden = committed.replace('beta   22', 'beta   23');
  const { err, file } = await failure(t, golden);
  assert.equal(err.message.split('\n')[0], `expectTerminal(terminal).toMatchSnapshot() failed: the screen differs from ${file}`);
  const diff = err.message.slice(err.message.indexOf('--- '));
  assert.ok(diff.startsWith(`--- ${file}\n  +++ screen\n  @@ -1,6 +1,6 @@\n`), diff);
  assert.ok(diff.indexOf('-beta   23') < diff.indexOf('+beta   22'), diff);
  assert.doesNotMatch(err.message, /only differences are in spacing/);
  assert.match(err.message, /screen at failure/);
  // The diff is the native command's, for the screen the assertion compared.
  const screen = path.join(path.dirname(file), 'screen.txt');
  writeFileSync(screen, `${err.snapshot.snapshot()}\n`);
  const native = runNative(['golden', file, screen]);
  assert.equal(native.status, 1);
  const nativeDiff = native.stderr.toString().split('\n').slice(1).join('\n').trimEnd();
  assert.ok(err.message.includes(nativeDiff.replace(/\n/g, '\n  ')), `${nativeDiff}\n---\n${err.message}`);
  // The artifacts hold the golden file beside the screen.
  assert.equal(readFileSync(path.join(err.artifacts, 'expected.txt'), 'utf8'), golden);
  assert.ok(readFileSync(path.join(err.artifacts, 'screen.txt'), 'utf8').includes('beta   22'));
});

test('a difference of spacing alone is named as such', OUTER, async (t) => {
  const { err } = await failure(t, committed.replace('alpha  1', 'alpha 1 '));
  assert.match(err.message, /-alpha 1 /);
  assert.match(err.message, /\(the only differences are in spacing: spaces within rows, or blank rows\)/);
});

test('a missing golden file fails at once and says how to write it', OUTER, async (t) => {
  const term = await table(t);
  const t0 = Date.now();
  await assert.rejects(expectTerminal(term).toMatchSnapshot('none', { dir: tmp }),
    (e) => e instanceof TerminalAssertionError && /cannot read the golden file: ENOENT \(write it with TESSERA_UPDATE=1\)/.test(e.message));
  assert.ok(Date.now() - t0 < 5000);
  // a missing golden file has no expected.txt in the artifacts
  const err = await expectTerminal(term).toMatchSnapshot('none', { dir: tmp }).then(() => null, (e) => e);
  assert.ok(existsSync(path.join(err.artifacts, 'screen.txt')), err.message);
  assert.equal(existsSync(path.join(err.artifacts, 'expected.txt')), false);
  await assert.rejects(expectTerminal(term.getByText('x')).toMatchSnapshot('a'), TypeError);
  await assert.rejects(expectTerminal(term).toMatchSnapshot('../escape', { dir: tmp }), TypeError);
});

test('TESSERA_UPDATE=1 writes the settled screen as the exact padded grid', OUTER, async (t) => {
  const dir = path.join(tmp, 'update', 'nested');
  const term = await table(t);
  process.env.TESSERA_UPDATE = '1';
  let r;
  try {
    r = await expectTerminal(term).toMatchSnapshot('written', { dir });
  } finally {
    delete process.env.TESSERA_UPDATE;
  }
  assert.equal(r.updated, true);
  assert.equal(readFileSync(r.file, 'utf8'), committed);
  await expectTerminal(term).toMatchSnapshot('written', { dir }); // and it matches afterwards
});
