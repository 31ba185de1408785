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
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  return wasi.start(instance);
}
