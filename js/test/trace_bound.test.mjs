// A live Terminal's trace keeps the last TESSERA_TRACE_MAX_BYTES of its journal (js/src/trace.js),
// as the native trace does (native-host/artifacts/trace.h): a program that writes without end
// leaves a version-2 trace.journal within the bound that starts with the size, the mark saying
// what was dropped and one KEYFRAME, replays (in JS) to the screen the artifacts show at the
// failed step, and is read by the native CLI. A trace that never reaches the bound is version 1
// with no keyframe and no mark, as before the bound. A step whose end mark was dropped opens
// its artifacts at the earliest screen kept (event 2, the keyframe).
//
// Not here: feeding the same frames to the native trace and comparing bytes. Its test binary
// (tests/trace_bound/trace_test.c) takes no input, so no test can hand it these frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { built, runNative } from './support.mjs';
import { launch, expectTerminal, openRecording, TerminalAssertionError } from '../src/index.js';
import { loadEngine } from '../src/engine.js';
import { encodeJournal, journalFrames } from '../src/journal.js';
import { Screen } from '../src/screen.js';
import { Trace, traceBound } from '../src/trace.js';
import { writeArtifacts } from '../src/artifacts.js';

const BOUND = 65536; // the smallest bound there is (TRACE_MIN_BYTES)
const work = mkdtempSync(path.join(tmpdir(), 'tessera-trace-bound-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

function withEnv(t, name, value) {
  const before = process.env[name];
  process.env[name] = value;
  t.after(() => { if (before === undefined) delete process.env[name]; else process.env[name] = before; });
}

// A failed assertion's artifacts folder: {error, trace (its bytes), version, frames, file}.
async function failAndRead(term, text) {
  const error = await expectTerminal(term.getByText(text)).toBePresent({ timeoutMs: 200 }).then(() => null, (e) => e);
  assert.ok(error instanceof TerminalAssertionError, String(error));
  assert.ok(error.artifacts, error.message);
  const file = path.join(error.artifacts, 'trace.journal');
  const trace = readFileSync(file);
  const { version, frames } = journalFrames(await loadEngine(), trace, file);
  return { error, trace, version, frames, file };
}

const label = (f) => new TextDecoder().decode(f.data);
const DROP_MARK = /^trace: (\d+) frames \((\d+) bytes\) before this were dropped \(it keeps its last 65536 bytes\)$/;
// The report's failing moment, as report.html holds it (native-host/viewer/page_write.c).
const reportAt = (dir) => /"report":\{"step":(-?\d+),"event":(-?\d+)/.exec(readFileSync(path.join(dir, 'report.html'), 'utf8'))
  ?.slice(1).map(Number);

test('endless output: the trace keeps its last bytes, starts at a keyframe and replays to the failed screen', async (t) => {
  withEnv(t, 'TESSERA_ARTIFACTS', path.join(work, 'endless'));
  withEnv(t, 'TESSERA_TRACE_MAX_BYTES', String(BOUND));
  const line = 'endless output that never stops, '.repeat(4);
  const term = await launch('yes', [line], { rows: 8, cols: 60, scrollback: 50, hostPath: built('tessera'), test: t });
  // Until the trace has dropped its oldest frames (a revision comes with each read). The
  // Terminal keeps node alive only while it waits itself, so an interval does meanwhile.
  const alive = setInterval(() => {}, 1000);
  await new Promise((resolve) => {
    const off = term.subscribe(() => { if (term._trace.dropped) { off(); resolve(); } });
  }).finally(() => clearInterval(alive));
  const { error, trace, version, frames, file } = await failAndRead(term, 'never printed');

  // Within the bound, no slack: the keyframe's bytes (a screen of 8x60 and up to BOUND/16 of
  // scrollback) are counted in it.
  assert.ok(trace.length <= BOUND, `${trace.length} bytes`);
  // the bytes the trace counts are the bytes the core encodes
  assert.equal(term._trace.journalBytes(), term._trace.encode(term._screen.abi).length);
  assert.equal(version, 2);
  assert.ok(trace.subarray(0, 18).equals(Buffer.from('tessera-journal 2\n')));
  assert.deepEqual(frames.slice(0, 3).map((f) => f.type), ['resize', 'mark', 'keyframe']);
  // the size at the session's start time; the mark and the keyframe at the cut's
  assert.deepEqual([frames[0].rows, frames[0].cols, frames[0].timeNs], [8, 60, term._trace.startNs]);
  assert.equal(frames[1].timeNs, frames[2].timeNs);
  assert.deepEqual([frames[2].rows, frames[2].cols], [8, 60]);
  const dropped = DROP_MARK.exec(label(frames[1]));
  assert.ok(dropped, label(frames[1]));
  assert.ok(Number(dropped[1]) > 0 && Number(dropped[2]) > BOUND / 4, label(frames[1]));
  assert.equal(frames.filter((f) => f.type === 'keyframe').length, 1);
  // the error says so too, with the same figures
  assert.ok(error.message.endsWith(`\n  artifacts: ${error.artifacts} (its trace keeps the last ${BOUND} bytes: ` +
    `the first ${dropped[1]} frames, ${dropped[2]} bytes, were dropped)`), error.message);

  // The failed step's end mark is kept, the report opens at it, and a JS replay to it shows
  // the artifacts' screen.
  const rec = await openRecording(file, { scrollback: 50 });
  const end = rec.markers.find((m) => /^step \d+ end: failed/.test(m.label));
  assert.ok(end, rec.markers.map((m) => m.label).join('\n'));
  assert.equal(reportAt(error.artifacts)[0], Number(/^step (\d+)/.exec(end.label)[1]));
  rec.seek({ mark: end.label });
  assert.equal(rec.screen.snapshot(), readFileSync(path.join(error.artifacts, 'screen.txt'), 'utf8').replace(/\n$/, ''));
  assert.match(rec.screen.text(), /endless output that never stops/);

  // The native reader takes what JS wrote: its first event is the drop mark.
  const marks = runNative(['replay', '--marks', file]);
  assert.equal(marks.status, 0, marks.stderr.toString());
  assert.equal(marks.stdout.toString().split('\n')[0].replace(/^event 1 at \d+ ms: /, ''), label(frames[1]));
});

test('a trace under the bound is as it was: version 1, the size first, no keyframe, no drop mark', async (t) => {
  withEnv(t, 'TESSERA_ARTIFACTS', path.join(work, 'small'));
  withEnv(t, 'TESSERA_TRACE_MAX_BYTES', String(BOUND));
  const term = await launch('sh', ['-c', 'printf "small trace\\n"; sleep 30'], { rows: 4, cols: 30, hostPath: built('tessera'), test: t });
  await expectTerminal(term.getByText('small trace')).toBePresent();
  const { trace, version, frames } = await failAndRead(term, 'never printed');
  assert.equal(version, 1);
  assert.ok(trace.subarray(0, 18).equals(Buffer.from('tessera-journal 1\n')));
  assert.deepEqual([frames[0].type, frames[0].rows, frames[0].cols, frames[0].timeNs], ['resize', 4, 30, term._trace.startNs]);
  assert.equal(frames.some((f) => f.type === 'keyframe'), false);
  assert.equal(frames.some((f) => f.type === 'mark' && label(f).startsWith('trace: ')), false);
  // the old form: the magic line of version 1, then every frame encoded after the other
  assert.ok(trace.equals(Buffer.from(encodeJournal(term._screen.abi, frames, { version: 1 }))));
  assert.equal(term._trace.dropped, null);
});

test('a step whose end mark was dropped opens its artifacts at the keyframe (step -1, event 2)', async (t) => {
  withEnv(t, 'TESSERA_ARTIFACTS', path.join(work, 'early'));
  withEnv(t, 'TESSERA_TRACE_MAX_BYTES', String(BOUND));
  // A session's frames without a PTY, as trace_test.c feeds the native trace: each applied to
  // the screen, then kept.
  const screen = new Screen(await loadEngine(), { rows: 6, cols: 40 });
  const trace = new Trace(screen, { rows: 6, cols: 40, timeNs: 1000n });
  const enc = new TextEncoder();
  let ns = 1000n, early, late;
  const keep = (f) => { screen.applyFrame(f); trace.keep(f); };
  for (let i = 0; i < 4000; i++) {
    keep({ type: 'output', timeNs: ++ns, data: enc.encode(`\x1b[3${i % 8}mline ${i} of the endless output\x1b[m\r\n`) });
    if (i === 10) { keep({ type: 'mark', timeNs: ++ns, data: enc.encode('step 0 end: failed (0ms): early') }); early = trace.moment(); }
    if (i === 3990) { keep({ type: 'mark', timeNs: ++ns, data: enc.encode('step 1 end: failed (0ms): late') }); late = trace.moment(); }
  }
  assert.ok(trace.dropped);
  assert.ok(trace.journalBytes() <= BOUND);
  assert.deepEqual(trace.failureAt(0, early), { step: -1, event: 2 });
  assert.deepEqual(trace.failureAt(1, late), { step: 1, event: -1 });
  assert.deepEqual(trace.failureAt(-1), { step: -1, event: trace.events });
  assert.deepEqual(trace.failureAt(-1, -1), { step: -1, event: -1 });
  // the late mark's moment is its event in the journal
  const frames = trace.frames.slice(1);
  assert.equal(label(frames[trace.eventAt(late) - 1]), 'step 1 end: failed (0ms): late');

  // The native command opens the report there, and screen.txt is the keyframe's screen.
  const journal = trace.encode(screen.abi);
  const dir = await writeArtifacts({ _trace: trace, _screen: screen, options: {} },
    { ...trace.failureAt(0, early), name: 'early step', reason: 'early', journal });
  assert.deepEqual(reportAt(dir), [-1, 2]);
  const rec = await openRecording(path.join(dir, 'trace.journal'));
  rec.seek({ event: 2 });
  assert.equal(rec.screen.snapshot(), readFileSync(path.join(dir, 'screen.txt'), 'utf8').replace(/\n$/, ''));
  assert.match(rec.screen.text(), /of the endless output/);
});

test('the bound: decimal digits only, else 64 MiB; below 64 KiB is raised to it; a bad option is a TypeError', async () => {
  assert.equal(traceBound(undefined, { TESSERA_TRACE_MAX_BYTES: '100000' }), 100000);
  assert.equal(traceBound(undefined, { TESSERA_TRACE_MAX_BYTES: '100' }), BOUND);
  for (const bad of ['lots', '-5', '+100000', '1e6', ' 100000', '100000 ', '']) {
    assert.equal(traceBound(undefined, { TESSERA_TRACE_MAX_BYTES: bad }), 64 << 20, JSON.stringify(bad));
  }
  assert.equal(traceBound(undefined, {}), 64 << 20);
  assert.equal(traceBound(1000, { TESSERA_TRACE_MAX_BYTES: '100000' }), BOUND);
  await assert.rejects(launch('true', [], { traceMaxBytes: -1, hostPath: built('tessera') }),
    { name: 'TypeError', message: 'traceMaxBytes must be a whole number of bytes, got -1' });
});
