// The JS CLI (tessera-js) end to end: it runs native-host's own commands, compiled as the
// WASI command tessera-cli.wasm, so what is checked here is the WASI side: paths, stdin,
// read and write errors, libc's texts, and the CLI's own name.
//
// 1. The CLI's own end-to-end cases (tests/cli/cli_test.sh) run unchanged with the JS
//    CLI as the binary, for every case about feed, replay, errors and help (the command
//    list beyond these belongs to the native tool). Every run goes to this process
//    (cli_server.mjs): one node and one compiled module for all of them.
// 2. Native and JS side by side on what crosses WASI: every recording from a file and
//    from stdin, journals, raw byte streams, paths and file errors. (Flag parsing,
//    renderings and recording errors are the same C code on both; the native tests in
//    tests/cli and tests/core cover them.)
// 3. The bin script itself, once, as a user runs it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { castsDir, jsBin, repoRoot, runNative, show } from './support.mjs';
import { startCliServer, clientScript } from './cli_server.mjs';
import { CLI_NAME, runCli } from '../src/cli/cli.js';
import { FRAME } from '../src/abi.generated.js';
import { loadEngine } from '../src/engine.js';
import { encodeFrames } from '../src/frames.js';
import { JOURNAL_MAGIC, encodeJournal } from '../src/journal.js';

const cliDir = path.join(repoRoot, 'tests', 'cli');

function cliCases() {
  const cmake = readFileSync(path.join(cliDir, 'CMakeLists.txt'), 'utf8');
  const list = /set\(TSR_CLI_CASES([^)]*)\)/.exec(cmake)[1].split(/\s+/).filter(Boolean);
  return list.filter((c) => /^(feed|replay|err)_/.test(c) || c === 'help');
}

const cases = cliCases();
test('there are CLI cases to reuse', () => assert.ok(cases.length >= 30, cases.join(' ')));

let server;
before(async () => { server = await startCliServer(); });
after(async () => { await server.stop(); });

// One case with the client as its binary. stdin is /dev/null, not node's socket: the server
// opens the client's descriptors again by path.
function runCase(c) {
  return new Promise((resolve) => {
    const child = spawn('sh', [path.join(cliDir, 'cli_test.sh'), clientScript, c], {
      env: { ...process.env, ...server.env, TESSERA_NAME: CLI_NAME },
      stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000, killSignal: 'SIGKILL',
    });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('close', (code, signal) => resolve({ status: signal ?? code, stdout: output, stderr: '' }));
  });
}

for (const c of cases) {
  test(`cli_test.sh ${c} on the js CLI`, async () => {
    const r = await runCase(c);
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });
}

// ------------------------------------------------------------ side by side

