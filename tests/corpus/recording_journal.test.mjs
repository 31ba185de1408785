// The runner's journals are decoded by the core (corpus/runner/recording.mjs through the JS
// package): a version-2 trace that starts at a KEYFRAME is read as a reset, its size and the
// screen's bytes, whose replay on a fresh terminal is the screen the keyframe was made from;
// feeds are views of the file's bytes, not copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, Screen, encodeJournal } from '../../js/src/core.js';
import { readEvents, readJournal } from '../../corpus/runner/recording.mjs';

const SIZE = { type: 'resize', timeNs: 1_000_000_000n, rows: 5, cols: 30 };
const SCREEN = '\x1b[2J\x1b[H\x1b[1;33mtitle bar\x1b[0m\r\n\x1b[7mselected\x1b[27m row\r\n\x1b[3;5Hcursor here';

// Replays runner actions on a fresh tessera screen, as a backend would.
function play(engine, actions, { rows, cols }) {
  const s = new Screen(engine, { rows, cols });
  for (const a of actions) {
    if (a.reset) s.reset();
    else if (a.resize) s.applyFrame({ type: 'resize', ...a.resize });
    else s.applyFrame({ type: 'output', data: a.feed });
  }
  return s;
}

test('a version-2 journal with a KEYFRAME is read by the corpus runner and replays to its screen', async () => {
  const engine = await loadEngine();
  const source = new Screen(engine, { rows: 5, cols: 30 });
  source.applyFrame({ type: 'output', data: 'lines that the trace dropped\r\n'.repeat(9) + SCREEN });
  const keyframe = { type: 'keyframe', timeNs: 2_000_000_000n, rows: 5, cols: 30, data: source.keyframe() };
  const mark = { type: 'mark', timeNs: 2_000_000_000n, data: 'trace: 2 frames (300 bytes) before this were dropped' };
  const after = { type: 'output', timeNs: 2_500_000_000n, data: ' and after' };
  const bytes = Buffer.from(encodeJournal(engine, [SIZE, mark, keyframe, after]));

  const rec = readEvents(bytes);
  assert.equal(rec.format, 'journal');
  assert.deepEqual(rec.size, { rows: 5, cols: 30 });
  // the mark is event 0 and shows nothing; the keyframe, event 1, is a reset, its size and its bytes
  assert.deepEqual(rec.events.map((e) => [e.index, e.time, e.reset ? 'reset' : e.resize ? 'resize' : 'feed']),
    [[1, 1, 'reset'], [1, 1, 'resize'], [1, 1, 'feed'], [2, 1.5, 'feed']]);
  for (const e of rec.events.filter((x) => x.feed)) assert.equal(e.feed.buffer, bytes.buffer, 'a feed is a view of the file');

  source.applyFrame(after);
  const replayed = play(engine, readJournal(bytes), { rows: 1, cols: 1 });
  assert.equal(replayed.styledSnapshot(), source.styledSnapshot());
  assert.deepEqual(replayed.cursor(), source.cursor());
  replayed.free();
  source.free();
});
