// Running a WASI command under node:wasi: the JS CLI's tessera-cli.wasm, and the ABI facts
// of wasm/abi/generate.mjs.

// Node 20 warns once that WASI is experimental; that line must not reach stderr, which
// belongs to the command. Only that warning is dropped, only while fn runs.
export async function withoutWasiWarning(fn) {
  const emit = process.emitWarning;
  process.emitWarning = function quiet(warning, ...rest) {
    const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
    if (type === 'ExperimentalWarning' && /WASI/.test(String(warning))) return undefined;
    return emit.call(this, warning, ...rest);
  };
  try {
    return await fn();
  } finally {
    process.emitWarning = emit;
  }
}

/**
 * Runs a compiled WASI command to its end and returns its exit code. options: args
 * (argv, argv[0] first), env, preopens, stdin, stdout, stderr (file descriptors,
 * default 0, 1, 2).
 */
export async function runWasiCommand(module, options) {
  const wasi = await withoutWasiWarning(async () => {
    const { WASI } = await import('node:wasi');
    return new WASI({ version: 'preview1', returnOnExit: true, ...options });
  });
  const instance = await WebAssembly.instantiate(module, slowPathImports(wasi.getImportObject()));
  return wasi.start(instance);
}

// Node 20 gives node:wasi's functions V8 "fast API" entry points, which wasm takes when it
// calls them as imports directly. Inside one, uvwasi's allocator reports its bytes to V8
// (AdjustAmountOfExternalAllocatedMemory); once the module's memory has grown past V8's
// external-memory limit (a recording with an 8 MiB event) that report starts a full GC,
// which a fast call must never do: the JS heap is corrupted and Node crashes later
// (nodejs/node#46777). Calling each function from a JS closure instead takes V8's ordinary
// callback path (a fast call needs a wasm caller's memory; from JS it falls back), where
// a GC is safe. The cost is one JS frame a system call.
function slowPathImports(imports) {
  const wrapped = {};
  for (const [space, fns] of Object.entries(imports)) {
    wrapped[space] = {};
    for (const [name, fn] of Object.entries(fns)) {
      wrapped[space][name] = typeof fn === 'function' ? (...args) => fn.apply(fns, args) : fn;
    }
  }
  return wrapped;
}
