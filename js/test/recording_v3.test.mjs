// asciicast v3 through the core's reader: hand-made files written from the
// published description (https://docs.asciinema.org/manual/asciicast/v3/)
// read as the same frames as the v2 file of the same session, the x event as
// an exit frame whose status surfaces as exitStatus, comments that are not
// events, and malformed files rejected with the native CLI's message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINES, runNative } from './support.mjs';
import { RecordingError, loadEngine, openRecording, readRecording } from '../src/index.js';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-js-v3-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const V2 = [
  '{"version": 2, "width": 12, "height": 3}',
  '[0.248848, "o", "\\u001b[1;31mred\\u001b[0m\\r\\n"]',
  '[1.249224, "i", "SECRET"]',
  '[1.5, "m", "half"]',
  '[4.693733, "r", "20x4"]',
  '[6.235561, "o", "01234567890123456789"]',
].join('\n') + '\n';
const V3 = [
  '{"version": 3, "term": {"cols": 12, "rows": 3, "type": "xterm-256color"}, "title": "t"}',
  '# the same session as V2',
  '[0.248848, "o", "\\u001b[1;31mred\\u001b[0m\\r\\n"]',
  '[1.000376, "i", "SECRET"]',
  '#',
  '[0.250776, "m", "half"]',
  '[3.193733, "r", "20x4"]',
  '[1.541828, "o", "01234567890123456789"]',
  '[0.5, "x", "2"]',
].join('\n') + '\n';

const enc = (s) => new TextEncoder().encode(s);

for (const name of ENGINES) {
  test(`${name}: a v3 file reads as the frames of the same session's v2 file, plus its exit`, async () => {
    const engine = await loadEngine({ engine: name });
    const v2 = readRecording(enc(V2), { engine, name: 'v2.cast' });
    const v3 = readRecording(enc(V3), { engine, name: 'v3.cast' });
    assert.equal(v3.format, 'asciicast');
    assert.deepEqual(v3.header, v2.header);
    assert.deepEqual(v3.markers, v2.markers);
    assert.deepEqual(v3.markerEvents, v2.markerEvents);
    assert.deepEqual(v3.frames.slice(0, -1), v2.frames);
    assert.deepEqual(v3.frames.at(-1), { type: 'exit', timeNs: 6735561000n, exitCode: 2, exitSignal: 0 });
    assert.deepEqual(v3.frameEvents, [...v2.frameEvents, 6]);
    assert.equal(v3.events, 6); // comments are not events
    const [s2, s3] = [v2.replay(), v3.replay()];
    assert.equal(s3.snapshot(), s2.snapshot());
    assert.equal(s2.exitStatus, null);
    assert.deepEqual(s3.exitStatus, { code: 2, signal: 0 });
    s2.free();
    s3.free();
  });

  test(`${name}: the exit surfaces on the replay session, at its event`, async () => {
    const p = path.join(work, 'x.cast');
    writeFileSync(p, V3);
    const before = await openRecording(p, { engine: name, event: 5 });
    assert.equal(before.exitStatus, null);
    const rec = await openRecording(p, { engine: name, event: 6 });
    assert.deepEqual(rec.exitStatus, { code: 2, signal: 0 });
    const native = runNative(['replay', '--exact', p]);
    assert.equal(rec.screen.snapshot() + '\n', native.stdout.toString());
  });

  test(`${name}: malformed v3 files throw RecordingError with the native message`, async () => {
    const hdr = '{"version": 3, "term": {"cols": 8, "rows": 2}}\n';
    const files = {
      'noterm.cast': '{"version": 3, "width": 8, "height": 2}\n',
      'cols.cast': '{"version": 3, "term": {"cols": "8", "rows": 2}}\n',
      'comment1.cast': '# first\n' + hdr,
      'negative.cast': hdr + '[1, "o", "a"]\n[-1, "o", "b"]\n',
      'resize.cast': hdr + '# c\n[0, "r", "8x"]\n',
      'code.cast': hdr + '[0, "q", ""]\n',
      'exit.cast': hdr + '[0, "x", "zero"]\n',
      'version.cast': '{"version": 4, "term": {"cols": 8, "rows": 2}}\n',
    };
    for (const [f, content] of Object.entries(files)) {
      const p = path.join(work, f);
      writeFileSync(p, content);
      const native = runNative(['replay', p]);
      assert.equal(native.status, 2, f);
      await assert.rejects(openRecording(p, { engine: name }), (e) => {
        assert.ok(e instanceof RecordingError, f);
        assert.equal(e.message + '\n', native.stderr.toString(), f);
        return true;
      });
    }
  });
}