const work = mkdtempSync(path.join(tmpdir(), 'tessera-js-cli-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const put = (name, content) => { writeFileSync(path.join(work, name), content); return name; };

// The JS CLI in this process, in `work`, with stdin from bytes and its output kept.
async function runJs(args, input) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-js-run-'));
  const file = (name) => path.join(dir, name);
  writeFileSync(file('in'), input ?? '');
  const fds = [openSync(file('in'), 'r'), openSync(file('out'), 'w'), openSync(file('err'), 'w')];
  try {
    const status = await runCli(args, { cwd: work, stdin: fds[0], stdout: fds[1], stderr: fds[2] });
    return { status, stdout: readFileSync(file('out')), stderr: readFileSync(file('err')) };
  } finally {
    for (const fd of fds) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

// Where the JS CLI says its own name, the native one says tessera.
const asNative = (bytes) => Buffer.from(bytes.toString('latin1')
  .replace(/^usage: tessera-js /gm, 'usage: tessera ')
  .replace(/\(see tessera-js --help\)$/gm, '(see tessera --help)'), 'latin1');

async function same(args, { input } = {}) {
  const native = runNative(args, { cwd: work, input });
  const js = await runJs(args, input);
  const what = args.join(' ');
  assert.equal(js.status, native.status, `${what}: exit ${js.status}, native ${native.status}; stderr ${show(js.stderr)}`);
  assert.ok(asNative(js.stdout).equals(native.stdout), `${what}: stdout ${show(js.stdout)} vs native ${show(native.stdout)}`);
  assert.ok(asNative(js.stderr).equals(native.stderr), `${what}: stderr ${show(js.stderr)} vs native ${show(native.stderr)}`);
  return native;
}

const casts = readdirSync(castsDir).filter((f) => f.endsWith('.cast')).sort();
casts.forEach((cast, i) => {
  test(`replay ${cast}: from the file and from stdin`, async () => {
    const file = path.join(castsDir, cast);
    await same(['replay', file]);
    if (i === 0) await same(['replay', '--exact', file, '--styled']);
    const n = await same(['replay', '-'], { input: readFileSync(file) });
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
    assert.equal((await same(['replay', ...flags, 'good.journal'])).status, 0);
  }
  await same(['replay', '-', '--exact'], { input: good });
  put('unsized.journal', journal({ type: 'output', timeNs: 1, data: 'no size frame' }));
  await same(['replay', '--exact', 'unsized.journal']);
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
  for (const f of ['magic', 'short', 'cut', 'badtype', 'badsize', 'empty']) await same(['replay', `${f}.journal`]);
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
      const native = await same(['replay', file]);
      assert.equal(native.status, 0, `${file}: ${show(native.stderr)}`);
      assert.match(native.stdout.toString(), /huge event/, file);
    }
  }
});

test('feed: real byte streams, from files and stdin', async () => {
  const dirs = [path.join(repoRoot, 'tests', 'fuzz', 'corpus', 'core')];
  const files = dirs.flatMap((d) => readdirSync(d).map((f) => path.join(d, f)));
  assert.ok(files.length > 0);
  for (const f of files) await same(['feed', f]);
  await same(['feed', '--styled'], { input: readFileSync(files[0]) });
});

test('paths and file errors', async () => {
  put('raw.bin', 'x\x1b[1my');
  mkdirSync(path.join(work, 'adir', 'sub'), { recursive: true });
  writeFileSync(path.join(work, 'adir', 'in.bin'), 'in a dir');
  const argvs = [
    ['feed', 'missing'], ['feed', 'adir'], ['feed', 'adir/'], ['feed', ''], ['replay', 'missing.cast'],
    ['replay', 'adir'], ['feed', 'adir/in.bin'], ['feed', './adir/sub/../in.bin'],
    ['feed', path.join(work, 'raw.bin')], ['feed', 'adir/in.bin/x'], ['feed', '--', '--rows'],
    ['replay', 'raw.bin'], ['feed', '--rows', 'é'.repeat(40)], ['feed', '--help'], ['replay', '-h'],
    ['feed', '--engine', 'wasi', 'raw.bin'],
  ];
  for (const a of argvs) await same(a);
});

// The bin as a user runs it: its name in the usage line, the commands it has, its exit codes.
test('tessera-js, the bin: usage, help and a run', () => {
  const run = (args) => spawnSync(process.execPath, [jsBin, ...args], { cwd: work, input: '' });
  const usage = run(['--help']);
  assert.equal(usage.status, 0, show(usage.stderr));
  const text = usage.stdout.toString();
  assert.match(text, /^usage: tessera-js COMMAND /);
  for (const command of ['feed', 'replay', 'view', 'golden', 'artifacts']) {
    assert.match(text, new RegExp(`^  ${command} `, 'm'), `${command} is listed`);
  }
  assert.match(text, /`tessera-js help COMMAND`/);
  assert.match(run(['help', 'view']).stdout.toString(), /^usage: tessera-js view /);
  const bad = run(['feed', '--rows', 'x']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr.toString(), /\(see tessera-js --help\)\n$/);
  const ok = run(['feed', 'raw.bin']);
  assert.equal(ok.status, 0, show(ok.stderr));
  assert.ok(ok.stdout.equals(runNative(['feed', 'raw.bin'], { cwd: work }).stdout));
});
