// Every backend adapter refuses a malformed command with exit status 2 and a message naming
// the line, and answers hostile but well-formed scripts without failing
// (tests/adapters/malformed_commands.mjs holds the scripts; ctest runs them on the native
// adapters under ASan+UBSan too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADAPTER_NAMES, adapterArgv, runScript } from './adapters_lib.mjs';
import { checkAdapter } from '../adapters/malformed_commands.mjs';

for (const name of ADAPTER_NAMES) {
  test(`${name}: malformed commands exit 2 naming the line; hostile scripts answered`, async () => {
    const { problems } = await checkAdapter(name, adapterArgv(name));
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
