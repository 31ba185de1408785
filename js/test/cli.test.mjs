// `node js/bin/tessera.mjs feed|replay` end to end: it runs native-host's own feed and
// replay, compiled as the WASI command tessera-cli.wasm, so what is checked here is the
// WASI side: paths, stdin, read and write errors, libc's texts, --engine.
//
// 1. The CLI's own end-to-end cases (tests/cli/cli_test.sh) run unchanged with the JS
//    CLI as the binary, for every case about feed, replay and errors (the full help and
//    the command list belong to the native tool, which has more commands).
// 2. Native and JS side by side on what crosses WASI: every recording from a file and
//    from stdin, journals, raw byte streams, paths and file errors, --engine anywhere.
//    (Flag parsing, renderings and recording errors are the same C code on both; the
//    native tests in tests/cli and tests/core cover them.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINES, castsDir, repoRoot, runJs, runNative, show } from './support.mjs';
import { FRAME } from '../src/abi.generated.js';
import { loadEngine } from '../src/engine.js';
import { encodeFrames } from '../src/frames.js';
import { JOURNAL_MAGIC, encodeJournal } from '../src/journal.js';

const cliDir = path.join(repoRoot, 'tests', 'cli');
const wrapper = path.join(repoRoot, 'js', 'test', 'tessera-js.sh');

function cliCases() {
  const cmake = readFileSync(path.join(cliDir, 'CMakeLists.txt'), 'utf8');
  const list = /set\(TSR_CLI_CASES([^)]*)\)/.exec(cmake)[1].split(/\s+/).filter(Boolean);
  return list.filter((c) => /^(feed|replay|err)_/.test(c));
}

const cases = cliCases();
test('there are CLI cases to reuse', () => assert.ok(cases.length >= 30, cases.join(' ')));

// --engine selects nothing any more (both values run tessera-cli.wasm): one run of each.
for (const c of cases) {
  test(`cli_test.sh ${c} on the js CLI`, () => {
    const r = spawnSync('sh', [path.join(cliDir, 'cli_test.sh'), wrapper, c], {
      env: { ...process.env, TESSERA_NODE: process.execPath },
    });
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });
}

// ------------------------------------------------------------ side by side

