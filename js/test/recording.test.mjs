// openRecording: asciicast v2 files as frames (one output event, one frame;
// times kept in nanoseconds), errors worded as the native CLI words them,
// and replay into a Screen with one revision at most per frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINES, castsDir, runNative } from './support.mjs';
import { RecordingError, loadEngine, openRecording, readRecording } from '../src/index.js';
import { JOURNAL_MAGIC, encodeJournal } from '../src/journal.js';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-js-rec-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// The events of a cast, read independently of the core (JSON.parse per line).
function events(file) {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
  return { header: JSON.parse(lines[0]), events: lines.slice(1).map((l) => JSON.parse(l)) };
}

const toNs = (t) => BigInt(Math.round(t * 1e9));

for (const name of ENGINES) {
  test(`${name}: every fixture becomes one frame per output, input and resize event`, async () => {
    const casts = readdirSync(castsDir).filter((f) => f.endsWith('.cast'));
    assert.ok(casts.length > 0);
    for (const cast of casts) {
      const file = path.join(castsDir, cast);
      const want = events(file);
      const rec = await openRecording(file, { engine: name });
      assert.deepEqual(rec.header, { cols: want.header.width, rows: want.header.height });
      const shown = want.events.filter((e) => e[1] !== 'm');
      assert.equal(rec.frames.length, shown.length, cast);
      rec.frames.forEach((f, i) => {
        const [t, code, data] = shown[i];
        assert.equal(f.type, { o: 'output', i: 'input', r: 'resize' }[code]);
        assert.equal(f.timeNs, toNs(t), `${cast} frame ${i} time`);
        if (code === 'r') assert.equal(`${f.cols}x${f.rows}`, data);
        else assert.equal(Buffer.from(f.data).toString('utf8'), data);
      });
    }
  });

  test(`${name}: replay makes at most one revision per frame, at the frame's time`, async () => {
    const file = path.join(castsDir, 'htop.cast');
    const rec = await openRecording(file, { engine: name });
    const s = rec.replay();
    assert.ok(s.revision > 1 && s.revision <= rec.frames.length);
    const last = s.revisionAt(s.revision);
    assert.ok(rec.frames.some((f) => f.timeNs === last.timeNs));
    const native = runNative(['replay', file]);
    assert.equal(s.text() + '\n', native.stdout.toString());
    s.free();
  });

  test(`${name}: markers are kept apart, inputs never show`, async () => {
    const engine = await loadEngine({ engine: name });
    const bytes = Buffer.from('{"version": 2, "width": 10, "height": 2}\n' +
      '[0.25, "o", "a\\u00e9"]\n[0.5, "i", "SECRET"]\n[0.75, "m", "chapter 1"]\n[1, "r", "12x3"]\n');
    const rec = readRecording(bytes, { engine, name: 'mem.cast' });
    assert.deepEqual(rec.frames.map((f) => f.type), ['output', 'input', 'resize']);
    assert.deepEqual(rec.markers, [{ timeNs: 750000000n, label: 'chapter 1' }]);
    const s = rec.replay();
    assert.equal(s.text(), 'aé');
    assert.deepEqual([s.rows, s.cols], [3, 12]);
    s.free();
  });

  test(`${name}: a tessera journal is read as its frames`, async () => {
    const { abi } = await loadEngine({ engine: name });
    const size = { type: 'resize', timeNs: 5, rows: 3, cols: 9 };
    const p = path.join(work, 'j.journal');
    writeFileSync(p, encodeJournal(abi, [size, { type: 'output', timeNs: 7, data: 'hi\r\nthere' },
      { type: 'input', timeNs: 8, data: 'q' }, { type: 'exit', timeNs: 9, exitCode: 0, exitSignal: 15 }]));
    const rec = await openRecording(p, { engine: name });
    assert.equal(rec.format, 'journal');
    assert.deepEqual(rec.header, { cols: 9, rows: 3 });
    assert.deepEqual(rec.frames.map((f) => [f.type, f.timeNs]), [['output', 7n], ['input', 8n], ['exit', 9n]]);
    assert.deepEqual(rec.frames[2], { type: 'exit', timeNs: 9n, exitCode: 0, exitSignal: 15 });
    const s = rec.replay();
    assert.equal(s.snapshot() + '\n', runNative(['replay', '--exact', p]).stdout.toString());
    assert.deepEqual(s.exitStatus, { code: 0, signal: 15 });
    assert.equal(s.revision, 1);
    s.free();
    writeFileSync(p, encodeJournal(abi, [size]).subarray(0, JOURNAL_MAGIC.length + 10)); // a frame cut short
    await assert.rejects(openRecording(p, { engine: name }), (e) => e instanceof RecordingError &&
      e.message + '\n' === runNative(['replay', p]).stderr.toString() && e.offset === 18);
  });

  test(`${name}: invalid files throw RecordingError with the native message`, async () => {
    const files = {
      'empty.cast': '',
      'v1.cast': '{"version": 1, "width": 80, "height": 24}\n',
      'time.cast': '{"version": 2, "width": 8, "height": 2}\n[2.0, "o", "a"]\n[1.5, "o", "b"]\n',
      'json.cast': '{"version": 2, "width": 8, "height": 2}\n[0.5, "o", "abc\n',
      'resize.cast': '{"version": 2, "width": 8, "height": 2}\n[0, "r", "80by24"]\n',
    };
    for (const [f, content] of Object.entries(files)) {
      const p = path.join(work, f);
      writeFileSync(p, content);
      const native = runNative(['replay', p]);
      assert.equal(native.status, 2);
      await assert.rejects(openRecording(p, { engine: name }), (e) => {
        assert.ok(e instanceof RecordingError);
        assert.equal(e.message + '\n', native.stderr.toString());
        assert.equal(e.file, p);
        return true;
      });
    }
  });
}
