// Smoke test of the two wasm engines (wasm/): each module is instantiated with a tiny
// hand-written loader, drives a terminal through the exported C ABI alone, and must show the
// screen a real byte stream draws. The real loader lives in js/; this one stays minimal so a
// failure here points at the module, not at the package.
//
// The modules come from $TESSERA_WASM_DIR (ctest sets it to the build's wasm/ directory), else
// $TESSERA_BUILD_DIR/wasm, else build/wasm (as js/test/support.mjs). A missing module is a
// failure, never a skip: build them first (cmake --build build, or bash scripts/build.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
// Only the generated ABI facts (wasm/abi/), not the package's loader.
import { OFFSET, SIZEOF, STATUS } from '../../js/src/core.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const wasmDir = process.env.TESSERA_WASM_DIR ||
  join(process.env.TESSERA_BUILD_DIR || join(repo, 'build'), 'wasm');

// wasm32 layouts of core/include/tessera/tessera.h, generated from the headers.
const STYLE_FG = OFFSET.cell_info.style + OFFSET.style.fg; // u32
const STYLE_ATTRS = OFFSET.cell_info.style + OFFSET.style.attrs; // u16

async function load(file) {
  const path = join(wasmDir, file);
  assert.ok(existsSync(path), `${path} is missing: build the wasm engines first`);
  const module = await WebAssembly.compile(readFileSync(path));
  const calls = [];
  const imports = {};
  // The core does no I/O: an import (libc's unused stdio for wasi, the growth notice for
  // emscripten) may be linked but must never be called, except the growth notice.
  for (const imp of WebAssembly.Module.imports(module)) {
    assert.equal(imp.kind, 'function', `unexpected ${imp.kind} import ${imp.module}.${imp.name}`);
    imports[imp.module] ??= {};
    imports[imp.module][imp.name] = imp.name === 'emscripten_notify_memory_growth'
      ? () => {}
      : (...args) => { calls.push(`${imp.module}.${imp.name}`); return 52; /* ENOSYS */ };
  }
  const instance = await WebAssembly.instantiate(module, imports);
  const x = instance.exports;
  if (x._initialize) x._initialize(); // emscripten's reactor start
  return { x, calls, module };
}

const u8 = (x) => new Uint8Array(x.memory.buffer);
const dv = (x) => new DataView(x.memory.buffer);

function feed(x, term, bytes) {
  const p = x.malloc(bytes.length);
  u8(x).set(bytes, p);
  const rc = x.tsr_term_feed(term, p, bytes.length);
  x.free(p);
  assert.equal(rc, STATUS.OK, 'tsr_term_feed');
}

function render(x, fn, ...args) {
  const buf = x.malloc(SIZEOF.buf);
  u8(x).fill(0, buf, buf + SIZEOF.buf);
  assert.equal(fn(...args, buf), STATUS.OK);
  const d = dv(x);
  const data = d.getUint32(buf + OFFSET.buf.data, true), len = d.getUint32(buf + OFFSET.buf.len, true);
  const text = new TextDecoder().decode(u8(x).slice(data, data + len));
  x.tsr_buf_free(buf);
  x.free(buf);
  return text;
}

// What a shell session might write to a 20x5 terminal: clear, a prompt, UTF-8 cut between
// two reads, SGR colour, wide characters, an autowrap, an erase to the end of a line.
const enc = (s) => Buffer.from(s, 'binary');
const STREAM = [
  enc('\x1b[2J\x1b[H$ echo h\xc3'),
  enc('\xa9llo\r\nh\xc3\xa9llo\r\n'),
  Buffer.from('\x1b[1;32mok\x1b[0m 日本\r\n'),
  enc('\x1b[4;1Habcdefghijklmnopqrstuvwxyz'),
  enc('\x1b[1;3H\x1b[K'),
];
const EXPECTED = '$\nhéllo\nok 日本\nabcdefghijklmnopqrst\nuvwxyz';