const work = mkdtempSync(path.join(tmpdir(), 'tessera-js-cli-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const put = (name, content) => { writeFileSync(path.join(work, name), content); return name; };

function same(args, { input, engines = ['wasi'], placements = ['first'] } = {}) {
  const native = runNative(args, { cwd: work, input });
  for (const engine of engines) {
    for (const where of placements) {
      // --engine may stand anywhere among the flags
      const at = where === 'first' ? 1 : where === 'last' ? args.length : Math.min(2, args.length);
      const flag = where === 'equals' ? [`--engine=${engine}`] : ['--engine', engine];
      const jsArgs = args.indexOf('--') >= 0 && at > args.indexOf('--') ? [...args.slice(0, 1), ...flag, ...args.slice(1)]
        : [...args.slice(0, at), ...flag, ...args.slice(at)];
      const js = runJs(jsArgs, { cwd: work, input });
      const what = `${engine}: ${jsArgs.join(' ')}`;
      assert.equal(js.status, native.status, `${what}: exit ${js.status}, native ${native.status}; stderr ${show(js.stderr)}`);
      assert.ok(js.stdout.equals(native.stdout), `${what}: stdout ${show(js.stdout)} vs native ${show(native.stdout)}`);
      assert.ok(js.stderr.equals(native.stderr), `${what}: stderr ${show(js.stderr)} vs native ${show(native.stderr)}`);
    }
  }
  return native;
}

const casts = readdirSync(castsDir).filter((f) => f.endsWith('.cast')).sort();
casts.forEach((cast, i) => {
  test(`replay ${cast}: from the file and from stdin${i === 0 ? ', --engine anywhere' : ''}`, () => {
    const file = path.join(castsDir, cast);
    same(['replay', file], i === 0 ? { engines: ENGINES, placements: ['first', 'middle', 'last', 'equals'] } : {});
    if (i === 0) same(['replay', '--exact', file, '--styled']);
    const n = same(['replay', '-'], { input: readFileSync(file) });
    assert.equal(n.status, 0);
  });
});

test('replay of journals, good and bad', async () => {
  // Journals are written by the core's encoder (journal.js); the bad ones are good ones with
  // one field changed at core/README.md's byte layout.
  const { abi } = await loadEngine();
  const journal = (...frames) => Buffer.from(encodeJournal(abi, frames));
  const size4x12 = { type: 'resize', timeNs: 0, rows: 4, cols: 12 };
  const good = journal(size4x12, { type: 'output', timeNs: 10, data: '\x1b[1mhello\x1b[0m\r\nworld' },
    { type: 'input', timeNs: 11, data: 'typed' }, { type: 'output', timeNs: 12, data: '\x1b[6n\x1b[2;3Hxx' },
    { type: 'input-ack', timeNs: 13, actionId: 0 }, { type: 'resize', timeNs: 14, rows: 5, cols: 20 },
    { type: 'reset', timeNs: 15 }, { type: 'output', timeNs: 16, data: 'after reset' },
    { type: 'exit', timeNs: 17, exitCode: 3, exitSignal: 0 });
  put('good.journal', good);
  for (const flags of [[], ['--exact'], ['--rows', '2']]) {
    assert.equal(same(['replay', ...flags, 'good.journal']).status, 0);
  }
  same(['replay', '-', '--exact'], { input: good });
  put('unsized.journal', journal({ type: 'output', timeNs: 1, data: 'no size frame' }));
  same(['replay', '--exact', 'unsized.journal']);
  put('magic.journal', 'tessera-journal 2\n');
  put('short.journal', 'tess');
  put('cut.journal', journal(size4x12).subarray(0, 30));
  const badtype = journal(size4x12, { type: 'reset', timeNs: 1 });
  badtype[JOURNAL_MAGIC.length + encodeFrames(abi, [size4x12]).length] = 9; // the RESET's type byte
  put('badtype.journal', badtype);
  const badsize = journal(size4x12);
  badsize.fill(0, JOURNAL_MAGIC.length + FRAME.HEADER_BYTES, JOURNAL_MAGIC.length + FRAME.HEADER_BYTES + 2); // rows 0
  put('badsize.journal', badsize);
  put('empty.journal', journal());
  for (const f of ['magic', 'short', 'cut', 'badtype', 'badsize', 'empty']) same(['replay', `${f}.journal`]);
});

// One event of 8 or 15 MiB grows the module's memory past V8's external-memory limit; a
// WASI call made then used to crash Node (SIGSEGV after the screen was printed, see
// slowPathImports in src/cli/wasi_command.js). Plain 80-byte lines keep the cast's event
// line, with its JSON escapes, under the 16 MiB limit.
test('replay of a single huge event: journal and asciicast, 8 and 15 MiB', async () => {
  const { abi } = await loadEngine();
  const line = `${'a huge event, line after line, each of 80 bytes with its CR LF'.padEnd(78, '.')}\r\n`;
  assert.equal(line.length, 80);
  for (const mib of [8, 15]) {
    const data = line.repeat((mib << 20) / line.length);
    put(`huge${mib}.journal`, Buffer.from(encodeJournal(abi, [
      { type: 'resize', timeNs: 0, rows: 24, cols: 80 }, { type: 'output', timeNs: 1, data }])));
    put(`huge${mib}.cast`, `{"version": 2, "width": 80, "height": 24}\n${JSON.stringify([0.5, 'o', data])}\n`);
    for (const file of [`huge${mib}.journal`, `huge${mib}.cast`]) {
      const native = same(['replay', file]);
      assert.equal(native.status, 0, `${file}: ${show(native.stderr)}`);
      assert.match(native.stdout.toString(), /huge event/, file);
    }
  }
});

test('feed: real byte streams, from files and stdin', () => {
  const dirs = [path.join(repoRoot, 'tests', 'fuzz', 'corpus', 'core')];
  const files = dirs.flatMap((d) => readdirSync(d).map((f) => path.join(d, f)));
  assert.ok(files.length > 0);
  for (const f of files) same(['feed', f]);
  same(['feed', '--styled'], { input: readFileSync(files[0]) });
});

test('paths, file errors and the JS CLI\'s own flag', () => {
  put('ok.cast', '{"version": 2, "width": 10, "height": 3}\n[0.5, "o", "hi"]\n');
  put('raw.bin', 'x\x1b[1my');
  mkdirSync(path.join(work, 'adir', 'sub'), { recursive: true });
  writeFileSync(path.join(work, 'adir', 'in.bin'), 'in a dir');
  const argvs = [
    ['feed', 'missing'], ['feed', 'adir'], ['feed', 'adir/'], ['feed', ''], ['replay', 'missing.cast'],
    ['replay', 'adir'], ['feed', 'adir/in.bin'], ['feed', './adir/sub/../in.bin'],
    ['feed', path.join(work, 'raw.bin')], ['feed', 'adir/in.bin/x'], ['feed', '--', '--rows'],
    ['replay', 'raw.bin'], ['feed', '--rows', 'é'.repeat(40)], ['feed', '--help'], ['replay', '-h'],
  ];
  for (const a of argvs) same(a);
  const js = (args) => runJs(args, { cwd: work });
  for (const [args, status, stderr] of [
    [['feed', '--engine'], 2, 'tessera: --engine needs a value (see tessera --help)\n'],
    [['feed', '--engine', 'native', 'raw.bin'], 2,
      'tessera: --engine must be wasi or emscripten, got "native" (see tessera --help)\n'],
    [['replay', 'ok.cast', '--engine=emscripten'], 0, ''],
  ]) {
    const r = js(args);
    assert.equal(r.status, status, args.join(' '));
    assert.equal(r.stderr.toString(), stderr, args.join(' '));
  }
});
