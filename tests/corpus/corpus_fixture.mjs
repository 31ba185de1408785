// Shared by the corpus runner's tests: a corpus folder made on the fly, a fake backend
// program that speaks the protocol, and a way to run corpus/run.mjs on them.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RUN = path.join(ROOT, 'corpus', 'run.mjs');

// A terminal that only knows printable ASCII: what is fed goes on row 0. Fed words
// make it misbehave: DIE exits, HANG stops answering, GARBAGE answers outside the
// protocol. STARTED=FILE makes it leave a mark when it starts.
const FAKE = `
import readline from 'node:readline';
import { appendFileSync } from 'node:fs';
if (process.env.STARTED) appendFileSync(process.env.STARTED, 'started\\n');
let text = '', rows = 0, cols = 0;
const out = (...l) => process.stdout.write(l.join('\\n') + '\\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  const [cmd, ...a] = line.split(' ');
  if (cmd === 'open') { rows = +a[0]; cols = +a[1]; text = ''; }
  else if (cmd === 'feed') {
    text += Buffer.from(a[0] ?? '', 'hex').toString('latin1');
    if (text.includes('DIE')) process.exit(3);
  } else if (cmd === 'dump') {
    if (text.includes('HANG')) continue;
    if (text.includes('GARBAGE')) { out('hello there'); continue; }
    const blank = ' '.repeat(cols);
    out('size ' + rows + ' ' + cols, 'cursor 0 ' + Math.min(text.length, cols - 1) + ' visible',
        ...Array.from({ length: rows }, (_, i) => 'row ' + i + ' "' + (i ? blank : text.padEnd(cols).slice(0, cols)) + '"'), 'end');
  } else if (cmd === 'quit') break;
  else if (['mode', 'keypad', 'styled', 'find'].includes(cmd)) out('unsupported ' + cmd);
  else { process.stderr.write('fake: unknown command ' + cmd + '\\n'); process.exit(2); }
}
`;

/** A fresh folder with the fake backend in it; returns {dir, fake, cleanup}. */
export function scratch() {
  const dir = mkdtempSync(path.join(tmpdir(), 'corpus-test-'));
  const fake = path.join(dir, 'fake.mjs');
  writeFileSync(fake, FAKE);
  return { dir, fake, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes corpus/<suite>/cases/<file> with the given cases (filling in the provenance). */
export function writeCases(dir, suite, file, cases, { raw = false } = {}) {
  const casesDir = path.join(dir, 'corpus', suite, 'cases');
  mkdirSync(casesDir, { recursive: true });
  const full = raw ? cases : { version: 1, cases: cases.map((c) => ({ suite, cols: 10, rows: 2, sourceLine: 'test', license: 'tessera', ...c })) };
  writeFileSync(path.join(casesDir, file), JSON.stringify(full, null, 1));
  return path.join(casesDir, file);
}

export const writeLedger = (dir, entries) =>
  writeFileSync(path.join(dir, 'corpus', 'known-gaps.json'), JSON.stringify(entries, null, 2) + '\n');

/** Runs corpus/run.mjs with args; resolves {status, stdout, stderr}. */
export function runCorpus(args, { env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUN, ...args], { env: { ...process.env, ...env } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The arguments that run the fake backend, named `name`, on the scratch corpus. */
export const fakeArgs = (s, name = 'fake') =>
  ['--corpus', path.join(s.dir, 'corpus'), '--adapter', `${name}=${process.execPath} ${s.fake}`, '--backend', name];
