// Loading the core's WebAssembly build. Node reads the wasi module from disk
// (fs + WebAssembly.instantiate); browsers fetch the emscripten module
// (standalone wasm, no JS glue). Both export the same tsr_* ABI plus
// malloc/free, and the core does no I/O, so the few system imports are
// stubs. One instance serves every Screen made from it.

import { Abi } from './abi.js';

export const ENGINES = Object.freeze(['wasi', 'emscripten']);

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

/** The engine used when none is named: wasi in Node, emscripten elsewhere. */
export const defaultEngineName = () => (isNode ? 'wasi' : 'emscripten');

const wasmFile = (name) => `tessera-${name}.wasm`;

// Where Node looks for a module file (an engine, or the CLI's tessera-cli.wasm):
// $TESSERA_WASM_DIR, js/wasm/ (a packed copy), then the build tree's build/wasm/.
export async function nodeWasmBytes(file) {
  const { readFile } = await import('node:fs/promises');
  const { fileURLToPath } = await import('node:url');
  const path = await import('node:path');
  const dirs = [];
  if (process.env.TESSERA_WASM_DIR) dirs.push(path.resolve(process.env.TESSERA_WASM_DIR));
  dirs.push(fileURLToPath(new URL('../wasm/', import.meta.url)));
  dirs.push(fileURLToPath(new URL('../../build/wasm/', import.meta.url)));
  for (const dir of dirs) {
    try {
      return await readFile(path.join(dir, file));
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
    }
  }
  throw new Error(`${file} not found in ${dirs.join(', ')} ` +
    '(build it with cmake --build build, or set TESSERA_WASM_DIR)');
}

// Imports the modules may ask for. The core never prints, exits or grows
// memory from outside, so these only keep instantiation and libc happy.
function stubImports(module, memoryRef) {
  const WASI_ENOSYS = 52;
  const known = {
    fd_write: () => WASI_ENOSYS,
    fd_close: () => WASI_ENOSYS,
    fd_seek: () => WASI_ENOSYS,
    fd_read: () => WASI_ENOSYS,
    fd_fdstat_get: () => WASI_ENOSYS,
    environ_sizes_get: (countPtr, sizePtr) => {
      const dv = new DataView(memoryRef.memory.buffer);
      dv.setUint32(countPtr, 0, true);
      dv.setUint32(sizePtr, 0, true);
      return 0;
    },
    environ_get: () => 0,
    proc_exit: (code) => { throw new Error(`the wasm core called exit(${code})`); },
    emscripten_notify_memory_growth: () => {}, // views follow the buffer (abi.js)
    emscripten_memcpy_big: (dest, src, num) => {
      new Uint8Array(memoryRef.memory.buffer).copyWithin(dest, src, src + num);
    },
    emscripten_resize_heap: (size) => {
      const mem = memoryRef.memory;
      const pages = Math.ceil((size - mem.buffer.byteLength) / 65536);
      try { mem.grow(pages); return 1; } catch { return 0; }
    },
  };
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') {
      throw new Error(`unsupported wasm import ${imp.module}.${imp.name} (${imp.kind})`);
    }
    const fn = known[imp.name] ??
      (() => { throw new Error(`unexpected call to wasm import ${imp.module}.${imp.name}`); });
    (imports[imp.module] ??= {})[imp.name] = fn;
  }
  return imports;
}

/** A loaded core: its ABI wrapper and which build it is. */
export class Engine {
  constructor(instance, name) {
    this.name = name;
    this.abi = new Abi(instance, name);
  }
}

async function compile(source, name) {
  if (source instanceof WebAssembly.Module) return source;
  if (source === undefined) {
    if (isNode) return WebAssembly.compile(await nodeWasmBytes(wasmFile(name)));
    source = new URL(`../wasm/${wasmFile(name)}`, import.meta.url);
  }
  if (source instanceof URL || typeof source === 'string') {
    const remote = /^(https?|data|blob):/.test(String(source));
    if (isNode && !remote) {
      const { readFile } = await import('node:fs/promises');
      return WebAssembly.compile(await readFile(source));
    }
    const response = await fetch(source);
    if (!response.ok) throw new Error(`fetching ${source}: HTTP ${response.status}`);
    return WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(response)
      : WebAssembly.compile(await response.arrayBuffer());
  }
  return WebAssembly.compile(source); // bytes
}

const cache = new Map();

/**
 * Loads an engine: 'wasi' (default in Node) or 'emscripten' (default in
 * browsers). `wasm` overrides where the module comes from: a path or URL,
 * its bytes, or a compiled WebAssembly.Module. Without it, engines are
 * loaded once and shared.
 */
export async function loadEngine(options = {}) {
  const name = options.engine ?? defaultEngineName();
  if (!ENGINES.includes(name)) {
    throw new Error(`unknown engine ${JSON.stringify(name)}: expected ${ENGINES.join(' or ')}`);
  }
  const shared = options.wasm === undefined;
  if (shared && cache.has(name)) return cache.get(name);
  const load = (async () => {
    const module = await compile(options.wasm, name);
    const memoryRef = { memory: null };
    const instance = await WebAssembly.instantiate(module, stubImports(module, memoryRef));
    memoryRef.memory = instance.exports.memory;
    // Reactor modules run their constructors in _initialize.
    if (typeof instance.exports._initialize === 'function') instance.exports._initialize();
    return new Engine(instance, name);
  })();
  if (shared) {
    cache.set(name, load);
    load.catch(() => cache.delete(name));
  }
  return load;
}
