// Shared by the session differentials' tests: a small fake terminal that speaks the
// backend protocol, recordings written on the fly, and a scratch corpus holding them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratch } from './corpus_fixture.mjs';

// A terminal of printable characters, CR, LF, BS and CUP (`ESC [ R ; C H`); every other
// sequence is skipped whole. Arguments: `swap=XY` prints Y where X is fed (the bug the
// tests locate); `strict` exits 3 when dumped while a sequence is open, as a dump that
// feeds a query would then corrupt it; `noresize` ignores resizes; `die=X` exits 3 when
// X is fed (a crash); `alt` reports `alt-screen 0`.
const FAKE_TERM = `
import readline from 'node:readline';
const opts = Object.fromEntries(process.argv.slice(2).map((a) => [a.split('=')[0], a.split('=')[1] ?? '']));
let rows = 0, cols = 0, grid = [], r = 0, c = 0, pending = '', decoder;
const blank = () => Array(cols).fill(' ');
const open = (R, C) => { rows = R; cols = C; grid = Array.from({ length: rows }, blank); r = c = 0; pending = ''; decoder = new TextDecoder(); };
const lf = () => { if (r === rows - 1) { grid.shift(); grid.push(blank()); } else r++; };
function feed(text) {
  let s = pending + text;
  pending = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\x1b') {
      const m = /^\\x1b(\\[[0-?]*[ -\\/]*[@-~]|\\][^\\x07]*\\x07|[ -\\/]*(?![[\\]])[0-~])/.exec(s.slice(i));
      if (!m) { pending = s.slice(i); return; }
      const cup = /^\\x1b\\[(\\d*);?(\\d*)H$/.exec(m[0]);
      if (cup) { r = Math.min(rows, +cup[1] || 1) - 1; c = Math.min(cols, +cup[2] || 1) - 1; }
      i += m[0].length - 1;
    } else if (ch === '\\r') c = 0;
    else if (ch === '\\n') lf();
    else if (ch === '\\b') c = Math.max(0, c - 1);
    else if (ch >= ' ') {
      if (c >= cols) { c = 0; lf(); }
      if (opts.die === ch) process.exit(3);
      grid[r][c++] = opts.swap && ch === opts.swap[0] ? opts.swap[1] : ch;
    }
  }
}
const q = (s) => '"' + s.replace(/[\\x00-\\x1f"\\\\\\x7f]/g, (x) => '\\\\x' + x.charCodeAt(0).toString(16).padStart(2, '0')) + '"';
const out = (...l) => process.stdout.write(l.join('\\n') + '\\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  const [cmd, ...a] = line.split(' ');
  if (cmd === 'open') open(+a[0], +a[1]);
  else if (cmd === 'feed') feed(decoder.decode(Buffer.from(a[0] ?? '', 'hex'), { stream: true }));
  else if (cmd === 'resize' && opts.noresize !== undefined) continue;
  else if (cmd === 'resize') {
    const R = +a[0], C = +a[1];
    grid = Array.from({ length: R }, (_, i) => Array.from({ length: C }, (_, j) => grid[i]?.[j] ?? ' '));
    rows = R; cols = C; r = Math.min(r, R - 1); c = Math.min(c, C - 1);
  } else if (cmd === 'reset') open(rows, cols);
  else if (cmd === 'dump') {
    if (opts.strict !== undefined && pending) { process.stderr.write('fake: dumped inside a sequence\\n'); process.exit(3); }
    out('size ' + rows + ' ' + cols, 'cursor ' + r + ' ' + Math.min(c, cols - 1) + ' visible',
        ...(opts.alt !== undefined ? ['alt-screen 0'] : []),
        ...grid.map((row, i) => 'row ' + i + ' ' + q(row.join(''))), 'end');
  } else if (cmd === 'quit') break;
  else if (['mode', 'keypad', 'styled', 'find'].includes(cmd)) out('unsupported ' + cmd);
  else { process.stderr.write('fake: unknown command ' + cmd + '\\n'); process.exit(2); }
}
`;

/** An asciicast v2 file's text: header, then [time, code, data] events. */
export const castText = ({ cols, rows }, events) =>
  [JSON.stringify({ version: 2, width: cols, height: rows }), ...events.map((e) => JSON.stringify(e))].join('\n') + '\n';

/** A journal's bytes: the magic line, then frames [type, nanoseconds, payload]. */
export function journalBytes(frames) {
  const parts = [Buffer.from('tessera-journal 1\n')];
  for (const [type, ns, payload] of frames) {
    const head = Buffer.alloc(16);
    head[0] = type;
    head[1] = 1;
    head.writeUInt32LE(payload.length, 4);
    head.writeBigUInt64LE(BigInt(ns), 8);
    parts.push(head, payload);
  }
  return Buffer.concat(parts);
}

/**
 * A scratch corpus (scratch() of corpus_fixture.mjs) with the fake terminal as
 * `term.mjs` and the given bundled recordings ({name: text or bytes}).
 */
export function sessionScratch(recordings) {
  const s = scratch();
  const fixtures = path.join(s.dir, 'corpus', 'sessions', 'fixtures');
  mkdirSync(fixtures, { recursive: true });
  for (const [name, data] of Object.entries(recordings)) writeFileSync(path.join(fixtures, name), data);
  s.term = path.join(s.dir, 'term.mjs');
  writeFileSync(s.term, FAKE_TERM);
  return s;
}

/** run.mjs arguments: the scratch corpus, the fake as `tessera` and as each backend named (NAME or NAME:ARGS). */
export function sessionArgs(s, backends, { reference = '' } = {}) {
  const args = ['--corpus', path.join(s.dir, 'corpus'), '--adapter', `tessera=${process.execPath} ${s.term} ${reference}`.trimEnd()];
  for (const b of backends) {
    const [name, extra = ''] = b.split(':');
    if (name !== 'tessera') args.push('--adapter', `${name}=${process.execPath} ${s.term} ${extra}`.trimEnd());
    args.push('--backend', name);
  }
  return args;
}
