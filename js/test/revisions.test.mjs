// Frames, revisions and the bounded history through the JS API: what makes
// a revision and what does not, snapshots that stay as they were, and
// HistoryEvictedError for a baseline the history no longer holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from './support.mjs';
import { STATUS } from '../src/abi.generated.js';
import { HistoryEvictedError, Screen, TesseraError, loadEngine } from '../src/index.js';

const ESC = '\x1b';

for (const name of ENGINES) {
  const make = async (opts) => new Screen(await loadEngine({ engine: name }), opts);
  const out = (data, timeNs) => ({ type: 'output', data, timeNs });

  test(`${name}: a snapshot keeps the modes and title its revision had`, async () => {
    const s = await make({ rows: 3, cols: 10 });
    s.applyFrame(out(`${ESC}]2;first${ESC}\\${ESC}[?2004h${ESC}[?1006h${ESC}[?1002hA`, 10n));
    const r1 = s.revisionAt(s.revision);
    s.applyFrame(out(`${ESC}]2;second${ESC}\\${ESC}[?2004l${ESC}[?1002lB`, 20n));
    const r2 = s.revisionAt(s.revision);
    assert.equal(r1.title, 'first');
    assert.equal(r1.modes.bracketed_paste, true);
    assert.equal(r1.modes.mouse_tracking, 'button');
    assert.equal(r1.modes.mouse_encoding, 'sgr');
    assert.equal(r2.title, 'second');
    assert.equal(r2.modes.bracketed_paste, false);
    assert.equal(r2.modes.mouse_tracking, 'off');
    assert.ok(Object.isFrozen(r1.modes));
    s.free();
  });

  test(`${name}: a visual change makes one revision stamped with the frame's time`, async () => {
    const s = await make({ rows: 3, cols: 10 });
    assert.equal(s.revision, 0);
    assert.equal(s.oldestRevision, 0);
    assert.equal(s.revisionAt(0).text(), '');
    assert.deepEqual(s.applyFrame(out('hello', 1500n)), { revision: 1, made: true });
    const r1 = s.revisionAt(1);
    assert.equal(r1.seq, 1);
    assert.equal(r1.timeNs, 1500n);
    assert.deepEqual(r1.lines.map((l) => l.text), ['hello', '', '']);
    assert.deepEqual([r1.rows, r1.cols], [3, 10]);
    assert.deepEqual([r1.cursor.row, r1.cursor.col], [0, 5]);
    // one frame with many changes is still one revision
    assert.deepEqual(s.applyFrame(out('\r\nab\r\ncd', 2000n)), { revision: 2, made: true });
    s.free();
  });

  test(`${name}: bytes that change nothing visible make no revision`, async () => {
    const s = await make({ rows: 3, cols: 10 });
    s.applyFrame(out('hello', 1n));
    const none = [
      out('\rhello', 2n), // identical redraw (cursor ends where it was)
      out(`${ESC}]2;a title${ESC}\\`, 3n),
      out('\x07', 4n),
      out(`${ESC}]52;c;aGk=${ESC}\\`, 5n),
      { type: 'input', data: 'typed', timeNs: 6n },
      { type: 'input-ack', actionId: 7, timeNs: 7n },
    ];
    for (const f of none) assert.deepEqual(s.applyFrame(f), { revision: 1, made: false }, `${f.type} ${f.data}`);
    assert.equal(s.title, 'a title');
    // each of these changes the visual identity
    assert.equal(s.applyFrame(out(`${ESC}[H`, 8n)).made, true, 'cursor position');
    assert.equal(s.applyFrame(out(`${ESC}[?25l`, 9n)).made, true, 'cursor visibility');
    assert.equal(s.applyFrame(out(`${ESC}[4 q`, 10n)).made, true, 'cursor shape');
    assert.equal(s.applyFrame(out(`${ESC}[1m${ESC}[Hh`, 11n)).made, true, 'a style');
    assert.equal(s.applyFrame(out(`${ESC}[?1049h`, 12n)).made, true, 'the active buffer');
    assert.equal(s.applyFrame({ type: 'resize', rows: 4, cols: 10, timeNs: 13n }).made, true, 'the size');
    assert.equal(s.revision, 7);
    assert.equal(s.revisionAt(7).rows, 4);
    assert.equal(s.revisionAt(6).altScreen, true);
    s.applyFrame({ type: 'exit', exitCode: 3, timeNs: 14n });
    assert.deepEqual(s.exitStatus, { code: 3, signal: 0 });
    s.free();
  });

  test(`${name}: snapshots are immutable and keep what the screen showed`, async () => {
    const s = await make({ rows: 2, cols: 10 });
    s.applyFrame(out('Saving', 1n));
    const saving = s.revisionAt(1);
    s.applyFrame(out(`${ESC}[2J${ESC}[HDone`, 2n));
    assert.equal(saving.text(), 'Saving');
    assert.equal(saving.snapshot(), 'Saving    \n          ');
    assert.equal(saving.styledSnapshot(), '{}Saving\n');
    assert.deepEqual(saving.find('Saving'), { row: 0, col: 0 });
    assert.equal(saving.cell(0, 0).text, 'S');
    assert.equal(s.revisionAt(2).text(), 'Done');
    assert.ok(Object.isFrozen(saving) && Object.isFrozen(saving.lines) && Object.isFrozen(saving.lines[0]));
    assert.throws(() => { saving.lines[0].text = 'x'; }, TypeError);
    assert.throws(() => { saving.seq = 9; }, TypeError);
    // transient states are found in the history, as toHaveShown needs
    const shown = s.revisionsSince(0).filter((r) => r.lines.some((l) => l.text.includes('Saving')));
    assert.deepEqual(shown.map((r) => r.seq), [1]);
    s.free();
  });

  test(`${name}: evicted revisions throw HistoryEvictedError, never a shorter range`, async () => {
    const s = await make({ rows: 2, cols: 10, history: { maxRevisions: 3 } });
    const early = (s.applyFrame(out('a', 1n)), s.revisionAt(1));
    for (let i = 0; i < 5; i++) s.applyFrame(out(String(i), BigInt(2 + i)));
    assert.equal(s.revision, 6);
    assert.equal(s.oldestRevision, 4);
    assert.throws(() => s.revisionAt(1), HistoryEvictedError);
    assert.throws(() => s.revisionsSince(2), (e) => e instanceof HistoryEvictedError && e instanceof TesseraError);
    assert.deepEqual(s.revisionsSince(4).map((r) => r.text()), ['a012', 'a0123', 'a01234']);
    // what was read stays; what needs the core again reports the eviction
    assert.equal(early.text(), 'a');
    assert.throws(() => early.findAll('a'), HistoryEvictedError);
    assert.throws(() => s.revisionAt(7), (e) => e.status === STATUS.RANGE && !(e instanceof HistoryEvictedError));
    const st = s.historyStats();
    assert.equal(st.revisions, 3);
    assert.equal(st.evicted, 4);
    assert.ok(st.decodedBytes > 0 && st.decodedBytes <= st.fullCopyBytes);
    s.free();
  });

  test(`${name}: unchanged rows are shared between revisions`, async () => {
    const s = await make({ rows: 24, cols: 80 });
    for (let i = 0; i < 200; i++) s.applyFrame(out(`${ESC}[24;1Hline ${i}`, BigInt(i)));
    const st = s.historyStats();
    assert.equal(st.revisions, 201);
    assert.ok(st.decodedBytes * 5 < st.fullCopyBytes, JSON.stringify(st));
    s.free();
  });
}
