// npm's prepack: copies the built modules (the two engines and the CLI's tessera-cli.wasm)
// from $TESSERA_WASM_DIR or ../build/wasm into wasm/, where src/engine.js looks first after
// $TESSERA_WASM_DIR, so the package needs no build step. A missing module fails the pack.
// postpack (--clean) removes the copies again, so a later build is never shadowed by them.
// The repository's LICENSE is copied beside package.json the same way (npm packs it from there).
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = path.resolve(process.env.TESSERA_WASM_DIR ?? path.join(pkg, '..', 'build', 'wasm'));
const to = path.join(pkg, 'wasm');
const license = path.join(pkg, 'LICENSE');
if (process.argv[2] === '--clean') {
  rmSync(to, { recursive: true, force: true });
  rmSync(license, { force: true });
  process.exit(0);
}
mkdirSync(to, { recursive: true });
for (const file of ['tessera-wasi.wasm', 'tessera-emscripten.wasm', 'tessera-cli.wasm']) {
  try {
    copyFileSync(path.join(from, file), path.join(to, file));
  } catch (e) {
    process.stderr.write(`pack_wasm: ${path.join(from, file)}: ${e.code ?? e.message} ` +
      '(build it first: cmake --build build)\n');
    process.exit(1);
  }
}
copyFileSync(path.join(pkg, '..', 'LICENSE'), license);