for (const [engine, file] of [['wasi', 'tessera-wasi.wasm'], ['emscripten', 'tessera-emscripten.wasm']]) {
  test(`${engine}: a terminal shows what a real byte stream draws`, async () => {
    const { x, calls } = await load(file);
    const opts = x.malloc(SIZEOF.options);
    const { rows, cols } = OFFSET.options;
    x.tsr_options_default(opts);
    let d = dv(x);
    assert.deepEqual([d.getInt32(opts + rows, true), d.getInt32(opts + cols, true)], [24, 80]);
    d.setInt32(opts + rows, 5, true);
    d.setInt32(opts + cols, 20, true);
    const out = x.malloc(4); // a tsr_term * (wasm32)
    assert.equal(x.tsr_term_new(opts, out), STATUS.OK, 'tsr_term_new');
    const term = dv(x).getUint32(out, true);
    x.free(out);
    x.free(opts);
    // uint64_t crosses as a BigInt in both modules (no i64 legalisation).
    assert.equal(x.tsr_term_revision(term), 0n);
    assert.equal(x.tsr_term_rows(term), 5);
    assert.equal(x.tsr_term_cols(term), 20);

    for (const chunk of STREAM) feed(x, term, chunk);
    assert.equal(render(x, x.tsr_render_text, term), EXPECTED);

    const cur = x.malloc(SIZEOF.cursor);
    const co = OFFSET.cursor;
    x.tsr_term_cursor(term, cur);
    d = dv(x);
    assert.deepEqual([d.getInt32(cur + co.row, true), d.getInt32(cur + co.col, true), d.getInt32(cur + co.visible, true)],
      [0, 2, 1], 'cursor row, col, visible');
    x.free(cur);

    // Row 2: "ok" bold green, then 日 as a wide head at column 3 and its tail at column 4.
    const cell = x.malloc(SIZEOF.cell_info);
    const ce = OFFSET.cell_info;
    assert.equal(x.tsr_term_cell(term, 2, 0, cell), STATUS.OK);
    d = dv(x);
    assert.equal(d.getUint32(cell + ce.cps, true), 'o'.codePointAt(0));
    assert.equal(d.getUint32(cell + STYLE_FG, true), 0x01000002, 'fg: indexed colour 2');
    assert.equal(d.getUint16(cell + STYLE_ATTRS, true) & 1, 1, 'bold');
    assert.equal(x.tsr_term_cell(term, 2, 3, cell), STATUS.OK);
    d = dv(x);
    assert.deepEqual([d.getUint32(cell + ce.cps, true), d.getInt32(cell + ce.ncps, true), d.getInt32(cell + ce.width, true)],
      [0x65e5, 1, 2], '日: one codepoint, width 2');
    x.free(cell);

    // A cursor position report comes back through the reply queue.
    feed(x, term, enc('\x1b[6n'));
    assert.equal(render(x, x.tsr_term_take_replies, term), '\x1b[1;3R');

    x.tsr_term_free(term);
    assert.deepEqual(calls, [], 'no import was called');
  });

  test(`${engine}: memory grows on demand`, async () => {
    const { x } = await load(file);
    const size = 64 * 1024 * 1024;
    const before = x.memory.buffer.byteLength;
    assert.ok(before < size, `initial memory ${before} bytes`);
    const big = x.malloc(size);
    assert.notEqual(big, 0, 'malloc of 64 MiB');
    assert.ok(x.memory.buffer.byteLength >= big + size, 'the memory holds the whole block');
    u8(x).fill(7, big, big + size);
    x.free(big);
  });

  test(`${engine}: every function of the public headers is exported`, async () => {
    const { module } = await load(file);
    const objDir = join(wasmDir, `obj-${engine}`);
    const missing = readFileSync(join(objDir, 'missing.txt'), 'utf8').split('\n').filter(Boolean);
    assert.deepEqual(missing, [], 'declared in core/include/tessera but defined in no core source');
    const listed = readFileSync(join(objDir, 'exports.txt'), 'utf8').split('\n').filter(Boolean);
    assert.ok(listed.includes('tsr_term_feed') && listed.includes('malloc'));
    const fns = new Set(WebAssembly.Module.exports(module)
      .filter((e) => e.kind === 'function').map((e) => e.name));
    assert.deepEqual(listed.filter((n) => !fns.has(n)), [], 'listed but not exported');
    assert.ok(WebAssembly.Module.exports(module).some((e) => e.name === 'memory'));
  });
}
