// Every backend adapter refuses a malformed command with exit status 2 and a message naming
// the line, and answers hostile but well-formed scripts without failing
// (tests/adapters/malformed_commands.mjs holds the scripts; ctest runs them on the native
// adapters under ASan+UBSan too).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADAPTER_NAMES, adapterArgv, runScript } from './adapters_lib.mjs';
import { checkAdapter } from '../adapters/malformed_commands.mjs';
import { runWasiCommand } from '../../js/src/wasi.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'adapters-malformed-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// tessera-wasm's adapter is a WASI command that corpus/backends/wasi_adapter.mjs runs in a
// fresh node for each script. Here each script runs in this process on one compiled module,
// through the same runWasiCommand and with the same arguments and empty environment, a trap
// being status 3 as the wrapper makes it: 74 node starts and compiles fewer. The message
// test below starts the real wrapper.
async function inProcess([, , wasmPath]) {
  const module = await WebAssembly.compile(readFileSync(wasmPath));
  let count = 0;
  return async (script) => {
    const base = path.join(scratch, `script${count++}`);
    writeFileSync(`${base}.in`, script);
    const fds = [openSync(`${base}.in`, 'r'), openSync('/dev/null', 'w'), openSync(`${base}.err`, 'w')];
    let status;
    let trap = '';
    try {
      status = await runWasiCommand(module, { args: [wasmPath], env: {}, stdin: fds[0], stdout: fds[1], stderr: fds[2] });
    } catch (e) {
      status = 3;
      trap = `wasi adapter: ${wasmPath} failed: ${e?.message ?? e}\n`;
    } finally {
      for (const fd of fds) closeSync(fd);
    }
    return { status, signal: null, stderr: readFileSync(`${base}.err`, 'utf8') + trap };
  };
}

for (const name of ADAPTER_NAMES) {
  test(`${name}: malformed commands exit 2 naming the line; hostile scripts answered`, async () => {
    const argv = adapterArgv(name);
    const runner = name === 'tessera-wasm' ? await inProcess(argv) : undefined;
    const { problems } = await checkAdapter(name, argv, { runner });
    assert.deepEqual(problems, []);
  });

  test(`${name}: the message names the adapter, the line and what is wrong`, () => {
    const r = runScript(name, ['open 3 10 5', 'feed 41', 'resize 3']);
    assert.equal(r.status, 2);
    const adapter = name === 'tessera-wasm' ? 'tessera' : name;
    assert.equal(r.stderr, `${adapter} adapter: line 3: resize takes ROWS COLS (each from 1): "resize 3"\n`);
    assert.equal(r.stdout, '', 'nothing was asked that answers');
  });
}
