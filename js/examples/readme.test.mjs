// The first example of the top-level README ("The JavaScript package"), run
// with the tests so it stays true; the README imports 'tessera-terminal'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '../test/support.mjs'; // finds the build (TESSERA_BUILD_DIR)
import { launch, expectTerminal } from '../src/index.js';

test('less jumps to the end and quits', async (t) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pager-')), 'numbers.txt');
  writeFileSync(file, Array.from({ length: 100 }, (_, i) => `line ${i + 1}\n`).join(''));
  // { test: t }: closed after this test, passed or failed (no try/finally needed)
  const terminal = await launch('less', [file], { rows: 10, cols: 40, env: { LESS: '' }, test: t });
  await expectTerminal(terminal.getByText('line 1', { exact: true })).toBePresent();
  await terminal.keyboard.press('G'); // sent once less is reading its keys (drawn is not reading)
  await expectTerminal(terminal.getByText('line 100', { exact: true })).toBeStable();
  await terminal.keyboard.press('q');
  assert.deepEqual(await terminal.waitForExit(), { code: 0, signal: 0 });
});
