#!/usr/bin/env node
// Writes corpus/tessera/COVERAGE.md: every sequence and mode of docs/sequences.md's
// table with the tessera cases that cover it (rows without one are flagged),
// and the number of cases per file. The rows come from where
// tests/screen/make_sequences_md.py takes them: tests/screen/sequences.txt
// and core/src/modes.def. Imports node:* only.
//
//   node corpus/coverage.mjs           rewrite COVERAGE.md
//   node corpus/coverage.mjs --check   exit 1 when COVERAGE.md is stale
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS_FILE = 'tests/screen/sequences.txt';
const MODES_DEF = 'core/src/modes.def';
const MODES_JSON = 'corpus/modes.json';
const CASES_DIR = 'corpus/tessera/cases';
const OUT = 'corpus/tessera/COVERAGE.md';

// The rows of modes.def in the row format of sequences.txt (as
// make_sequences_md.py renders them), each with its mode number. A mode's
// cases are found by mode (render), so these rows cite none.
function modeRows(text) {
  const rows = [];
  text.split('\n').forEach((line, n) => {
    if (!line.startsWith('MODE(')) return;
    const inner = line.slice('MODE('.length, line.lastIndexOf(')'));
    const args = [...inner.matchAll(/"(?:[^"\\]|\\.)*"|[^,\s]+/g)]
      .map(([a]) => (a.startsWith('"') ? a.slice(1, -1) : a));
    if (args.length !== 8) throw new Error(`${MODES_DEF}:${n + 1}: expected 8 fields, got ${args.length}`);
    const [kind, number, store, , dflt, decstr, name, what] = args;
    const mark = kind === 'DEC' ? '? ' : '';
    const notes = [];
    if (store === 'BIT' && dflt === '1') notes.push('on at start');
    if (decstr === '1') notes.push('DECSTR restores the default');
    const said = notes.length ? `${what} (${notes.join('; ')})` : what;
    rows.push({ text: `${name} (${mark.trim()}${number})|\`CSI ${mark}${number} h/l\`|${said}||`,
      mode: `${mark.trim()}${number}` });
  });
  return rows;
}

// The table's rows: { section, name, bytes, what, cites: [{ file, names }], mode? }.
export function readRows(root = ROOT) {
  const modes = modeRows(readFileSync(path.join(root, MODES_DEF), 'utf8'));
  const out = [];
  let section = '';
  for (const line of readFileSync(path.join(root, ROWS_FILE), 'utf8').split('\n')) {
    if (line.startsWith('## ')) {
      section = line.slice(3);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    for (const { text, mode } of line === '@modes' ? modes : [{ text: line }]) {
      const fields = text.split(/(?<!\\)\|/).map((f) => f.trim());
      if (fields.length !== 5) throw new Error(`${ROWS_FILE}: expected 5 fields: ${text}`);
      const [name, bytes, what, file, cases] = fields;
      const cites = cases === '' ? [] : cases.split(';').map((part, k) => {
        let words = part.trim();
        let f = file;
        if (k > 0) [f, words] = [words.slice(0, words.indexOf(' ')), words.slice(words.indexOf(' ') + 1)];
        return { file: f, names: words.split(',').map((w) => w.trim()) };
      });
      out.push({ section, name, bytes, what, cites, ...(mode ? { mode } : {}) });
    }
  }
  return out;
}

// Mode names of every expectedModes in a case, top level and steps.
function modesChecked(c) {
  return [c, ...(c.steps ?? [])].flatMap((p) => Object.keys(p.expectedModes ?? {}));
}

// Modes ("?N" or "N") a case's input sets, resets (CSI [?] Pm h/l) or asks about
// (DECRQM, CSI [?] Ps $ p), top level and steps.
function modesSaid(c) {
  return [c, ...(c.steps ?? [])].flatMap((p) => [...(p.input ?? '').matchAll(/\x1b\[(\??)([0-9;]*)(?:h|l|\$p)/g)]
    .flatMap(([, mark, params]) => params.split(';').map((n) => mark + n)));
}

function render(root) {
  const dir = path.join(root, CASES_DIR);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const byFile = new Map(files.map((f) => [f.slice(0, -5),
    JSON.parse(readFileSync(path.join(dir, f), 'utf8')).cases]));
  const modeNumbers = JSON.parse(readFileSync(path.join(root, MODES_JSON), 'utf8')).modes;
  const rows = readRows(root);
  const named = new Set();
  const lines = [
    '# Coverage of the tessera suite',
    '',
    'Written by `node corpus/coverage.mjs` (`--check` fails when this file is stale) from',
    `docs/sequences.md's table of sequences (\`${ROWS_FILE}\`, \`${MODES_DEF}\`) and the cases in`,
    '`cases/`. A row lists the cases it names; a mode row lists the cases found by mode: every',
    'case whose input sets, resets or asks about (DECRQM) that mode, or whose `expectedModes`',
    'checks it. A row without a case is marked **none**, a case a row',
    'names that does not exist **missing**.',
  ];
  let covered = 0;
  let section = null;
  const body = [];
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      body.push('', `## ${section}`, '', '| name | bytes | cases |', '| --- | --- | --- |');
    }
    const cited = new Map();
    for (const { file, names } of row.cites) {
      for (const name of names) {
        const exists = byFile.get(file)?.some((c) => c.name === name);
        if (exists) named.add(`${file}/${name}`);
        cited.set(file, [...(cited.get(file) ?? []), exists ? name : `**missing: ${name}**`]);
      }
    }
    if (row.mode) {
      const names = Object.keys(modeNumbers).filter((n) => modeNumbers[n] === row.mode);
      for (const [file, cases] of byFile) {
        for (const c of cases) {
          if (!modesChecked(c).some((m) => names.includes(m)) && !modesSaid(c).includes(row.mode)) continue;
          if (!(cited.get(file) ?? []).includes(c.name)) cited.set(file, [...(cited.get(file) ?? []), c.name]);
        }
      }
    }
    const found = [...cited.values()].flat().filter((n) => !n.startsWith('**')).length;
    if (found) covered++;
    const list = [...cited].map(([f, ns]) => `\`${f}\`: ${ns.join(', ')}`).join('; ');
    body.push(`| ${row.name} | ${row.bytes} | ${found ? list : `**none**${list ? ` (${list})` : ''}`} |`);
  }
  let total = 0;
  const perFile = ['', '## Cases per file', '', '| file | cases | named by a row |', '| --- | --- | --- |'];
  for (const [file, cases] of byFile) {
    total += cases.length;
    perFile.push(`| \`${file}.json\` | ${cases.length} | ${cases.filter((c) => named.has(`${file}/${c.name}`)).length} |`);
  }
  perFile.push(`| all | ${total} | ${named.size} |`);
  lines.push('', `${total} cases in ${byFile.size} files; ${covered} of ${rows.length} rows have a case.`);
  return [...lines, ...body, ...perFile, ''].join('\n');
}

function main(argv) {
  const want = render(ROOT);
  const out = path.join(ROOT, OUT);
  if (argv.includes('--check')) {
    if (!existsSync(out) || readFileSync(out, 'utf8') !== want) {
      console.error(`${OUT} is stale: run node corpus/coverage.mjs`);
      return 1;
    }
    return 0;
  }
  writeFileSync(out, want);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
