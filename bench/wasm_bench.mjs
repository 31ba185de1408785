// The wasm engines against @xterm/headless, in one Node process, on the
// workloads of bench/ (bench/run.sh writes them to bench/workloads/), and
// the native core (bench_tessera) on the same files for reference.
//
//   node bench/wasm_bench.mjs [--size BYTES] [--rounds N] [--engines wasi,emscripten]
//                             [--workloads DIR] [--native PATH|none] [--json]
//
// Method, as bench/README.md's for the C drivers: every engine gets the same
// bytes in 4096-byte chunks (what a PTY read returns), one untimed warm-up
// pass, then N timed passes, each on a fresh 80x24 terminal with 1000 lines
// of scrollback; only the feeding loop is timed; MB/s (10^6 bytes/s) from
// the median pass. tessera drains its replies after every chunk as a host
// would. xterm.js is fed through its synchronous write path
// (_core._writeBuffer.writeSync), which skips its scheduler's timer yields,
// so the figure is its parser and buffer, not setTimeout; the ratios are
// against that (the stricter) figure. Its public write() API, timed until
// the last write's callback, is shown beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Screen, loadEngine } from '../js/src/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const CHUNK = 4096;
const ORDER = ['ascii', 'sgr', 'cursor', 'unicode', 'scroll', 'mixed'];

function parseArgs(argv) {
  const o = { size: 0, rounds: 5, engines: ['wasi', 'emscripten'], workloads: path.join(here, 'workloads'),
    native: undefined, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] ?? (() => { throw new Error(`${a} needs a value`); })();
    if (a === '--size') o.size = Number(v());
    else if (a === '--rounds') o.rounds = Math.max(1, Number(v()));
    else if (a === '--engines') o.engines = v().split(',');
    else if (a === '--workloads') o.workloads = path.resolve(v());
    else if (a === '--native') o.native = v();
    else if (a === '--json') o.json = true;
    else throw new Error(`unknown argument ${a} (see the comment at the top of ${path.basename(fileURLToPath(import.meta.url))})`);
  }
  return o;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

function timeRounds(rounds, makeAndFeed) {
  makeAndFeed(); // warm-up, untimed
  const times = [];
  for (let r = 0; r < rounds; r++) times.push(makeAndFeed());
  return median(times);
}

function benchTessera(engine, bytes, rounds) {
  const x = engine.abi.x;
  return timeRounds(rounds, () => {
    const s = new Screen(engine, { rows: 24, cols: 80, scrollback: 1000 });
    const t0 = performance.now();
    for (let o = 0; o < bytes.length; o += CHUNK) {
      s.feed(bytes.subarray(o, o + CHUNK));
      if (x.tsr_term_pending_replies(s.term) > 0) s.takeReplies();
    }
    const dt = performance.now() - t0;
    s.free();
    return dt;
  });
}

async function timeRoundsAsync(rounds, makeAndFeed) {
  await makeAndFeed(); // warm-up, untimed
  const times = [];
  for (let r = 0; r < rounds; r++) times.push(await makeAndFeed());
  return median(times);
}

// xterm.js through its public API: write() per chunk, timed until the
// callback of the last one (includes its scheduler's yields).
function benchXtermWrite(Terminal, bytes, rounds) {
  return timeRoundsAsync(rounds, async () => {
    const t = new Terminal({ rows: 24, cols: 80, scrollback: 1000, allowProposedApi: true, logLevel: 'off' });
    const t0 = performance.now();
    for (let o = 0; o < bytes.length; o += CHUNK) t.write(bytes.subarray(o, o + CHUNK));
    await new Promise((resolve) => t.write('', resolve));
    const dt = performance.now() - t0;
    t.dispose();
    return dt;
  });
}

function benchXterm(Terminal, bytes, rounds) {
  return timeRounds(rounds, () => {
    const t = new Terminal({ rows: 24, cols: 80, scrollback: 1000, allowProposedApi: true, logLevel: 'off' });
    const wb = t._core._writeBuffer;
    const t0 = performance.now();
    for (let o = 0; o < bytes.length; o += CHUNK) wb.writeSync(bytes.subarray(o, o + CHUNK));
    const dt = performance.now() - t0;
    t.dispose();
    return dt;
  });
}

