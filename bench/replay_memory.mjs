// What an engine holds after replaying a recording: @xterm/headless's
// JavaScript heap, or a tessera wasm engine's linear memory, against the
// same process just before the terminal was made. One engine per process
// (bench/memory.sh runs it once per engine), so nothing of one is counted
// in another.
//
//   node --expose-gc bench/replay_memory.mjs FILE [--engine xterm|wasi] [--history]
//
// The recording (asciicast v2 or journal) is read first, with the wasi
// engine, and stays in memory, and the engine measured is loaded, so both
// are part of the baseline. Then a terminal of the header's size with 1000
// lines of scrollback gets every output event (resize events resize it),
// as `tessera replay` does; with --history a tessera engine applies them as
// frames instead, keeping its revision history (default limits), as a
// journal's replay does. After full collections, against the baseline:
// xterm.js, heapUsed plus external (its rows are ArrayBuffers); tessera, the
// JS heap plus how far the wasm heap reaches (memory grows and never
// shrinks, so this is its peak, to the 64 KiB page). Only the wasi engine:
// emscripten's starts with 2 MiB of memory whatever malloc uses, so its
// growth says nothing. Prints one line of key=value pairs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Screen, loadEngine, readRecording } from '../js/src/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function parseArgs(argv) {
  const o = { file: null, engine: 'xterm', history: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--engine') o.engine = argv[++i];
    else if (a === '--history') o.history = true;
    else if (!o.file && !a.startsWith('-')) o.file = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!o.file) throw new Error('usage: node --expose-gc bench/replay_memory.mjs FILE [--engine xterm|wasi] [--history]');
  if (!['xterm', 'wasi'].includes(o.engine)) throw new Error(`unknown engine ${o.engine}`);
  if (o.history && o.engine === 'xterm') throw new Error('--history is for the tessera engine (xterm.js keeps no revisions)');
  return o;
}

function settled() {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage();
}

// The module is loaded before the baseline: what is measured is the terminal.
function loadXterm() {
  const require = createRequire(path.join(root, 'package.json'));
  const { Terminal } = require('@xterm/headless');
  const version = JSON.parse(readFileSync(require.resolve('@xterm/headless/package.json'), 'utf8')).version;
  return { Terminal, version };
}

function replayXterm(recording, { Terminal, version }) {
  const t = new Terminal({ rows: recording.rows, cols: recording.cols, scrollback: 1000,
    allowProposedApi: true, logLevel: 'off' });
  const wb = t._core._writeBuffer; // synchronous, as bench/wasm_bench.mjs feeds it
  for (const f of recording.frames) {
    if (f.type === 'output') wb.writeSync(f.data);
    else if (f.type === 'resize') t.resize(f.cols, f.rows);
  }
  return { keep: t, engine: `xterm.js-headless-${version}` };
}

// A fresh instance, so its heap holds nothing else; malloc's first block
// shows where the heap starts.
async function loadTessera(name) {
  const dir = process.env.TESSERA_WASM_DIR ?? path.join(root, 'build', 'wasm');
  const engine = await loadEngine({ engine: name, wasm: path.join(dir, `tessera-${name}.wasm`) });
  const first = engine.abi.x.malloc(16);
  engine.abi.x.free(first);
  return { engine, heapStart: first };
}

function replayTessera(recording, { engine, heapStart }, history) {
  const s = new Screen(engine, { rows: recording.rows, cols: recording.cols, scrollback: 1000 });
  for (const f of recording.frames) {
    if (history) {
      s.applyFrame(f);
      if (f.type === 'output') s.takeReplies();
    } else if (f.type === 'output') {
      s.feed(f.data);
      s.takeReplies();
    } else if (f.type === 'resize') {
      s.resize(f.rows, f.cols);
    }
  }
  const stats = history ? s.historyStats() : null;
  return { keep: s, engine: `tessera-${engine.name}${history ? '+history' : ''}`, stats,
    wasmHeap: engine.abi.memory.buffer.byteLength - heapStart };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (typeof globalThis.gc !== 'function') throw new Error('run node with --expose-gc');
  const reader = await loadEngine({ engine: 'wasi' });
  const recording = readRecording(new Uint8Array(readFileSync(o.file)), { engine: reader, name: o.file });
  const outputs = recording.frames.filter((f) => f.type === 'output');
  const bytes = outputs.reduce((n, f) => n + f.data.length, 0);
  const loaded = o.engine === 'xterm' ? loadXterm() : await loadTessera(o.engine);
  const before = settled();
  const r = o.engine === 'xterm' ? replayXterm(recording, loaded) : replayTessera(recording, loaded, o.history);
  const after = settled();
  const heap = after.heapUsed - before.heapUsed;
  const external = after.external - before.external;
  const fields = {
    engine: r.engine, file: path.basename(o.file), events: outputs.length, bytes,
    size: `${recording.cols}x${recording.rows}`, heap_bytes: heap,
  };
  // xterm.js: its objects and its rows' ArrayBuffers. tessera: the JS
  // wrapper and the wasm heap's top (to the 64 KiB page), where malloc put
  // everything the terminal holds.
  if (o.engine === 'xterm') Object.assign(fields, { external_bytes: external, total_bytes: heap + external });
  else Object.assign(fields, { wasm_heap_bytes: r.wasmHeap, total_bytes: heap + r.wasmHeap });
  if (r.stats) fields.revisions = r.stats.revisions;
  console.log(Object.entries(fields).map(([k, v]) => `${k}=${v}`).join(' '));
  void r.keep; // alive until measured
}

main().catch((e) => { console.error(e.message); process.exit(1); });
