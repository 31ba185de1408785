// The wasm engines against @xterm/headless and Ghostty's wasm build, in one
// Node process, on the workloads of bench/ (bench/run.sh writes them to
// bench/workloads/), the native core (bench_tessera) on the same files for
// reference, and the JS CLI's `feed` of each file end to end.
//
//   node bench/wasm_bench.mjs [--size BYTES] [--rounds N] [--engines wasi,emscripten]
//                             [--workloads DIR] [--native PATH|none] [--ghostty PATH|none]
//                             [--cli-rounds N] [--json]
//
// Method, as bench/README.md's for the C drivers: every engine gets the same
// bytes in 4096-byte chunks (what a PTY read returns), one untimed warm-up
// pass, then N timed passes, each on a fresh 80x24 terminal with 1000 lines
// of scrollback; only the feeding loop is timed; MB/s (10^6 bytes/s) from
// the median pass. The engines take turns within each round (round 1: every
// engine once, round 2: every engine once, ...), so a burst of load from
// other work on the machine falls on all of them alike.
//
// - tessera: the package's public Screen.feed, called once per 4096-byte
//   chunk as a user calls it (it copies the chunk into wasm memory and calls
//   tsr_term_feed: both inside the timed loop); after every chunk the
//   replies are taken when the core says some are pending, as a host would.
// - xterm.js is fed through its synchronous write path
//   (_core._writeBuffer.writeSync), which skips its scheduler's timer yields,
//   so the figure is its parser and buffer, not setTimeout; the ratios are
//   against that (the stricter) figure. Its public write() API, timed until
//   the last write's callback, is shown beside it.
// - Ghostty: ghostty-web's ghostty-vt.wasm, loaded by
//   corpus/backends/ghostty_vt.mjs, a fresh instance per pass (one terminal
//   to an instance: see there), 80x24 with a scrollback limit of 1000 rows'
//   bytes as corpus/backends/ghostty.mjs sizes it. The whole input is copied
//   into the module's memory once per pass, before the timed loop, which
//   only calls ghostty_terminal_write(term, ptr + offset, 4096) per chunk
//   and reads its replies when it has some: Ghostty gets no copy in its
//   figure, tessera does.
// - The JS CLI (js/package.json's bin, tessera-js): `node js/bin/tessera.mjs
//   feed FILE`, stdout to /dev/null, timed end to end from the spawn to the
//   exit: Node's start, loading and compiling the WASI command, reading the
//   file and printing the screen are all inside. `tessera-js --version` (no
//   engine, no file) is timed beside it for the start alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Screen, loadEngine } from '../js/src/index.js';
import { GhosttyVt, compile as compileGhostty } from '../corpus/backends/ghostty_vt.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const CHUNK = 4096;
const ORDER = ['ascii', 'sgr', 'cursor', 'unicode', 'scroll', 'mixed'];

function parseArgs(argv) {
  const o = { size: 0, rounds: 5, engines: ['wasi', 'emscripten'], workloads: path.join(here, 'workloads'),
    native: undefined, ghostty: undefined, cliRounds: 5, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] ?? (() => { throw new Error(`${a} needs a value`); })();
    if (a === '--size') o.size = Number(v());
    else if (a === '--rounds') o.rounds = Math.max(1, Number(v()));
    else if (a === '--engines') o.engines = v().split(',');
    else if (a === '--workloads') o.workloads = path.resolve(v());
    else if (a === '--native') o.native = v();
    else if (a === '--ghostty') o.ghostty = v();
    else if (a === '--cli-rounds') o.cliRounds = Math.max(0, Number(v()));
    else if (a === '--json') o.json = true;
    else throw new Error(`unknown argument ${a} (see the comment at the top of ${path.basename(fileURLToPath(import.meta.url))})`);
  }
  return o;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

// Each bench below is a function of no arguments that makes a fresh terminal,
// feeds the whole input and returns the milliseconds the feeding took
// (a Promise for xterm.js's write()).

