#!/usr/bin/env node
// Turns raw/<menu>.jsonl (fetch.mjs: vttest's screens as tessera recorded them) into
// cases/<menu>.json and COVERAGE.md. A screen's expected state comes from the oracle
// backends, other emulators and never tessera: each is fed the bytes from vttest's start
// up to that screen, and the screen becomes a case when every oracle shows the same text;
// when two agree and the third fails on the bytes (its emulator crashes) or shows another
// screen, the real xterm (the referee) must show what the two show. The cursor is expected too when those agree
// on it. Deterministic for the same raw/ and the same oracle and xterm versions
// (COVERAGE.md names them).
// Standalone: node:* imports only; the oracles are the adapter programs of
// corpus/backends (line protocol: corpus/backends/README.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
const RAW = join(HERE, 'raw');
const CASES = join(HERE, 'cases');
const SUITE = 'vttest';
const LICENSE = 'HPND-vttest AND BSD-3-Clause';
const SCROLLBACK = 1000;

function debVersion(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout ? `Debian ${pkg} ${r.stdout}` : `${pkg} (version unknown)`;
}

function npmVersion(name) {
  try {
    return `npm ${name} ${JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')).version}`;
  } catch {
    return `npm ${name} (version unknown)`;
  }
}

// An oracle takes part when its adapter is in this tree; then it must run.
const ORACLES = [
  {
    name: 'libvterm',
    source: 'corpus/backends/libvterm.c',
    cmd: [process.env.BACKEND_LIBVTERM || join(REPO, 'build/bin/backend_libvterm')],
    version: () => debVersion('libvterm0'),
  },
  {
    name: 'xterm.js',
    source: 'corpus/backends/xterm.mjs',
    cmd: [process.execPath, join(REPO, 'corpus/backends/xterm.mjs')],
    version: () => npmVersion('@xterm/headless'),
  },
  {
    name: 'pyte',
    source: 'corpus/backends/pyte_adapter.py',
    // Debian's python3-pyte lives in the system interpreter, not in a pyenv one
    cmd: [existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3', join(REPO, 'corpus/backends/pyte_adapter.py')],
    version: () => debVersion('python3-pyte'),
  },
].filter(o => existsSync(join(REPO, o.source)));

// The referee, asked only about screens an oracle failed on (it is slower: one print job
// per screen): the screen stands when it shows what the other oracles agree on.
const REFEREE = {
  name: 'xterm',
  cmd: [process.execPath, join(REPO, 'corpus/backends/xterm_x11.mjs')],
  version: () => debVersion('xterm'),
};

function fail(msg) {
  console.error(`extract: ${msg}`);
  process.exit(2);
}

// One running adapter: commands in, dumps out. An adapter that dies on a case (its
// emulator crashed) gives that case an error and is started afresh for the next.
class Oracle {
  constructor({ name, cmd }) {
    this.name = name;
    this.cmd = cmd;
    this.proc = null;
  }

  start() {
    const proc = spawn(this.cmd[0], this.cmd.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    const lines = [];
    this.proc = proc;
    proc.stderr.on('data', d => { stderr += d; });
    proc.stdin.on('error', () => {}); // a dead adapter: its exit reports it
    proc.on('error', e => fail(`oracle ${this.name} (${this.cmd.join(' ')}) cannot start: ${e.message}`));
    proc.on('exit', code => {
      if (this.proc === proc) this.proc = null;
      const done = this.waiting;
      this.waiting = null;
      if (done) done({ error: `adapter exited ${code}: ${crashReason(stderr)}` });
    });
    createInterface({ input: proc.stdout }).on('line', line => {
      lines.push(line);
      if (line === 'end' && this.waiting) {
        const done = this.waiting;
        this.waiting = null;
        done(parseDump(this.name, lines.splice(0)));
      }
    });
  }

  // The state after feeding `bytes` to a fresh terminal, or {error}.
  screen(bytes, rows, cols) {
    if (!this.proc) this.start();
    return new Promise(done => {
      this.waiting = done;
      this.proc.stdin.write(`open ${rows} ${cols} ${SCROLLBACK}\nfeed ${bytes.toString('hex')}\ndump\n`);
    });
  }

  close() {
    if (this.proc) this.proc.stdin.end();
  }
}

// The adapter's message without its line number and the command it quotes.
function crashReason(stderr) {
  const first = stderr.trim().split('\n')[0] || 'no message';
  return first.replace(/^.*?line \d+: /, '').replace(/: "(feed|open|dump)[^]*$/, '');
}

function unquote(s) {
  return s.slice(1, -1).replace(/\\x([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

// {size, rows: text rows as a case's expectedScreen, cursor: {row, col}} from a dump. The
// size is reported too: an oracle may have obeyed DECCOLM where the others did not.
function parseDump(name, lines) {
  const text = [];
  let cursor = null, size = null;
  for (const line of lines) {
    const [kind, a, b] = line.split(' ');
    if (kind === 'size') size = `${a}x${b}`;
    else if (kind === 'cursor') cursor = { row: Number(a), col: Number(b) };
    else if (kind === 'row') text[Number(a)] = unquote(line.slice(line.indexOf('"'))).replace(/ +$/, '');
  }
  if (!size || !cursor || text.length !== Number(size.split('x')[0]) || text.includes(undefined))
    fail(`oracle ${name} gave a malformed dump: ${JSON.stringify(lines.slice(0, 3))}`);
  while (text.length && text[text.length - 1] === '') text.pop();
  return { size, rows: text, cursor };
}

function readRaw(file) {
  const [head, ...screens] = readFileSync(join(RAW, file), 'utf8').trimEnd().split('\n').map(l => JSON.parse(l));
  return { head, screens: screens.map(s => (s.hex !== undefined ? Buffer.from(s.hex, 'hex') : Buffer.from(s.text, 'utf8'))) };
}

// Menu paths in menu order: 2 before 11, 11.2 before 11.10.
// A test recorded at 132 columns (MENU@132) right after the same test at 80.
const byMenu = (a, b) => {
  const aw = a.endsWith('@132'), bw = b.endsWith('@132');
  [a, b] = [a.replace(/@132$/, ''), b.replace(/@132$/, '')];
  if (a === b) return aw - bw;
  const [am, as = ''] = a.split('+'), [bm, bs = ''] = b.split('+');
  const x = am.split('.').map(Number), y = bm.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return as < bs ? -1 : as > bs ? 1 : 0; // a test alone, then with its settings
};

// Which oracles side with which, and the rows where the screens differ.
function disagreement(results) {
  const groups = [];
  for (const [name, r] of results) {
    if (r.error) {
      groups.push({ key: `error ${name}`, names: [`${name} failed (${r.error})`], size: null, rows: [] });
      continue;
    }
    const key = JSON.stringify([r.size, r.rows]);
    const g = groups.find(x => x.key === key);
    if (g) g.names.push(name);
    else groups.push({ key, names: [name], size: r.size, rows: r.rows });
  }
  const sizes = new Set(groups.filter(g => g.size).map(g => g.size));
  const height = Math.max(...groups.map(g => g.rows.length));
  const differing = [];
  const shown = groups.filter(g => g.size);
  for (let i = 0; i < height; i++) if (new Set(shown.map(g => g.rows[i] ?? '')).size > 1) differing.push(i);
  const sides = groups.map(g => g.names.join('+') + (sizes.size > 1 && g.size ? ` (${g.size})` : '')).join(' vs ');
  return { sides, rows: differing };
}

// The bytes after the last sequence that clears the whole screen: ED 2, RIS, DECCOLM.
function sinceLastClear(bytes) {
  const text = bytes.toString('latin1');
  const at = Math.max(...['\x1b[2J', '\x1bc', '\x1b[?3h', '\x1b[?3l'].map((s) => {
    const i = text.lastIndexOf(s);
    return i < 0 ? -1 : i + s.length;
  }));
  return at < 0 ? text : text.slice(at);
}

// witnesses: who the expectation comes from when not every oracle (the referee's cases).
function caseOf(menu, n, title, bytes, screen, cursor, head, witnesses) {
  // case names take no '+': a test run with its menu's settings is NAME-set-SETTINGS
  // nor '@': a test recorded at 132 columns is NAME-132-columns
  const c = { suite: SUITE, name: `${menu.replace('+', '-set-').replace(/@132$/, '-132-columns')}-screen-${n}`, cols: head.cols, rows: head.rows };
  const text = bytes.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(bytes)) c.input = text;
  else c.inputHex = bytes.toString('hex');
  c.expectedScreen = screen;
  if (cursor) c.expectedCursor = cursor;
  c.sourceLine = `vttest menu ${menu} screen ${n}`;
  c.license = LICENSE;
  c.note = `${title}: vttest's output from its start to its prompt number ${n} of this test, recorded through tessera record` +
    (witnesses?.wide ? ` (vttest 24x80.132); the screen ${witnesses.names.join(', ')} show at 132 columns (the other oracles stay at 80: they do not implement DECCOLM)` : '') +
    (witnesses && !witnesses.wide ? `; the screen ${witnesses.names.join(', ')} show (the other oracle fails on these bytes or shows another screen)` : '');
  return c;
}

async function main() {
  if (ORACLES.length < 2) fail(`${ORACLES.length} oracle adapter(s) in corpus/backends; agreement needs at least 2`);
  if (!existsSync(RAW)) fail('no raw/: run fetch.mjs first');
  const oracles = ORACLES.map(o => new Oracle(o));
  const referee = new Oracle(REFEREE);
  const files = readdirSync(RAW).filter(f => f.endsWith('.jsonl')).sort((a, b) => byMenu(a.slice(0, -6), b.slice(0, -6)));
  rmSync(CASES, { recursive: true, force: true });
  mkdirSync(CASES);
  const summary = [], rejected = [], cursorDropped = [], refereed = [];
  const wideScreens = [], narrow = []; // the 132-column recordings' screens at 132 and at 80
  const unsettled = []; // screens the referee would settle, after a double-size line
  for (const file of files) {
    const { head, screens } = readRaw(file);
    const cases = [];
    const wide = head.geometry.endsWith('.132');
    let bytes = Buffer.alloc(0);
    for (let i = 0; i < screens.length; i++) {
      const where = `${head.menu} screen ${i + 1}`;
      // the case from the screen those in `agreeing` show alike, the cursor where they agree
      const caseFrom = (agreeing, witnesses) => {
        const expected = agreeing[0][1].rows; // the same for all of them
        const cur = agreeing[0][1].cursor;
        const sameCursor = agreeing.every(([, r]) => r.cursor.row === cur.row && r.cursor.col === cur.col);
        if (!sameCursor) cursorDropped.push({ where, cursors: agreeing.map(([n, r]) => `${n} ${r.cursor.row},${r.cursor.col}`).join('; ') });
        return caseOf(head.menu, i + 1, head.title, bytes, expected, sameCursor ? cur : null, head, witnesses);
      };
      bytes = Buffer.concat([bytes, screens[i]]);
      const results = [];
      for (const o of oracles) results.push([o.name, await o.screen(bytes, head.rows, head.cols)]);
      const screen = results[0][1].rows;
      const size = `${head.rows}x${head.cols}`;
      const same = (r, rows, at = size) => !r.error && r.size === at && JSON.stringify(r.rows) === JSON.stringify(rows);
      // The referee is no witness once a double-size line was made (ESC # 3, 4 or 6) since
      // the screen was last wholly cleared (ED 2, RIS, DECCOLM): xterm's print writes the cells
      // such a line hides, so it cannot say what the line shows.
      const sized = /\x1b#[346]/.test(sinceLastClear(bytes));
      if (wide) {
        // Recorded with vttest allowed 132 columns: only the screens it drew at 132 columns
        // (as the referee shows them) are this recording's; the rest the 80-column one has.
        // Witnesses are the referee and the oracles that switched with it; an oracle that
        // stayed at 80 columns (no DECCOLM) is left out, one that switched must agree.
        const ref = await referee.screen(bytes, head.rows, head.cols);
        if (!ref.error && ref.size === size) { narrow.push(where); continue; }
        if (sized) { unsettled.push(where); continue; }
        const switched = results.filter(([, r]) => !r.error && r.size === ref.size);
        if (ref.error || !switched.length || !switched.every(([, r]) => same(r, ref.rows, ref.size))) {
          rejected.push({ where, ...disagreement([...results, [REFEREE.name, ref]]) });
          continue;
        }
        const agreeingWide = [...switched, [REFEREE.name, ref]];
        const stayed = results.filter(([, r]) => !r.error && r.size !== ref.size).map(([n]) => n);
        const failed = results.filter(([, r]) => r.error).map(([n]) => n);
        wideScreens.push({ where, with: agreeingWide.map(([n]) => n).join('+'), stayed, failed });
        cases.push(caseFrom(agreeingWide, { wide: true, names: agreeingWide.map(([n]) => n) }));
        continue;
      }
      let agreeing = results;
      if (!results.every(([, r]) => same(r, screen))) {
        // The referee settles it when at least two oracles show one screen and only the
        // other fails on the bytes or shows something else; the case is what they and xterm show.
        const majority = results.filter(([, r]) => results.filter(([, o]) => same(o, r.rows) && same(r, o.rows)).length >= 2);
        if (majority.length >= 2 && sized) { unsettled.push(where); continue; }
        const ref = majority.length >= 2 ? await referee.screen(bytes, head.rows, head.cols) : null;
        if (!ref || !same(ref, majority[0][1].rows)) {
          rejected.push({ where, ...disagreement(ref ? [...results, [REFEREE.name, ref]] : results) });
          continue;
        }
        agreeing = [...majority, [REFEREE.name, ref]];
        const against = results.filter(([n]) => !majority.some(([m]) => m === n))
          .map(([n, r]) => `${n} ${r.error ? 'fails on the bytes' : 'shows another screen'}`);
        refereed.push({ where, with: agreeing.map(([n]) => n).join('+'), against: against.join(', ') });
      }
      cases.push(caseFrom(agreeing, agreeing === results ? null : { names: agreeing.map(([n]) => n) }));
    }
    if (cases.length) writeFileSync(join(CASES, `${head.menu}.json`), JSON.stringify({ version: 1, cases }, null, 2) + '\n');
    const atEighty = wide ? narrow.filter(w => w.startsWith(`${head.menu} `)).length : 0;
    summary.push({ menu: head.menu, title: head.title, screens: screens.length, cases: cases.length, atEighty });
  }
  for (const o of [...oracles, referee]) o.close();
  writeFileSync(join(HERE, 'COVERAGE.md'), coverage(summary, rejected, cursorDropped, refereed, wideScreens, narrow, unsettled));
  const total = summary.reduce((n, s) => n + s.cases, 0), found = summary.reduce((n, s) => n + s.screens, 0);
  console.log(`extract: ${found} screens, ${total} cases (${refereed.length} settled by ${REFEREE.name}), ${rejected.length} rejected (oracles: ${oracles.map(o => o.name).join(', ')})`);
}

function coverage(summary, rejected, cursorDropped, refereed, wideScreens, narrow, unsettled) {
  const found = summary.reduce((n, s) => n + s.screens, 0), made = summary.reduce((n, s) => n + s.cases, 0);
  const wideFiles = summary.filter(s => s.menu.endsWith('@132')).length;
  const wideDrawn = summary.filter(s => s.menu.endsWith('@132')).reduce((n, s) => n + s.screens - s.atEighty, 0);
  const out = [
    '# vttest: coverage of the extraction',
    '',
    'Written by `extract.mjs`; do not edit. The health of the extraction (which recorded screens',
    'became cases), not anyone\'s conformance.',
    '',
    `Oracles: ${ORACLES.map(o => `${o.name} (${o.version()})`).join(', ')}; where one fails on the bytes or differs, the other two and the referee, ${REFEREE.name} (${REFEREE.version()}).`,
    '',
    `${found} screens recorded in ${summary.length} menu tests; ${made} became cases (${refereed.length} of them where one oracle`,
    `failed or differed and the referee agreed with the other two), ${rejected.length} were rejected because the oracles disagree on the`,
    `screen's text, and ${unsettled.length} were left where the referee would decide but a double-size line was made before them;`,
    `${cursorDropped.length} cases expect the screen only, those it comes from disagreeing on the cursor.`,
    `${wideFiles} menu tests were recorded again with vttest allowed 132 columns (MENU@132): ${wideDrawn} of their screens`,
    `were drawn at 132 columns (${wideScreens.length} became cases), and ${narrow.length} at 80 (the 80-column recording holds those).`,
    '',
    '| menu | test | screens | cases | rejected | at 80 columns |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const s of summary)
    out.push(`| ${s.menu} | ${s.title.replace(/\|/g, '\\|')} | ${s.screens} | ${s.cases} | ${s.screens - s.cases - s.atEighty} | ${s.menu.endsWith('@132') ? s.atEighty : '-'} |`);
  out.push('', '## Rejected screens, by who disagrees', '');
  const bySides = new Map();
  for (const r of rejected) bySides.set(r.sides, [...(bySides.get(r.sides) ?? []), r]);
  if (!rejected.length) out.push('None.');
  for (const [sides, list] of [...bySides].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))) {
    out.push(`### ${sides} (${list.length})`, '');
    for (const r of list) out.push(`- ${r.where}${r.rows.length ? `: rows ${r.rows.join(', ')}` : ''}`);
    out.push('');
  }
  out.push('## One oracle failed or differs; the other two and the referee agree', '');
  if (!refereed.length) out.push('None.');
  for (const r of refereed) out.push(`- ${r.where}: ${r.with} (failed: ${r.against})`);
  out.push('');
  out.push('## Left to no referee: a double-size line was made before them', '');
  out.push('xterm\'s print writes the cells a double-size line hides, so it cannot witness these screens.', '');
  if (!unsettled.length) out.push('None.');
  for (const w of unsettled) out.push(`- ${w}`);
  out.push('');
  out.push('## Drawn at 132 columns', '');
  out.push('Witnessed by the referee and the oracles that switched to 132 columns with it; those that', 'stayed at 80 columns (they do not implement DECCOLM) are named, and are no witnesses.', '');
  if (!wideScreens.length) out.push('None.');
  for (const w of wideScreens)
    out.push(`- ${w.where}: ${w.with}${w.stayed.length ? `; stayed at 80: ${w.stayed.join(', ')}` : ''}${w.failed.length ? `; failed: ${w.failed.join(', ')}` : ''}`);
  out.push('');
  out.push('## Cursor not expected (the oracles disagree on it)', '');
  if (!cursorDropped.length) out.push('None.');
  for (const c of cursorDropped) out.push(`- ${c.where}: ${c.cursors}`);
  return out.join('\n').replace(/\n+$/, '') + '\n';
}

await main();
