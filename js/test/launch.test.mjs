// launch() and Terminal against real programs through `tessera host` (issue
// 5 items 1, 2, 5 and 6). Deadlines are generous (20 s) and only bound a
// hang; nothing sleeps to synchronise; every terminal is closed in finally
// and the tests check that no process is left.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { built } from './support.mjs';
import { loadEngine } from '../src/engine.js';
import { FrameDecoder, encodeFrames } from '../src/frames.js';
import { launch, expectTerminal, TerminalAssertionError, TerminalError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const T = { timeoutMs: 20_000 };

/** Whether a process exists and is not a zombie. */
function alive(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try { return readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z'; } catch { return false; }
}

/** Processes whose parent is this test process (hosts not yet reaped). */
function children() {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try { return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === process.pid; } catch { return false; }
  });
}
after(() => assert.deepEqual(children(), [], 'every host was ended'));

const rowsOf = (t) => t.screen.lines.map((l) => l.text);

test('FrameDecoder: frames cut anywhere come out whole and in order; a bad header is an error', async () => {
  const { abi } = await loadEngine();
  const stream = encodeFrames(abi, [{ type: 'output', timeNs: 5n, data: 'hi' },
    { type: 'resize', timeNs: 6n, rows: 10, cols: 30 }, { type: 'input-ack', timeNs: 7n, actionId: 77n },
    { type: 'output', timeNs: 8n, data: new Uint8Array(0) }, { type: 'exit', timeNs: 9n, exitCode: -1, exitSignal: 9 }]);
  for (const step of [1, 3, 16, 17, stream.length]) {
    const d = new FrameDecoder(abi, 'tessera host');
    const out = [];
    for (let i = 0; i < stream.length; i += step) out.push(...d.push(stream.subarray(i, i + step)));
    assert.equal(d.pending, 0);
    assert.deepEqual(out, [
      { type: 'output', timeNs: 5n, data: new Uint8Array([104, 105]) },
      { type: 'resize', timeNs: 6n, rows: 10, cols: 30 },
      { type: 'input-ack', timeNs: 7n, actionId: 77n },
      { type: 'output', timeNs: 8n, data: new Uint8Array(0) },
      { type: 'exit', timeNs: 9n, exitCode: -1, exitSignal: 9 },
    ], `chunks of ${step}`);
  }
  const bad = encodeFrames(abi, [{ type: 'output', timeNs: 1n, data: 'x' }]); bad[1] = 2; // the version byte
  assert.throws(() => new FrameDecoder(abi, 'tessera host').push(bad), /malformed frame header at byte 0 \(type 1, version 2/);
});

test('launch: size, env, cwd, title; typed input and Enter resolve with ordered receipts', async () => {
  const t = await launch('sh', ['-c', 'printf "\\033]0;my title\\007$FOO in $(pwd)\\n"; read line; echo "got:$line"; read x'],
    { rows: 6, cols: 40, env: { FOO: 'foo-value' }, cwd: '/tmp', ...T });
  try {
    await expectTerminal(t.getByText('foo-value in /tmp')).toBePresent();
    assert.equal(t.title, 'my title');
    assert.deepEqual([t.screen.rows, t.screen.cols], [6, 40]);
    const typed = await t.keyboard.type('hello');
    const enter = await t.keyboard.press('Enter');
    assert.ok(enter.id > typed.id && enter.revision >= typed.revision);
    assert.equal(t.lastAction, enter);
    await expectTerminal(t.getByText('got:hello')).toBePresent();
    await expectTerminal(t).toHaveShownText('got:hello', { since: enter });
    assert.ok(t.engineScreen.revision >= 2);
  } finally {
    await t.close();
  }
});

test('the engine drops its replies: the host answers a cursor position query once', async () => {
  // The program asks for the cursor position and reads the reply; then it asks
  // for the device attributes (DA1) and reads everything up to that reply's
  // final "c". The host writes replies in the order it parses the queries, and
  // DA1 is only sent after the first reply was read, so a duplicate answer to
  // the cursor position query would sit in front of the DA1 reply and be
  // printed in "next:". No time window decides anything.
  const script = 'stty -icanon -echo; e=$\'\\033\'; printf "\\033[3;5Hq\\033[6n"; IFS= read -r -d R r; ' +
    'printf "\\033[c"; IFS= read -r -d c next; printf "\\r\\nreply:%s|next:%s|" "${r//$e/^}" "${next//$e/^}"; read x';
  const t = await launch('bash', ['-c', script], { rows: 6, cols: 40, ...T });
  try {
    await expectTerminal(t.getByText('next:')).toBePresent();
    assert.match(rowsOf(t)[3], /^reply:\^\[3;6\|next:\^\[\?64;1;6;21;22;28\|$/);
  } finally {
    await t.close();
  }
});

test('mouse, paste and focus are encoded from the program\'s modes', async () => {
  const t = await launch('sh', ['-c', 'stty raw -echo; printf "\\033[?1000h\\033[?1006h\\033[?2004h\\033[?1004hready\\r\\n"; exec cat -v'],
    { rows: 5, cols: 100, ...T });
  try {
    await expectTerminal(t.getByText('ready')).toBePresent();
    const receipts = [await t.mouse.click(2, 5), await t.paste('hi'), await t.focus(true),
      await t.mouse.wheel(0, 0, 'up'), await t.mouse.down(1, 1, { button: 'right' }), await t.mouse.up(1, 1, { button: 'right' })];
    assert.deepEqual(receipts.map((r) => r.id), [...receipts.keys()].map((i) => receipts[0].id + i));
    const want = '^[[<0;6;3M^[[<0;6;3m^[[200~hi^[[201~^[[I^[[<64;1;1M^[[<2;2;2M^[[<2;2;2m';
    await expectTerminal(t.getByText(want)).toBePresent();
  } finally {
    await t.close();
  }
});

test('resize: the receipt comes after the RESIZE frame; the program sees the new size', async () => {
  const t = await launch('sh', ['-c', 'printf "ready\\n"; while read x; do stty size; done'], { rows: 5, cols: 30, ...T });
  try {
    await expectTerminal(t.getByText('ready')).toBePresent();
    const r = await t.resize(8, 44);
    assert.deepEqual([t.screen.rows, t.screen.cols], [8, 44]);
    assert.equal(r.revision, t.engineScreen.revision);
    assert.equal(t.engineScreen.revisionAt(r.revision).cols, 44);
    await t.keyboard.press('Enter');
    await expectTerminal(t.getByText('8 44')).toBePresent();
  } finally {
    await t.close();
  }
});

test('host errors reject the action they belong to; the terminal keeps working', async () => {
  const t = await launch('sh', ['-c', 'printf "ready\\n"; read x; echo "after:$x"; read y'], { rows: 5, cols: 40, ...T });
  try {
    await expectTerminal(t.getByText('ready')).toBePresent();
    const err = await t.keyboard.press('nosuchkey').catch((e) => e);
    assert.ok(err instanceof TerminalError);
    assert.match(err.message, /press "nosuchkey": tessera host: input \d+: 'nosuchkey': unknown key/);
    await t.keyboard.type('ok');
    await t.keyboard.press('Enter');
    await expectTerminal(t.getByText('after:ok')).toBePresent();
  } finally {
    await t.close();
  }
});

test('a program that cannot start rejects launch() with the host\'s reason', async () => {
  await assert.rejects(launch('/nonexistent/program', [], T), (e) => e instanceof TerminalError &&
    /could not start: \/nonexistent\/program: No such file or directory/.test(e.message));
});

test('exit during an assertion: the final screen is evaluated; a failure reports the status and drain state', async () => {
  const t = await launch('sh', ['-c', 'printf "started\\n"; read x; printf "partial output"; exit 3'], { rows: 4, cols: 40, ...T });
  try {
    await expectTerminal(t.getByText('started')).toBePresent();
    await t.keyboard.press('Enter');
    const err = await expectTerminal(t.getByText('Complete')).toBePresent().catch((e) => e);
    assert.ok(err instanceof TerminalAssertionError, String(err));
    assert.match(err.message, /the program ended and its final screen does not meet the condition/);
    assert.match(err.message, /program: exited with code 3; output drained: EXIT frame received/);
    assert.match(err.message, / 2 \| partial output/);
    assert.deepEqual(err.exitStatus, { code: 3, signal: 0 });
    assert.deepEqual(await t.waitForExit(), { code: 3, signal: 0 });
    assert.deepEqual(t.exitStatus, { code: 3, signal: 0 });
    // what was drained is there to assert on
    await expectTerminal(t.getByText('partial output')).toBeStable({ settleMs: 60_000 });
    await assert.rejects(t.keyboard.press('a'), TerminalError);
  } finally {
    await t.close();
  }
});

test('no polling: toSatisfy evaluates once per revision and wakes only on revisions and its timers', async () => {
  // Three paints, each after the test's key press, then quiet.
  const t = await launch('sh', ['-c', 'printf "step 0\\n"; read a; printf "step 1\\n"; read b; printf "step 2\\n"; read c'],
    { rows: 6, cols: 30, ...T });
  try {
    await expectTerminal(t.getByText('step 0')).toBePresent();
    const start = t.revision;
    let evaluations = 0;
    const done = expectTerminal(t).toSatisfy((s) => { evaluations++; return s.text().includes('step 2'); },
      { settleMs: 200 });
    await t.keyboard.press('Enter');
    await expectTerminal(t.getByText('step 1')).toBePresent();
    await t.keyboard.press('Enter');
    const st = await done;
    const revisions = t.revision - start;
    assert.ok(revisions >= 2, `${revisions} revisions`);
    assert.equal(st.evaluations, evaluations);
    assert.ok(evaluations <= revisions + 1, `${evaluations} evaluations for ${revisions} revisions`);
    // each wake-up is a revision, the one settle timer, or (never reached here) the deadline
    assert.ok(st.wakeups <= revisions + 2, `${st.wakeups} wake-ups for ${revisions} revisions`);
  } finally {
    await t.close();
  }
});

test('close() is idempotent and ends the process group, background children included', async () => {
  const t = await launch('sh', ['-c', 'sleep 1000 & printf "pids %s %s\\n" $$ $!; read x'], { rows: 4, cols: 40, ...T });
  let pids;
  try {
    await expectTerminal(t.getByText('pids')).toBePresent();
    pids = rowsOf(t)[0].split(' ').slice(1).map(Number);
    assert.ok(pids.every((p) => p > 0 && alive(p)));
  } finally {
    await Promise.all([t.close(), t.close()]);
    await t.close();
  }
  assert.equal(alive(t.proc.pid), false, 'the host');
  for (const p of pids) assert.equal(alive(p), false, `pid ${p}`);
  await assert.rejects(t.keyboard.press('a'), TerminalError);
  // the host sent the EXIT frame on close: the shell was ended by a signal
  assert.equal(t.exitStatus?.code, -1, JSON.stringify(t.exitStatus));
  assert.ok(t.exitStatus.signal > 0);
});
