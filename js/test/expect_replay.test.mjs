// expectTerminal over recordings on virtual time (issue 5 items 3, 4, 5, 6
// and 7): every assertion's semantics, checked deterministically. Frames
// are applied as the assertions wait and the clock jumps to recorded
// times, so nothing here waits in real time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AssertionError } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import './support.mjs';
import {
  openReplay, expectTerminal, TerminalAssertionError, HistoryEvictedError, ReplayTerminal,
} from '../src/index.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-expect-'));
let n = 0;
/** Writes an asciicast v2 file of rows x cols with [seconds, 'o'|'i', text] events. */
function cast(rows, cols, events) {
  const file = path.join(dir, `c${n++}.cast`);
  writeFileSync(file, [JSON.stringify({ version: 2, width: cols, height: rows }),
    ...events.map((e) => JSON.stringify(e))].join('\n') + '\n');
  return file;
}
const ms = (ns) => Number(ns / 1_000_000n);
// idle, then (after the typed Enter) saving and complete 10 ms apart, then nothing for 2 s
const SAVE = [[0.5, 'o', 'idle'], [1.0, 'i', '\r'], [1.01, 'o', '\rsaving  '], [1.02, 'o', '\rcomplete'],
  [3.0, 'o', '\r\n']];

test('toBePresent: waits on virtual time for the first unique match, and is immediate when present', async () => {
  const r = await openReplay(cast(3, 20, SAVE));
  assert.ok(r instanceof ReplayTerminal);
  const st = await expectTerminal(r.getByText('idle')).toBePresent();
  assert.equal(ms(r.nowNs()), 500);
  assert.equal(st.revision, 1);
  const again = await expectTerminal(r.getByText('idle')).toBePresent();
  assert.deepEqual([again.wakeups, ms(r.nowNs())], [0, 500]);
  assert.equal(r.screen.lines[0].text, 'idle');
});

test('toBePresent: zero matches until the deadline fail with the locator, timeout and numbered screen', async () => {
  const r = await openReplay(cast(3, 20, [[0, 'o', 'one\r\ntwo'], [9, 'o', 'x']]));
  const err = await expectTerminal(r.getByText('Ready')).toBePresent({ timeoutMs: 250 }).catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError && err instanceof AssertionError);
  assert.match(err.message, /getByText\("Ready"\)\)\.toBePresent\(\) failed: timed out after 250 ms/);
  assert.match(err.message, /timeout: 250 ms/);
  assert.match(err.message, / 0 \| one\n {2}1 \| two\n {2}\(rows 2\.\.2 blank\)/);
  assert.equal(ms(r.nowNs()), 250); // the deadline, on the virtual clock
});

test('strict: more than one match fails at once listing the candidates; nth and region pick one', async () => {
  const r = await openReplay(cast(3, 30, [[0, 'o', 'Open  Open\r\n   Open'], [5, 'o', '!']]));
  const err = await expectTerminal(r.getByText('Open')).toBePresent().catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.match(err.message, /3 matches; a strict locator needs exactly one/);
  assert.match(err.message, /candidates: row 0, columns 0\.\.3; row 0, columns 6\.\.9; row 1, columns 3\.\.6/);
  assert.deepEqual(err.candidates, [{ row: 0, column: 0, width: 4 }, { row: 0, column: 6, width: 4 },
    { row: 1, column: 3, width: 4 }]);
  assert.equal(ms(r.nowNs()), 0); // failed at once, no waiting
  assert.deepEqual(r.getByText('Open').nth(1).resolve().match, { row: 0, column: 6, width: 4 });
  assert.deepEqual(r.getByText('Open').region({ row: 1, column: 0, width: 30, height: 1 }).resolve().match,
    { row: 1, column: 3, width: 4 });
  await expectTerminal(r.getByText('Open').nth(2)).toBePresent();
  await expectTerminal(r.getByText('Open').region({ column: 4, row: 0, width: 10, height: 1 })).toBePresent();
  await expectTerminal(r.getByText('Open  Open', { exact: true })).toBePresent();
  const exact = await expectTerminal(r.getByText('Open', { exact: true })).toBePresent({ timeoutMs: 100 }).catch((e) => e);
  assert.ok(exact instanceof TerminalAssertionError);
});

