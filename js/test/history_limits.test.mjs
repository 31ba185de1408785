// The history's bounds (README "Revisions"): with no options a Screen keeps
// at most 1000 revisions, 4 MiB of the output bytes they were made from and
// 64 MiB of decoded rows; maxDecodedBytes sets the last. Each bound is
// reached exactly, then one more revision evicts the oldest ones, and an
// evicted revision throws HistoryEvictedError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from './support.mjs';
import { HistoryEvictedError, Screen, loadEngine } from '../src/index.js';

const MiB = 1024 * 1024;
const out = (data, timeNs) => ({ type: 'output', data, timeNs: BigInt(timeNs) });

for (const name of ENGINES) {
  const make = async (opts) => new Screen(await loadEngine({ engine: name }), opts);

  test(`${name}: default: 1000 revisions are kept, the 1001st evicts the oldest`, async () => {
    const s = await make({ rows: 2, cols: 10 });
    // revision 0 (the blank screen) and 999 more: exactly 1000
    for (let i = 1; i <= 999; i++) s.applyFrame(out(`\r${i}`, i));
    assert.deepEqual([s.revision, s.oldestRevision, s.historyStats().revisions, s.historyStats().evicted],
      [999, 0, 1000, 0]);
    s.applyFrame(out('\rlast', 1000));
    assert.deepEqual([s.revision, s.oldestRevision, s.historyStats().revisions, s.historyStats().evicted],
      [1000, 1, 1000, 1]);
    assert.throws(() => s.revisionAt(0), HistoryEvictedError);
    assert.equal(s.revisionAt(1).text(), '1');
    s.free();
  });

  test(`${name}: default: 4 MiB of output bytes are kept, one byte more evicts`, async () => {
    const s = await make({ rows: 3, cols: 10 });
    const chunk = MiB / 2;
    // eight frames of 512 KiB, each leaving a different screen: exactly 4 MiB
    for (let i = 0; i < 8; i++) s.applyFrame(out(String.fromCharCode(97 + i).repeat(chunk), i + 1));
    let st = s.historyStats();
    assert.deepEqual([st.rawBytes, st.revisions, st.evicted], [4 * MiB, 9, 0]);
    s.applyFrame(out('z', 9));
    st = s.historyStats();
    assert.ok(st.evicted >= 1 && st.rawBytes <= 4 * MiB, JSON.stringify(st));
    // the revisions that made the first 512 KiB are gone; the newest ones are kept
    assert.throws(() => s.revisionAt(1), HistoryEvictedError);
    assert.equal(s.revisionAt(s.revision).rowText(2).at(-1), 'z');
    s.free();
  });

  // Each revision replaces every row of a 200x500 screen (DECALN fill, then a
  // clear), so each one adds the same, large amount of decoded rows.
  const fill = (s, i) => s.applyFrame(out(i % 2 ? '\x1b#8' : '\x1b[2J', i + 1));

  /** Applies whole-screen revisions until the first eviction; returns the steps. */
  function untilEviction(s, limit) {
    fill(s, 1); // the blank start, then a first full screen
    const perRevision = s.historyStats().decodedBytes / s.historyStats().revisions;
    let before = s.historyStats();
    for (let i = 2; i < 1000; i++) {
      fill(s, i);
      const st = s.historyStats();
      if (st.evicted > 0) return { before, after: st, perRevision };
      assert.ok(st.decodedBytes <= limit, JSON.stringify(st));
      before = st;
    }
    throw new Error(`no eviction: ${JSON.stringify(before)}`);
  }

  test(`${name}: default: 64 MiB of decoded rows are kept; the revision past it evicts`, async () => {
    const s = await make({ rows: 200, cols: 500 });
    const { before, after, perRevision } = untilEviction(s, 64 * MiB);
    // reached: the revision that evicted would have taken it past 64 MiB
    assert.ok(before.decodedBytes <= 64 * MiB && before.decodedBytes + perRevision > 64 * MiB,
      JSON.stringify({ before, perRevision }));
    assert.ok(after.decodedBytes <= 64 * MiB, JSON.stringify(after));
    assert.ok(before.revisions < 1000 && before.rawBytes < 4 * MiB, 'the decoded bound, not another, evicted');
    assert.throws(() => s.revisionAt(0), HistoryEvictedError);
    s.free();
  });

  test(`${name}: maxDecodedBytes bounds the decoded rows`, async () => {
    const probe = await make({ rows: 200, cols: 500 });
    fill(probe, 1);
    const perRevision = probe.historyStats().decodedBytes / probe.historyStats().revisions;
    probe.free();
    const limit = Math.floor(perRevision * 5.5);
    const s = await make({ rows: 200, cols: 500, history: { maxDecodedBytes: limit } });
    const { before, after } = untilEviction(s, limit);
    assert.equal(before.revisions, 5);
    assert.ok(after.decodedBytes <= limit && after.revisions === 5, JSON.stringify(after));
    for (let i = 0; i < 20; i++) fill(s, 100 + i);
    const st = s.historyStats();
    assert.ok(st.decodedBytes <= limit && st.revisions === 5, JSON.stringify(st));
    assert.equal(s.oldestRevision, s.revision - 4);
    assert.throws(() => s.revisionAt(s.revision - 5), HistoryEvictedError);
    s.free();
  });
}
