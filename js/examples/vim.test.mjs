// vim: insert mode appears and goes, text is written to a file, :wq exits.
// vim asks the terminal questions at start-up; the host answers them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '../test/support.mjs'; // finds the build (TESSERA_BUILD_DIR)
import { launch, expectTerminal } from '../src/index.js';

test('vim: insert, leave insert mode, write and quit', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-vim-'));
  const file = path.join(dir, 'note.txt');
  const terminal = await launch('vim', ['-u', 'NONE', '-i', 'NONE', '-N', '-n', file],
    { rows: 12, cols: 60, timeoutMs: 20_000 });
  try {
    // The empty buffer's "~" rows and the new file's name in the status line.
    await expectTerminal(terminal.getByText('note.txt')).toBePresent();
    assert.equal(terminal.screen.altScreen, true);

    await terminal.keyboard.press('i');
    await expectTerminal(terminal.getByText('-- INSERT --')).toBePresent();
    await terminal.keyboard.type('hello from tessera');
    await expectTerminal(terminal.getByText('hello from tessera')).toBePresent();

    await terminal.keyboard.press('Escape');
    await expectTerminal(terminal.getByText('-- INSERT --')).toBeAbsent();
    await expectTerminal(terminal).toSatisfy((s) => s.lines[0].text === 'hello from tessera' && s.lines[1].text === '~');

    await terminal.keyboard.type(':wq');
    await terminal.keyboard.press('Enter');
    assert.deepEqual(await terminal.waitForExit(), { code: 0, signal: 0 });
    assert.equal(readFileSync(file, 'utf8'), 'hello from tessera\n');
  } finally {
    await terminal.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
