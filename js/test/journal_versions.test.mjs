// The JS reader takes both journal versions (js/src/journal.js): version 1 (recordings) and
// version 2 (traces, which may start at a KEYFRAME), and refuses another version or a first
// line that is not a journal's, naming the file as the native CLI does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINES, runNative } from './support.mjs';
import { RecordingError, Screen, loadEngine, openRecording } from '../src/index.js';
import { encodeJournal, journalFrames } from '../src/journal.js';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-journal-versions-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const SIZE = { type: 'resize', timeNs: 1n, rows: 4, cols: 24 };
const SCREEN = '\x1b]2;the title\x07\x1b[1;31mred\x1b[0m and plain\r\n\x1b[4munder\x1b[24m\x1b[?25l';

for (const name of ENGINES) {
  test(`${name}: version 1 and version 2 journals are read; a KEYFRAME rebuilds the screen`, async () => {
    const engine = await loadEngine({ engine: name });
    const output = { type: 'output', timeNs: 2n, data: SCREEN };
    const v1 = path.join(work, `${name}-v1.journal`);
    writeFileSync(v1, encodeJournal(engine.abi, [SIZE, output], { version: 1 }));
    const one = await openRecording(v1, { engine: name });
    assert.deepEqual(one.frames.map((f) => f.type), ['output']);

    // A trace that dropped its start: the size, the drop mark, a keyframe of that screen.
    const source = new Screen(engine, { rows: 4, cols: 24 });
    source.applyFrame(output);
    const keyframe = { type: 'keyframe', timeNs: 3n, rows: 4, cols: 24, data: source.keyframe() };
    const mark = { type: 'mark', timeNs: 3n, data: 'trace: 1 frames (40 bytes) before this were dropped' };
    const v2 = path.join(work, `${name}-v2.journal`);
    writeFileSync(v2, encodeJournal(engine.abi, [SIZE, mark, keyframe]));
    const two = await openRecording(v2, { engine: name });
    assert.deepEqual(two.frames.map((f) => [f.type, f.rows, f.cols]), [['keyframe', 4, 24]]);
    assert.deepEqual(two.markers.map((m) => [m.label, two.markerEvents[0]]), [[mark.data, 1]]);

    for (const [file, rec] of [[v1, one], [v2, two]]) {
      const s = rec.replay();
      assert.equal(s.styledSnapshot(), source.styledSnapshot(), file);
      assert.equal(s.title, 'the title');
      assert.equal(s.snapshot() + '\n', runNative(['replay', '--exact', file]).stdout.toString(), file);
      s.free();
    }
    assert.equal(journalFrames(engine, encodeJournal(engine.abi, [SIZE], { version: 1 })).version, 1);
    assert.equal(journalFrames(engine, encodeJournal(engine.abi, [SIZE])).version, 2);
    source.free();
  });
}

test('version 3 and a first line that is not a journal are refused, naming the file as the native CLI does', async () => {
  const engine = await loadEngine();
  const body = encodeJournal(engine.abi, [SIZE]).subarray('tessera-journal 2\n'.length);
  const cases = {
    'v3.journal': ['tessera-journal 3\n', 'journal version 3 is not supported (this tessera reads versions 1 and 2)'],
    'garbage.journal': ['tessera-jurnal 2\n', 'not a tessera journal (bad first line)'],
    'noline.journal': ['tessera-journal 2', 'not a tessera journal (bad first line)'],
  };
  for (const [file, [line, reason]] of Object.entries(cases)) {
    const p = path.join(work, file);
    writeFileSync(p, Buffer.concat([Buffer.from(line), body]));
    await assert.rejects(openRecording(p), (e) => {
      assert.ok(e instanceof RecordingError, String(e));
      assert.equal(e.message, `${p}:1: ${reason}`);
      assert.equal(e.message + '\n', runNative(['replay', p]).stderr.toString());
      return true;
    });
  }
  assert.throws(() => encodeJournal(engine.abi, [SIZE], { version: 3 }), /journal version 3: this tessera writes versions 1 and 2/);
});