test('toBeStable: the settle clock starts at the last visual change, so a settled screen completes at once', async () => {
  const r = await openReplay(cast(3, 20, SAVE));
  r.advanceTo(2000); // complete was painted at 1020 ms
  const st = await expectTerminal(r.getByText('complete')).toBeStable({ settleMs: 100 });
  assert.deepEqual([st.wakeups, ms(r.nowNs())], [0, 2000]);
});

test('toBeStable: waits settleMs after the newest change, restarting on every change', async () => {
  const r = await openReplay(cast(3, 20, [[0, 'o', 'Saved 1'], [0.05, 'o', '\rSaved 2'], [0.12, 'o', '\rSaved 3'],
    [2, 'o', '\r\nend']]));
  const st = await expectTerminal(r.getByText('Saved')).toBeStable({ settleMs: 100 });
  assert.equal(ms(r.nowNs()), 220); // 120 ms (the last change) + 100 ms
  assert.equal(st.revision, 3);
  assert.equal(r.screen.lines[0].text, 'Saved 3');
});

test('toBeStable: a screen that never settles times out saying so', async () => {
  const events = [];
  for (let i = 0; i < 50; i++) events.push([i * 0.05, 'o', `\rtick ${i}`]);
  const r = await openReplay(cast(3, 20, events));
  const err = await expectTerminal(r.getByText('tick')).toBeStable({ settleMs: 100, timeoutMs: 1000 }).catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.match(err.message, /the condition held but the screen did not stay unchanged for 100 ms/);
});

test('toBeAbsent: completes once gone for settleMs; reappearance restarts the window', async () => {
  const r = await openReplay(cast(3, 20, [[0, 'o', 'Loading'], [0.1, 'o', '\r\x1b[K'], [0.15, 'o', 'Loading'],
    [0.2, 'o', '\r\x1b[Kx'], [0.25, 'o', 'y'], [5, 'o', 'z']]));
  await expectTerminal(r.getByText('Loading')).toBePresent();
  const st = await expectTerminal(r.getByText('Loading')).toBeAbsent({ settleMs: 100 });
  // gone at 100, back at 150, gone again at 200: absent (through the change at 250) from 200 to 300
  assert.equal(ms(r.nowNs()), 300);
  assert.equal(st.revision, 5);
});

test('toBeAbsent: already absent for longer than settleMs completes at once', async () => {
  const r = await openReplay(cast(3, 20, [[0, 'o', 'Loading'], [0.1, 'o', '\r\x1b[KDone'], [9, 'o', '.']]));
  r.advanceTo(1000);
  const st = await expectTerminal(r.getByText('Loading')).toBeAbsent({ settleMs: 100 });
  assert.deepEqual([st.wakeups, ms(r.nowNs())], [0, 1000]);
  const err = await expectTerminal(r.getByText('Done')).toBeAbsent({ timeoutMs: 500 }).catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.match(err.message, /toBeAbsent\(\) failed: timed out after 500 ms/);
});

