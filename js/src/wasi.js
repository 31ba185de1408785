// tessera-terminal/wasi: running a compiled WASI command under node:wasi as the JS CLI runs
// tessera-cli.wasm (the corpus's tessera-wasm adapter and the ABI generator use it too).
export { runWasiCommand, withoutWasiWarning } from './cli/wasi_command.js';
