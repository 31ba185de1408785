// less on a 100-line file: paging, jumping to the end, searching, quitting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '../test/support.mjs'; // finds the build (TESSERA_BUILD_DIR)
import { launch, expectTerminal } from '../src/index.js';

test('less: page, jump to the end, search, quit', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-less-'));
  const file = path.join(dir, 'numbers.txt');
  writeFileSync(file, Array.from({ length: 100 }, (_, i) => `line ${String(i + 1).padStart(3, '0')}`).join('\n') + '\n');
  const terminal = await launch('less', [file], {
    rows: 10, cols: 40, timeoutMs: 20_000, env: { LESSHISTFILE: '-', LESS: '' },
  });
  try {
    await expectTerminal(terminal.getByText('line 001', { exact: true })).toBePresent();
    await expectTerminal(terminal.getByText('line 009', { exact: true })).toBeStable();

    await terminal.keyboard.press('space'); // one page (9 lines) down
    await expectTerminal(terminal.getByText('line 010', { exact: true })).toBePresent();
    await expectTerminal(terminal.getByText('line 001', { exact: true })).toBeAbsent();

    await terminal.keyboard.press('G');
    await expectTerminal(terminal.getByText('line 100', { exact: true })).toBeStable();
    assert.equal(terminal.screen.lines[8].text, 'line 100');

    await terminal.keyboard.press('g');
    await expectTerminal(terminal.getByText('line 001', { exact: true })).toBePresent();
    await terminal.keyboard.type('/line 050');
    await terminal.keyboard.press('Enter');
    // less puts the match on the top row
    await expectTerminal(terminal.getByText('line 050').region({ row: 0, column: 0, width: 40, height: 1 })).toBeStable();

    await terminal.keyboard.press('q');
    assert.deepEqual(await terminal.waitForExit(), { code: 0, signal: 0 });
  } finally {
    await terminal.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
