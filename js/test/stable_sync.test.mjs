// toBeStable waits while the program holds synchronized output (DEC mode 2026): a screen
// in the middle of an update is never "stable", on a replay (virtual time) or live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import './support.mjs';
import { openReplay, launch, expectTerminal } from '../src/index.js';

test('replay: the settle window does not end inside an update', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-sync-'));
  const file = path.join(dir, 's.cast');
  writeFileSync(file, [JSON.stringify({ version: 2, width: 10, height: 2 }),
    '[0.1, "o", "\\u001b[?2026hA"]', '[0.6, "o", "B\\u001b[?2026l"]', '[3.0, "o", ""]'].join('\n') + '\n');
  const r = await openReplay(file, { engine: 'wasi', timeoutMs: 2000 });
  await expectTerminal(r).toBeStable({ settleMs: 100 });
  assert.equal(r.screen.rowsText()[0], 'AB');
});

test('live: 20 runs, toBeStable never returns the half-drawn screen', async () => {
  for (let i = 0; i < 20; i++) {
    const t = await launch('sh', ['-c', 'printf "\\033[?2026hA"; sleep 0.15; printf "B\\033[?2026l"; sleep 5'],
      { rows: 2, cols: 10, timeoutMs: 10_000 });
    try {
      // A is drawn inside the update: from then on only the update's end may settle
      await expectTerminal(t.getByText('A')).toBePresent();
      await expectTerminal(t).toBeStable({ settleMs: 50 });
      assert.equal(t.screen.rowsText()[0], 'AB', `run ${i}`);
    } finally {
      await t.close();
    }
  }
});

// A settle window starts with the program's first output (as the CLI's --settle counts):
// the blank screen of a program slow to draw is not its settled screen.
test('live: a program that draws after 300 ms settles on what it drew, not on the blank screen', async () => {
  const t = await launch('sh', ['-c', 'sleep 0.3; printf drawn; sleep 5'], { rows: 2, cols: 10, timeoutMs: 10_000 });
  try {
    await expectTerminal(t).toBeStable({ settleMs: 50 });
    assert.equal(t.screen.rowsText()[0], 'drawn');
    await expectTerminal(t.getByText('gone')).toBeAbsent({ settleMs: 50 });
  } finally {
    await t.close();
  }
});

test('live: a program that prints nothing never settles; the timeout says so', async () => {
  const t = await launch('sh', ['-c', 'sleep 5'], { rows: 2, cols: 10, timeoutMs: 10_000 });
  try {
    await assert.rejects(expectTerminal(t).toBeStable({ settleMs: 50, timeoutMs: 400 }), /printed nothing/);
  } finally {
    await t.close();
  }
});
