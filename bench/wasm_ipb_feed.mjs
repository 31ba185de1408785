// What bench/wasm_ipb.sh runs under callgrind: one wasm engine fed FILE
// whole (a warm-up: every function the workload reaches gets compiled),
// then, with ROUNDS 1, fed it again, each time to a fresh 80x24 terminal
// with 1000 lines of scrollback in 4096-byte chunks, replies drained after
// each chunk as bench/wasm_bench.mjs does. The difference between the
// instruction counts of ROUNDS 1 and ROUNDS 0 is one feed of FILE.
//
//   node bench/wasm_ipb_feed.mjs WASM_DIR wasi|emscripten FILE ROUNDS
import { readFileSync } from 'node:fs';
import { Screen, loadEngine } from '../js/src/index.js';

const [dir, name, file, rounds] = process.argv.slice(2);
const engine = await loadEngine({ engine: name, wasm: `${dir}/tessera-${name}.wasm` });
const bytes = new Uint8Array(readFileSync(file));
const x = engine.abi.x;

function feed() {
  const s = new Screen(engine, { rows: 24, cols: 80, scrollback: 1000 });
  for (let o = 0; o < bytes.length; o += 4096) {
    s.feed(bytes.subarray(o, o + 4096));
    if (x.tsr_term_pending_replies(s.term) > 0) s.takeReplies();
  }
  s.free();
}

for (let r = 0; r <= Number(rounds); r++) feed();