function benchTessera(engine, bytes) {
  const x = engine.abi.x;
  return () => {
    const s = new Screen(engine, { rows: 24, cols: 80, scrollback: 1000 });
    const t0 = performance.now();
    for (let o = 0; o < bytes.length; o += CHUNK) {
      s.feed(bytes.subarray(o, o + CHUNK));
      if (x.tsr_term_pending_replies(s.term) > 0) s.takeReplies();
    }
    const dt = performance.now() - t0;
    s.free();
    return dt;
  };
}

// xterm.js through its public API: write() per chunk, timed until the
// callback of the last one (includes its scheduler's yields).
function benchXtermWrite(Terminal, bytes) {
  return async () => {
    const t = new Terminal({ rows: 24, cols: 80, scrollback: 1000, allowProposedApi: true, logLevel: 'off' });
    const t0 = performance.now();
    for (let o = 0; o < bytes.length; o += CHUNK) t.write(bytes.subarray(o, o + CHUNK));
    await new Promise((resolve) => t.write('', resolve));
    const dt = performance.now() - t0;
    t.dispose();
    return dt;
  };
}

function benchXterm(Terminal, bytes) {
  return () => {
    const t = new Terminal({ rows: 24, cols: 80, scrollback: 1000, allowProposedApi: true, logLevel: 'off' });
    const wb = t._core._writeBuffer;
    const t0 = performance.now();
    for (let o = 0; o < bytes.length; o += CHUNK) wb.writeSync(bytes.subarray(o, o + CHUNK));
    const dt = performance.now() - t0;
    t.dispose();
    return dt;
  };
}

// Ghostty's limit is in bytes: 1000 rows of 80 8-byte cells and a row header,
// as corpus/backends/ghostty.mjs sizes it.
const GHOSTTY_SCROLLBACK = 1000 * (80 * 8 + 16);
const GHOSTTY_COLOURS = { foreground: 0, background: 0, palette: new Array(16).fill(0) };

function benchGhostty(module, bytes) {
  return () => {
    const vt = new GhosttyVt(module);
    const term = vt.terminal(24, 80, { scrollbackBytes: GHOSTTY_SCROLLBACK, ...GHOSTTY_COLOURS });
    const ptr = vt.scratch('workload', bytes.length);
    vt.bytes().set(bytes, ptr);
    const x = vt.x, h = term.h;
    let o = 0;
    const t0 = performance.now();
    try {
      for (; o < bytes.length; o += CHUNK) {
        x.ghostty_terminal_write(h, ptr + o, Math.min(CHUNK, bytes.length - o));
        if (x.ghostty_terminal_has_response(h)) term.replies();
      }
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      throw new Failed(`trap in the chunk at byte ${o} (${e.message})`);
    }
    const dt = performance.now() - t0;
    term.free();
    return dt;
  };
}

function findNative(opt) {
  if (opt === 'none') return null;
  const candidates = opt ? [opt] : [
    process.env.TESSERA_BUILD_DIR && path.join(process.env.TESSERA_BUILD_DIR, 'bin', 'bench_tessera'),
    path.join(root, 'build', 'bin', 'bench_tessera'), path.join(root, 'build-bench', 'bin', 'bench_tessera'),
  ].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

function findGhostty(opt, require) {
  if (opt === 'none') return null;
  if (opt) return opt;
  try {
    return require.resolve('ghostty-web/ghostty-vt.wasm');
  } catch {
    process.stderr.write('wasm_bench: ghostty-web is not installed (npm ci at the top of the repository): no Ghostty column\n');
    return null;
  }
}

// One pass of the native driver (its own warm-up, then one timed round), in
// milliseconds, so it takes its turn in the rounds like the others.
function benchNative(bin, file) {
  return () => {
    const out = execFileSync(bin, [file, '--chunk', String(CHUNK), '--rounds', '1'], { timeout: 120_000 }).toString();
    const m = /median_s=([0-9.]+)/.exec(out);
    return m ? Number(m[1]) * 1000 : NaN;
  };
}

const CLI = path.join(root, 'js', 'bin', 'tessera.mjs');

// The JS CLI end to end: spawn to exit, in milliseconds; a failure is fatal.
function benchCli(args) {
  return () => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
    const dt = performance.now() - t0;
    if (r.status !== 0) throw new Error(`tessera-js ${args.join(' ')}: ${r.error?.message ?? `exit ${r.status} ${r.signal ?? ''}`} ${r.stderr}`);
    return dt;
  };
}

