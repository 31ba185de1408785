// The live path per action (issue 28): what one action costs on a program
// that is already waiting, through each way of driving tessera, against the
// floor (bench/live_floor.c: a bare PTY, fork, exec and read loop in C).
//
//   node bench/live_actions.mjs [--runs N] [--bin build/bin/tessera] [--floor build/bin/live_floor]
//                               [--only floor,host,host-nocg,cli,js] [--json]
//
// The program is `sh -c 'stty -icanon -echo; printf ready; exec cat'` on an
// 80x24 PTY: cat reads each key at once and writes it back, so a key typed
// comes back as the program's own echo and nothing stays unread. One run does:
//
//   launch   start to "ready" on the screen
//            (then 150 ms untimed, so the program is waiting and its screen quiet)
//   ready    the readiness check: until the program waits for input
//   type     one key ("q") with the readiness check every input makes, to its echo
//   now      one key ("w") sent at once (`--now`), to its echo
//   close    end the program (hang up) until it is reaped
//
// through:
//
//   floor    bench/live_floor, its own clock (bench/live_floor.c says what each step is)
//   host     `tessera host` driven from here over its JSON-lines protocol
//            (native-host/host/HOST_PROTOCOL.md): launch is the host's spawn and the
//            spawn command to the OUTPUT frame holding "ready"; ready the `ready`
//            command to its INPUT_ACK; type and now an `input` command to the OUTPUT
//            frame with the echo; close the `close` command to the host's exit
//   host-nocg the same with TESSERA_CGROUP=off in the host's environment: no cgroup of
//            its own for the program (docs/live-sessions.md), so launch and close
//            without it show what the cgroup costs
//   cli      `tessera script --quiet TAPE`: a whole process per tape, so an action is
//            the difference of the medians of the tape that ends after the idle
//            pause and one that goes on with that action 10 times, over 10 (`ready`;
//            `type "q"` and `expect` its echo; `type --now "w"` and `expect`).
//            launch is the shortest tape, `run` then `expect "ready"`, whole: the
//            process's start and the close at the tape's end are in it, and there is
//            no close row of its own
//   js       the package as a test calls it: launch() and
//            expectTerminal(getByText('ready')).toBePresent(); waitForInputReady();
//            keyboard.type('q') and getByText('readyq') present; type('w', { now: true })
//            and getByText('readyqw') present; close()
//
// Every variant takes its turn within each round (floor, host, cli, js, then the
// next round), and each action's figure is the median over the rounds, in
// milliseconds. Every spawned process and every wait has a hard timeout
// (--timeout, 30 s by default): a run that exceeds it fails the benchmark.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { launch, expectTerminal, loadEngine } from '../js/src/index.js';
import { frameStream } from '../js/src/core.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const ACTIONS = ['launch', 'ready', 'type', 'now', 'close'];
const VARIANTS = ['floor', 'host', 'host-nocg', 'cli', 'js'];
const PROGRAM = ['sh', ['-c', 'stty -icanon -echo; printf ready; exec cat']];
const IDLE_MS = 150;

function parseArgs(argv) {
  const o = { runs: 15, bin: process.env.TESSERA_BIN ?? path.join(root, 'build', 'bin', 'tessera'),
    floor: path.join(root, 'build', 'bin', 'live_floor'), only: VARIANTS, timeoutMs: 30_000, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] ?? (() => { throw new Error(`${a} needs a value`); })();
    if (a === '--runs') o.runs = Math.max(1, Number(v()));
    else if (a === '--bin') o.bin = path.resolve(v());
    else if (a === '--floor') o.floor = path.resolve(v());
    else if (a === '--only') o.only = v().split(',');
    else if (a === '--timeout') o.timeoutMs = Number(v()) * 1000;
    else if (a === '--json') o.json = true;
    else throw new Error(`unknown argument ${a} (see the comment at the top of bench/live_actions.mjs)`);
  }
  for (const x of o.only) if (!VARIANTS.includes(x)) throw new Error(`--only: no variant ${x} (${VARIANTS.join(', ')})`);
  return o;
}

const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** `promise`, or a rejection naming `what` after `ms` (the caller kills what it started). */
function within(ms, what, promise) {
  let timer;
  const deadline = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms); });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

// ------------------------------------------------------------------ floor