test('toSatisfy: immutable snapshots, must hold through settlement; evaluations bounded by revisions (no polling)', async () => {
  const events = [[0, 'o', 'Status: running\r\nItems: 0']];
  for (let i = 1; i <= 12; i++) events.push([i * 0.01, 'o', `\x1b[2;8H${i}`]);
  events.push([0.2, 'o', '\x1b[1;9Hcomplete']);
  events.push([0.25, 'o', '\x1b[2;8H13']); // breaks it again
  events.push([0.3, 'o', '\x1b[2;8H12\x1b[K']); // and back
  events.push([5, 'o', '\x1b[3;1Hdone']);
  const r = await openReplay(cast(3, 30, events));
  let evaluations = 0;
  const seen = [];
  const st = await expectTerminal(r).toSatisfy((snap) => {
    evaluations++;
    assert.ok(Object.isFrozen(snap) && Object.isFrozen(snap.lines));
    seen.push(snap);
    const text = snap.lines.map((l) => l.text).join('\n');
    return text.includes('Status: complete') && text.includes('Items: 12');
  }, { settleMs: 100 });
  assert.equal(ms(r.nowNs()), 400); // 300 (the last change) + 100; the 250 revision broke it
  assert.equal(r.revision, 16);
  // one evaluation per revision, none per timer: at most revisions + 1
  assert.ok(evaluations <= r.revision + 1, `${evaluations} evaluations for ${r.revision} revisions`);
  assert.equal(st.evaluations, evaluations);
  assert.equal(seen[0].seq, 0); // the blank start
  assert.equal(seen[1].lines[0].text, 'Status: running'); // an old snapshot never changes
});

test('toHaveShownText and toHaveShown: transient states after the action, with since or the latest action', async () => {
  const r = await openReplay(cast(3, 20, SAVE));
  await expectTerminal(r.getByText('idle')).toBePresent();
  await expectTerminal(r.getByText('complete')).toBePresent();
  const action = r.lastAction; // the typed Enter at 1.0 s
  assert.equal(action.revision, 1);
  const st = await expectTerminal(r).toHaveShownText('saving', { since: action });
  assert.equal(st.revision, 2);
  await expectTerminal(r).toHaveShownText('saving'); // the most recent action
  await expectTerminal(r).toHaveShown((s) => s.lines.some((l) => l.text.includes('saving')), { since: 1 });
  const err = await expectTerminal(r).toHaveShownText('idle', { since: action, timeoutMs: 100 }).catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError); // idle is from before the action
  assert.match(err.message, /no revision 2\.\.3 matched/);
});

test('toHaveShown: a baseline older than the kept history throws HistoryEvictedError', async () => {
  const events = [];
  for (let i = 0; i < 20; i++) events.push([i * 0.01, 'o', `\rline ${i}`]);
  events.push([9, 'o', '.']);
  const r = await openReplay(cast(3, 20, events), { history: { maxRevisions: 5 } });
  r.advanceTo(500);
  assert.ok(r.engineScreen.oldestRevision > 1);
  await assert.rejects(expectTerminal(r).toHaveShownText('line 0', { since: 1 }), HistoryEvictedError);
  await assert.rejects(expectTerminal(r).toHaveShownText('line 0'), HistoryEvictedError); // baseline 0
  const kept = r.engineScreen.oldestRevision;
  await expectTerminal(r).toHaveShownText('line 19', { since: kept });
});

test('the end of a recording: the final snapshot is evaluated; unmet conditions say how it ended', async () => {
  const r = await openReplay(cast(3, 20, [[0, 'o', 'bye']]));
  const err = await expectTerminal(r.getByText('never')).toBePresent({ timeoutMs: 60_000 }).catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.match(err.message, /the program ended and its final screen does not meet the condition/);
  assert.match(err.message, /program: no exit status; recording ended: every frame applied/);
  await expectTerminal(r.getByText('bye')).toBeStable({ settleMs: 10_000 }); // the final screen is settled
});

test('a replay never waits in real time', async () => {
  const r = await openReplay(cast(3, 20, [[0, 'o', 'a'], [3600, 'o', '\rb'], [7200, 'o', '\rc']]));
  const t0 = process.hrtime.bigint();
  await expectTerminal(r.getByText('c')).toBePresent({ timeoutMs: 10_000_000 });
  await expectTerminal(r.getByText('c')).toBeStable({ settleMs: 60_000 });
  assert.equal(ms(r.nowNs()), 7_200_000);
  // an hour-long recording replayed; a real wait would take hours, not this
  assert.ok(process.hrtime.bigint() - t0 < 60_000_000_000n);
});