function findNative(opt) {
  if (opt === 'none') return null;
  const candidates = opt ? [opt] : [
    process.env.TESSERA_BUILD_DIR && path.join(process.env.TESSERA_BUILD_DIR, 'bin', 'bench_tessera'),
    path.join(root, 'build', 'bin', 'bench_tessera'), path.join(root, 'build-bench', 'bin', 'bench_tessera'),
  ].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

function benchNative(bin, file, rounds) {
  const out = execFileSync(bin, [file, '--chunk', String(CHUNK), '--rounds', String(rounds)]).toString();
  const m = /mb_s=([0-9.]+)/.exec(out);
  return m ? Number(m[1]) : NaN;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(o.workloads)) {
    throw new Error(`no workloads in ${o.workloads}: run bench/run.sh, or ` +
      `python3 ../shared/bench/gen_workloads.py --out bench/workloads`);
  }
  const names = readdirSync(o.workloads).filter((f) => f.endsWith('.vt')).map((f) => f.slice(0, -3))
    .sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99));
  const require = createRequire(path.join(root, 'package.json'));
  const { Terminal } = require('@xterm/headless');
  const xtermVersion = JSON.parse(readFileSync(require.resolve('@xterm/headless/package.json'), 'utf8')).version;
  const engines = {};
  for (const e of o.engines) engines[e] = await loadEngine({ engine: e });
  const native = findNative(o.native);
  const tmp = mkdtempSync(path.join(tmpdir(), 'tessera-wasm-bench-'));

  const rows = [];
  try {
    for (const name of names) {
      let bytes = new Uint8Array(readFileSync(path.join(o.workloads, `${name}.vt`)));
      if (o.size > 0 && o.size < bytes.length) bytes = bytes.subarray(0, o.size);
      const mbs = (ms) => bytes.length / 1e6 / (ms / 1000);
      const row = { workload: name, bytes: bytes.length };
      for (const [e, engine] of Object.entries(engines)) row[e] = mbs(benchTessera(engine, bytes, o.rounds));
      row.xterm = mbs(benchXterm(Terminal, bytes, o.rounds));
      row.xtermWrite = mbs(await benchXtermWrite(Terminal, bytes, o.rounds));
      if (native) {
        const file = path.join(tmp, `${name}.vt`);
        writeFileSync(file, bytes);
        row.native = benchNative(native, file, o.rounds);
        rmSync(file);
      }
      rows.push(row);
      if (!o.json) process.stderr.write(`  ${name} done\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  if (o.json) {
    console.log(JSON.stringify({ xtermVersion, node: process.version, rows }, null, 2));
    return;
  }
  const f = (v) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
  const cols = [...Object.keys(engines).map((e) => `${e} MB/s`), 'xterm.js MB/s', 'xterm.js write() MB/s',
    ...(native ? ['native MB/s'] : []),
    ...Object.keys(engines).map((e) => `${e} / xterm.js`), ...(native ? Object.keys(engines).map((e) => `${e} / native`) : [])];
  console.log(`@xterm/headless ${xtermVersion}, Node ${process.version}, ${o.rounds} rounds (median), ` +
    `${CHUNK}-byte chunks, 80x24, scrollback 1000${native ? `; native: ${path.relative(root, native)}` : ''}\n`);
  console.log(`| workload | ${cols.join(' | ')} |`);
  console.log(`| --- | ${cols.map(() => '---:').join(' | ')} |`);
  for (const r of rows) {
    const cells = [...Object.keys(engines).map((e) => f(r[e])), f(r.xterm), f(r.xtermWrite), ...(native ? [f(r.native)] : []),
      ...Object.keys(engines).map((e) => `${(r[e] / r.xterm).toFixed(1)}x`),
      ...(native ? Object.keys(engines).map((e) => `${(r[e] / r.native).toFixed(2)}`) : [])];
    console.log(`| ${r.workload} | ${cells.join(' | ')} |`);
  }
}

await main();