function runFloor(o) {
  const r = spawnSync(o.floor, ['--runs', '1', '--timeout', String(Math.ceil(o.timeoutMs / 1000))],
    { encoding: 'utf8', timeout: o.timeoutMs + 5000 });
  if (r.status !== 0) throw new Error(`live_floor: ${r.error?.message ?? `exit ${r.status} ${r.signal ?? ''}`} ${r.stderr}`);
  const out = {};
  for (const [, k, v] of r.stdout.matchAll(/(\w+)_us=(\d+)/g)) out[k] = Number(v) / 1000;
  return out;
}

// ------------------------------------------------------------------- host

/** A `tessera host` process and the frames it sends, decoded. */
class HostClient {
  constructor(bin, engine, env) {
    this.proc = spawn(bin, ['host'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    this.decoder = frameStream(engine, 'tessera host');
    this.output = ''; // OUTPUT bytes since the last mark(), as latin1
    this.acks = new Set();
    this.waiters = [];
    this.stderr = '';
    this.exited = new Promise((resolve) => this.proc.on('exit', resolve));
    this.proc.stdout.on('data', (chunk) => {
      for (const f of this.decoder.push(new Uint8Array(chunk))) {
        if (f.type === 'output') this.output += Buffer.from(f.data).toString('latin1');
        else if (f.type === 'input-ack') this.acks.add(Number(f.actionId));
      }
      this.wake();
    });
    this.proc.stderr.on('data', (chunk) => { this.stderr += chunk; });
  }

  send(obj) { this.proc.stdin.write(`${JSON.stringify(obj)}\n`); }
  mark() { this.output = ''; }
  wake() { this.waiters = this.waiters.filter((w) => !w()); }

  /** Resolves once test() holds (checked after every chunk of frames). */
  until(test) {
    return new Promise((resolve) => {
      const w = () => (test() ? (resolve(), true) : false);
      if (!w()) this.waiters.push(w);
    });
  }

  kill() { if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL'); }
}

async function runHost(o, engine, env = {}) {
  const t = {};
  let h;
  const step = async (name, work) => {
    const t0 = performance.now();
    await within(o.timeoutMs, `host ${name}${h?.stderr ? ` (stderr: ${h.stderr.trim()})` : ''}`, work());
    t[name] = performance.now() - t0;
  };
  try {
    await step('launch', () => {
      h = new HostClient(o.bin, engine, env);
      h.send({ op: 'spawn', cmd: PROGRAM[0], args: PROGRAM[1] });
      return h.until(() => h.output.includes('ready'));
    });
    await sleep(IDLE_MS);
    await step('ready', () => { h.send({ op: 'ready', id: 1 }); return h.until(() => h.acks.has(1)); });
    await step('type', () => { h.mark(); h.send({ op: 'input', id: 2, text: 'q' }); return h.until(() => h.output.includes('q')); });
    await step('now', () => { h.mark(); h.send({ op: 'input', id: 3, text: 'w', now: true }); return h.until(() => h.output.includes('w')); });
    await step('close', () => { h.send({ op: 'close' }); return h.exited; });
  } finally {
    h?.kill();
  }
  return t;
}

// -------------------------------------------------------------------- cli

const TAPES = {
  launch: ['run sh -c "stty -icanon -echo; printf ready; exec cat"', 'expect "ready"'],
};
TAPES.idle = [...TAPES.launch, `sleep ${IDLE_MS}ms`];
// The same action REPEAT times after the idle tape: the difference over REPEAT
// is one action (the tapes' own jitter, a few ms, divided too).
const REPEAT = 10;
const times = (k, f) => Array.from({ length: k }, (_, i) => f(i)).flat();
TAPES.ready = [...TAPES.idle, ...times(REPEAT, () => ['ready'])];
TAPES.type = [...TAPES.idle, ...times(REPEAT, (i) => ['type "q"', `expect "ready${'q'.repeat(i + 1)}"`])];
TAPES.now = [...TAPES.idle, ...times(REPEAT, (i) => ['type --now "w"', `expect "ready${'w'.repeat(i + 1)}"`])];

function runCli(o, dir) {
  const t = {};
  for (const [name, lines] of Object.entries(TAPES)) {
    const file = path.join(dir, `${name}.tape`);
    if (!existsSync(file)) writeFileSync(file, `${lines.join('\n')}\n`);
    const t0 = performance.now();
    const r = spawnSync(o.bin, ['script', '--quiet', file], { stdio: ['ignore', 'ignore', 'pipe'], timeout: o.timeoutMs });
    t[name] = performance.now() - t0;
    if (r.status !== 0) throw new Error(`tessera script ${name}.tape: ${r.error?.message ?? `exit ${r.status} ${r.signal ?? ''}`} ${r.stderr}`);
  }
  return t; // whole tapes; the actions are differences of their medians (cliActions)
}

function cliActions(m) {
  const one = (k) => (m[k] - m.idle) / REPEAT;
  return { launch: m.launch, ready: one('ready'), type: one('type'), now: one('now'), close: NaN };
}

// --------------------------------------------------------------------- js

async function runJs(o) {
  const t = {};
  let term;
  const step = async (name, work) => {
    const t0 = performance.now();
    await within(o.timeoutMs, `js ${name}`, work());
    t[name] = performance.now() - t0;
  };
  const seen = (text) => expectTerminal(term.getByText(text)).toBePresent();
  try {
    await step('launch', async () => {
      term = await launch(PROGRAM[0], PROGRAM[1], { rows: 24, cols: 80, timeoutMs: o.timeoutMs, hostPath: o.bin });
      await seen('ready');
    });
    await sleep(IDLE_MS);
    await step('ready', () => term.waitForInputReady());
    await step('type', async () => { await term.keyboard.type('q'); await seen('readyq'); });
    await step('now', async () => { await term.keyboard.type('w', { now: true }); await seen('readyqw'); });
    await step('close', () => term.close());
  } finally {
    if (term) await within(o.timeoutMs, 'js close after a failure', term.close()).catch(() => {});
  }
  return t;
}

// ------------------------------------------------------------------- main

async function main() {
  const o = parseArgs(process.argv.slice(2));
  for (const [need, file] of [['floor', o.floor], ['host', o.bin], ['host-nocg', o.bin], ['cli', o.bin], ['js', o.bin]]) {
    if (o.only.includes(need) && !existsSync(file)) throw new Error(`${file} not found: build with bash scripts/build.sh`);
  }
  const engine = await loadEngine({ engine: 'wasi' });
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-live-actions-'));
  const samples = Object.fromEntries(o.only.map((v) => [v, []]));
  const run = { floor: () => runFloor(o), host: () => runHost(o, engine),
    'host-nocg': () => runHost(o, engine, { TESSERA_CGROUP: 'off' }), cli: () => runCli(o, dir), js: () => runJs(o) };
  try {
    for (const v of o.only) await run[v](); // warm-up: caches, the JIT, the wasm engine
    for (let r = 0; r < o.runs; r++) {
      for (const v of o.only) samples[v].push(await run[v]());
      if (!o.json) process.stderr.write(`\r  round ${r + 1}/${o.runs}`);
    }
    if (!o.json) process.stderr.write('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (v) => {
    const keys = Object.keys(samples[v][0]);
    return Object.fromEntries(keys.map((k) => [k, median(samples[v].map((s) => s[k]))]));
  };
  const table = {};
  for (const v of o.only) table[v] = v === 'cli' ? cliActions(med(v)) : med(v);

  if (o.json) {
    console.log(JSON.stringify({ node: process.version, runs: o.runs, idleMs: IDLE_MS, actions: ACTIONS, medianMs: table,
      cliTapesMs: samples.cli ? med('cli') : undefined }, null, 2));
    return;
  }
  const f = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');
  const shown = VARIANTS.filter((v) => o.only.includes(v));
  const names = { floor: 'floor', host: 'host protocol', 'host-nocg': 'host, no cgroup', cli: 'CLI', js: 'JS' };
  const others = shown.filter((v) => v !== 'floor');
  const cols = [...shown.map((v) => `${names[v]} ms`), ...(table.floor ? others.map((v) => `${names[v]} / floor`) : [])];
  console.log(`median of ${o.runs} rounds (variants interleaved), Node ${process.version}, ${path.relative(root, o.bin) || o.bin}\n`);
  console.log(`| action | ${cols.join(' | ')} |`);
  console.log(`| --- | ${cols.map(() => '---:').join(' | ')} |`);
  for (const a of ACTIONS) {
    const ratio = (v) => (table.floor && Number.isFinite(table[v][a]) ? `${(table[v][a] / table.floor[a]).toFixed(1)}x` : '-');
    console.log(`| ${a} | ${[...shown.map((v) => f(table[v][a])), ...(table.floor ? others.map(ratio) : [])].join(' | ')} |`);
  }
  if (samples.cli) {
    console.log('\nCLI: launch is a whole `tessera script` process (start, launch, close); ready, type and now are ' +
      'differences between tapes\' medians, over the 10 actions of the longer one.');
  }
}

await main();
