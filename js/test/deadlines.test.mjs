// Every wait ends (issue 10 item 2): waitForExit(), action receipts, close()
// and assertions take a deadline (default: the launch's timeoutMs), and a
// missed one rejects with the screen. Real programs that never exit, never
// read their input, or keep the host busy; each test has an outer node:test
// timeout so a wait without an end fails instead of hanging the run.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { built } from './support.mjs';
import { ends, hostChildren, pidOnScreen } from './processes.mjs';
import { launch, expectTerminal, TerminalTimeoutError, TerminalError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const OUTER = { timeout: 15_000 };
after(() => assert.deepEqual(hostChildren(), [], 'every host was ended'));

/** A program that prints its pid and a word, then sleeps without reading (raw: the
 * PTY's line discipline does not drop what does not fit, so input can fill it). */
const sleeper = (word) => ['sh', ['-c', `stty raw -echo; echo "pid=$$ ${word}"; exec sleep 30`]];

test('waitForExit() rejects at its deadline with the screen', OUTER, async () => {
  const t = await launch(...sleeper('waiting'), { timeoutMs: 20_000 });
  try {
    await expectTerminal(t.getByText('waiting')).toBePresent();
    const t0 = Date.now();
    const err = await t.waitForExit({ timeoutMs: 300 }).then(() => null, (e) => e);
    const took = Date.now() - t0;
    assert.ok(err instanceof TerminalTimeoutError, `a timeout error, got ${err}`);
    assert.ok(err instanceof TerminalError);
    assert.ok(took >= 290 && took < 5000, `rejected after ${took} ms`);
    assert.match(err.message, /^terminal\.waitForExit\(\) timed out after 300 ms/);
    assert.match(err.message, /program: running/);
    assert.match(err.message, /screen at timeout \(revision \d+, 24x80\):\n +0 \| pid=\d+ waiting/);
    assert.equal(err.timeoutMs, 300);
    assert.ok(err.snapshot.rowText(0).includes('waiting'));
  } finally {
    await t.close();
  }
});

test('the default deadline is the launch\'s timeoutMs', OUTER, async () => {
  const t = await launch(...sleeper('default'), { timeoutMs: 400 });
  try {
    const t0 = Date.now();
    await assert.rejects(t.waitForExit(), (e) => e instanceof TerminalTimeoutError && /after 400 ms/.test(e.message));
    assert.ok(Date.now() - t0 >= 390);
  } finally {
    await t.close();
  }
});

test('an action whose input is never read rejects at its deadline; close() then has its own', OUTER, async () => {
  const t = await launch(...sleeper('deaf'), { timeoutMs: 20_000 });
  const pid = await pidOnScreen(t);
  // About 1 MiB: far more than the PTY holds, so the host never finishes writing it
  // and never acknowledges it (nor reads its next command: close below waits too).
  // now: written at once, not after the host's readiness wait (sleep never reads), so
  // the deadline is missed while the host is stuck writing.
  const err = await t.keyboard.type('x'.repeat(1 << 20), { timeoutMs: 300, now: true }).then(() => null, (e) => e);
  assert.ok(err instanceof TerminalTimeoutError, `a timeout error, got ${err}`);
  assert.match(err.message, /^type "x{10}/);
  assert.match(err.message, /timed out after 300 ms: no acknowledgement from the host/);
  assert.match(err.message, /0 \| pid=\d+ deaf/);
  const t0 = Date.now();
  const closeErr = await t.close({ timeoutMs: 500 }).then(() => null, (e) => e);
  assert.ok(closeErr instanceof TerminalTimeoutError, `close timed out, got ${closeErr}`);
  assert.match(closeErr.message, /^terminal\.close\(\) timed out after 500 ms: .*killed/);
  assert.match(closeErr.message, /0 \| pid=\d+ deaf/);
  assert.ok(Date.now() - t0 < 5000);
  // The host was killed: its PTY hung up, which ends the program too.
  assert.ok(await ends(pid), 'the program ended with its host');
  // close() is idempotent: the same outcome again.
  assert.equal(await t.close().then(() => null, (e) => e), closeErr);
});

test('every action takes { timeoutMs }; a prompt ack resolves as before', OUTER, async () => {
  const t = await launch('sh', ['-c', "printf '\\033[?1004h\\033[?1000h\\033[?1006hready'; exec cat"], { timeoutMs: 20_000 });
  try {
    await expectTerminal(t.getByText('ready')).toBePresent(); // the host has seen the modes too
    const o = { timeoutMs: 2000 };
    const receipts = [
      await t.keyboard.type('ab', o), await t.keyboard.press('Enter', o), await t.paste('p', o),
      await t.focus(true, o), await t.mouse.click(0, 0, { ...o }), await t.mouse.wheel(0, 0, 'up', o),
      await t.resize(10, 40, o),
    ];
    for (const r of receipts) assert.equal(typeof r.revision, 'number');
    await assert.rejects(t.keyboard.press('a', { timeoutMs: -1 }), TypeError);
  } finally {
    await t.close({ timeoutMs: 5000 });
  }
});

test('assertions reject at the launch\'s timeoutMs with the screen', OUTER, async () => {
  const t = await launch(...sleeper('here'), { timeoutMs: 300 });
  try {
    await assert.rejects(expectTerminal(t.getByText('never')).toBePresent(),
      (e) => /timed out after 300 ms/.test(e.message) && /0 \| pid=\d+ here/.test(e.message));
  } finally {
    // close's own deadline, not the launch's 300 ms: on a loaded machine ending the
    // program can take longer, and that is not what this test is about
    await t.close({ timeoutMs: 5000 });
  }
});