/** An engine that could not feed a workload (Ghostty trapping): its cell says why. */
class Failed extends Error {}

// Runs every bench once untimed, then `rounds` rounds of each in turn;
// returns each one's median milliseconds, and in `failed` the message of
// each that threw a Failed (it is left out of the rounds after that).
async function interleaved(benches, rounds) {
  const times = Object.fromEntries(Object.keys(benches).map((k) => [k, []]));
  const failed = {};
  const once = async (k, b) => {
    if (failed[k]) return;
    try {
      const ms = await b();
      times[k].push(ms);
    } catch (e) {
      if (!(e instanceof Failed)) throw e;
      failed[k] = e.message;
    }
  };
  for (const [k, b] of Object.entries(benches)) await once(k, b);
  for (const k of Object.keys(times)) times[k] = []; // the warm-up is not a round
  for (let r = 0; r < rounds; r++) {
    for (const [k, b] of Object.entries(benches)) await once(k, b);
  }
  return { ...Object.fromEntries(Object.entries(times).map(([k, ts]) => [k, failed[k] ? NaN : median(ts)])), failed };
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
  const ghosttyWasm = findGhostty(o.ghostty, require);
  const ghosttyModule = ghosttyWasm && compileGhostty(ghosttyWasm);
  let ghosttyVersion = null;
  try {
    ghosttyVersion = ghosttyWasm && JSON.parse(readFileSync(path.join(path.dirname(ghosttyWasm), 'package.json'), 'utf8')).version;
  } catch { /* a module given by path: no version */ }
  const tmp = mkdtempSync(path.join(tmpdir(), 'tessera-wasm-bench-'));

  const rows = [], cli = [];
  try {
    for (const name of names) {
      let bytes = new Uint8Array(readFileSync(path.join(o.workloads, `${name}.vt`)));
      if (o.size > 0 && o.size < bytes.length) bytes = bytes.subarray(0, o.size);
      const file = path.join(tmp, `${name}.vt`);
      writeFileSync(file, bytes);
      const mbs = (ms) => bytes.length / 1e6 / (ms / 1000);
      const benches = {};
      for (const [e, engine] of Object.entries(engines)) benches[e] = benchTessera(engine, bytes);
      benches.xterm = benchXterm(Terminal, bytes);
      benches.xtermWrite = benchXtermWrite(Terminal, bytes);
      if (ghosttyModule) benches.ghostty = benchGhostty(ghosttyModule, bytes);
      if (native) benches.native = benchNative(native, file);
      const { failed, ...ms } = await interleaved(benches, o.rounds);
      rows.push({ workload: name, bytes: bytes.length, ...Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, mbs(v)])),
        ...(Object.keys(failed).length ? { failed } : {}) });
      if (o.cliRounds > 0) {
        const c = await interleaved({ feed: benchCli(['feed', file]), start: benchCli(['--version']) }, o.cliRounds);
        cli.push({ workload: name, bytes: bytes.length, feedMs: c.feed, startMs: c.start, mbs: mbs(c.feed),
          feedOnlyMbs: mbs(c.feed - c.start) });
      }
      rmSync(file);
      if (!o.json) process.stderr.write(`  ${name} done\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const tessera = Object.keys(engines);
  const ratio = (r, e, other) => r[e] / r[other];
  for (const r of rows) {
    r.ratios = {};
    for (const e of tessera) {
      r.ratios[`${e}/xterm`] = ratio(r, e, 'xterm');
      if (ghosttyModule) r.ratios[`${e}/ghostty`] = ratio(r, e, 'ghostty');
      if (native) r.ratios[`${e}/native`] = ratio(r, e, 'native');
    }
  }
  for (const c of cli) {
    const r = rows.find((x) => x.workload === c.workload);
    c.ratios = { 'cli/xterm': c.mbs / r.xterm, ...(ghosttyModule ? { 'cli/ghostty': c.mbs / r.ghostty } : {}) };
  }

  if (o.json) {
    console.log(JSON.stringify({ xtermVersion, ghosttyVersion, node: process.version, rounds: o.rounds, chunk: CHUNK,
      cliRounds: o.cliRounds, rows, cli }, null, 2));
    return;
  }
  const f = (v) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
  const x = (v) => (Number.isFinite(v) ? `${v.toFixed(1)}x` : 'n/a');
  const cols = [...tessera.map((e) => `${e} MB/s`), 'xterm.js MB/s', 'xterm.js write() MB/s',
    ...(ghosttyModule ? ['Ghostty MB/s'] : []), ...(native ? ['native MB/s'] : []),
    ...tessera.map((e) => `${e} / xterm.js`), ...(ghosttyModule ? tessera.map((e) => `${e} / Ghostty`) : []),
    ...(native ? tessera.map((e) => `${e} / native`) : [])];
  console.log(`@xterm/headless ${xtermVersion}${ghosttyModule ? `, ghostty-web ${ghosttyVersion ?? path.basename(ghosttyWasm)}` : ''}, ` +
    `Node ${process.version}, ${o.rounds} rounds (median, engines interleaved), ` +
    `${CHUNK}-byte chunks, 80x24, scrollback 1000${native ? `; native: ${path.relative(root, native)}` : ''}\n`);
  console.log(`| workload | ${cols.join(' | ')} |`);
  console.log(`| --- | ${cols.map(() => '---:').join(' | ')} |`);
  for (const r of rows) {
    const cells = [...tessera.map((e) => f(r[e])), f(r.xterm), f(r.xtermWrite),
      ...(ghosttyModule ? [r.failed?.ghostty ? 'crashed' : f(r.ghostty)] : []),
      ...(native ? [f(r.native)] : []),
      ...tessera.map((e) => x(r.ratios[`${e}/xterm`])), ...(ghosttyModule ? tessera.map((e) => x(r.ratios[`${e}/ghostty`])) : []),
      ...(native ? tessera.map((e) => r.ratios[`${e}/native`].toFixed(2)) : [])];
    console.log(`| ${r.workload} | ${cells.join(' | ')} |`);
  }
  for (const r of rows) {
    for (const [k, why] of Object.entries(r.failed ?? {})) console.log(`\n${k} on ${r.workload}: ${why}`);
  }
  if (!cli.length) return;
  console.log(`\nThe JS CLI end to end (\`node js/bin/tessera.mjs feed FILE\`, process start included; ` +
    `median of ${o.cliRounds}, interleaved with \`tessera-js --version\`):\n`);
  const ccols = ['feed ms', '--version ms', 'MB/s end to end', 'MB/s less the start', '/ xterm.js',
    ...(ghosttyModule ? ['/ Ghostty'] : [])];
  console.log(`| workload | ${ccols.join(' | ')} |`);
  console.log(`| --- | ${ccols.map(() => '---:').join(' | ')} |`);
  for (const c of cli) {
    console.log(`| ${c.workload} | ${[f(c.feedMs), f(c.startMs), f(c.mbs), f(c.feedOnlyMbs), x(c.ratios['cli/xterm']),
      ...(ghosttyModule ? [x(c.ratios['cli/ghostty'])] : [])].join(' | ')} |`);
  }
}

await main();
