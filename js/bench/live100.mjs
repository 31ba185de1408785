// 100 small live tests (sh -c 'printf ready', one toBePresent each), run by
// node:test two at a time (the machine's cores). Timed by api_bench.mjs.
import { describe, it } from 'node:test';
import '../test/support.mjs';
import { launch, expectTerminal } from '../src/index.js';

describe('100 live tests', { concurrency: 2 }, () => {
  for (let i = 0; i < 100; i++) {
    it(`ready ${i}`, async () => {
      const t = await launch('sh', ['-c', 'printf ready; read x'], { rows: 5, cols: 20, timeoutMs: 20_000 });
      try {
        await expectTerminal(t.getByText('ready')).toBePresent();
      } finally {
        await t.close();
      }
    });
  }
});
