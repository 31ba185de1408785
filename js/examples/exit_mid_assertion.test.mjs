// A program that exits while an assertion is waiting. The host drains the
// PTY before it reports the exit, so output written just before exiting is
// on the final screen; an unmet assertion fails at once (no waiting for the
// timeout) and says how the program ended.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../test/support.mjs'; // finds the build (TESSERA_BUILD_DIR)
import { launch, expectTerminal, TerminalAssertionError } from '../src/index.js';

const WORK = 'read x; i=0; while [ $i -lt 40 ]; do printf "step %d\\n" $i; i=$((i+1)); done';

test('the last words before the exit are seen', async () => {
  const terminal = await launch('sh', ['-c', `${WORK}; printf "Done"; exit 0`], { rows: 8, cols: 30, timeoutMs: 20_000 });
  try {
    // A settle window far longer than the deadline: the screen can only count
    // as settled once the program has exited, so this assertion is still
    // waiting when the exit arrives, and it passes only if "Done" is on the
    // final, drained screen.
    const waiting = expectTerminal(terminal.getByText('Done')).toBeStable({ settleMs: 3_600_000 });
    const receipt = await terminal.keyboard.press('Enter');
    const stats = await waiting;
    assert.equal(terminal.ended, true, 'the assertion ended with the program');
    assert.equal(stats.revision, terminal.revision, 'it was met on the final screen');
    assert.ok(stats.revision > receipt.revision, 'by output written after the key');
    assert.equal(terminal.engineScreen.revisionAt(receipt.revision).contains('Done'), false);
    assert.deepEqual(await terminal.waitForExit(), { code: 0, signal: 0 });
  } finally {
    await terminal.close();
  }
});

test('an unmet assertion reports the exit status and the drain state', async () => {
  const terminal = await launch('sh', ['-c', `${WORK}; printf "Failed: disk full"; exit 2`],
    { rows: 8, cols: 30, timeoutMs: 20_000 });
  try {
    const waiting = expectTerminal(terminal.getByText('Done')).toBePresent();
    await terminal.keyboard.press('Enter');
    await assert.rejects(waiting, (e) => e instanceof TerminalAssertionError
      && /program: exited with code 2; output drained: EXIT frame received/.test(e.message)
      && / 7 \| Failed: disk full/.test(e.message));
  } finally {
    await terminal.close();
  }
});