test('misuse is a TypeError', async () => {
  const r = await openReplay(cast(3, 20, SAVE));
  assert.throws(() => expectTerminal({}), TypeError);
  assert.throws(() => expectTerminal(r).toBePresent(), TypeError);
  assert.throws(() => r.getByText(''), TypeError);
  assert.throws(() => r.getByText('x').nth(-1), TypeError);
  await assert.rejects(expectTerminal(r.getByText('x')).toHaveShownText('x'), TypeError);
});

test('toSatisfy fails: never true by the deadline, true but never settled, false on the final screen, a throwing predicate', async () => {
  // a counter that changes every 50 ms for 1 s, then a last screen at 2 s
  const events = [];
  for (let i = 0; i < 20; i++) events.push([i * 0.05, 'o', `\rtick ${i} `]);
  events.push([2, 'o', '\r\nend']);
  const r = await openReplay(cast(3, 20, events));
  let err = await expectTerminal(r).toSatisfy((s) => s.text().includes('never'), { timeoutMs: 300, settleMs: 10 })
    .catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError && err instanceof AssertionError);
  assert.equal(err.assertion, 'toSatisfy');
  assert.match(err.message, /toSatisfy\(\) failed: timed out after 300 ms\n {2}expected: the predicate to hold on a screen unchanged for 10 ms/);
  assert.equal(ms(r.nowNs()), 300);
  // holds on every tick, but the ticks come every 50 ms: never unchanged for 100 ms before 600 ms
  err = await expectTerminal(r).toSatisfy((s) => s.text().includes('tick'), { timeoutMs: 300, settleMs: 100 })
    .catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.match(err.message, /timed out after 300 ms: the condition held but the screen did not stay unchanged for 100 ms/);
  assert.equal(ms(r.nowNs()), 600);
  // the recording ends with the condition false: fails at once, with the final screen
  err = await expectTerminal(r).toSatisfy((s) => s.text().includes('tick 3 '), { timeoutMs: 60_000 }).catch((e) => e);
  assert.match(err.message, /the program ended and its final screen does not meet the condition/);
  assert.match(err.message, /program: no exit status; recording ended: every frame applied/);
  assert.match(err.message, / 1 \| end/);
  assert.equal(err.snapshot.seq, r.revision);
  // the predicate's own failure is the assertion's failure
  const boom = new Error('predicate failed');
  await assert.rejects(expectTerminal(r).toSatisfy(() => { throw boom; }), (e) => e === boom);
});

test('toHaveShown fails: no revision since the baseline matched (deadline, end of the program), a throwing predicate', async () => {
  const r = await openReplay(cast(3, 20, SAVE));
  await expectTerminal(r.getByText('complete')).toBePresent();
  const action = r.lastAction;
  let err = await expectTerminal(r).toHaveShown((s) => s.text().includes('idle'), { since: action, timeoutMs: 500 })
    .catch((e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.equal(err.assertion, 'toHaveShown');
  assert.match(err.message, /toHaveShown\(\) failed: timed out after 500 ms; no revision 2\.\.3 matched\n {2}expected: some revision after the baseline to satisfy the predicate/);
  // the recording runs out (the newline at 3 s is revision 4) and nothing matched
  err = await expectTerminal(r).toHaveShown((s) => s.text().includes('error'), { since: action, timeoutMs: 60_000 })
    .catch((e) => e);
  assert.match(err.message, /toHaveShown\(\) failed: the program ended; no revision 2\.\.4 matched/);
  assert.equal(r.ended, true);
  const boom = new Error('predicate failed');
  await assert.rejects(expectTerminal(r).toHaveShown(() => { throw boom; }, { since: 0 }), (e) => e === boom);
  // a predicate true only before the baseline is not shown after it
  err = await expectTerminal(r).toHaveShown((s) => s.text().includes('idle'), { since: action }).catch((e) => e);
  assert.match(err.message, /the program ended; no revision 2\.\.4 matched/);
});
