// Failure artifacts and traces: a failed expectTerminal on a live Terminal writes the
// trace (the host's frames and the test's steps as marks), the screen and report.html;
// a passing one writes nothing; a native tape's trace carries its steps as markers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { built, runNative } from './support.mjs';
import { launch, expectTerminal, openRecording, TerminalAssertionError } from '../src/index.js';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-js-artifacts-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const EVIL = '<script>alert(1)</script>';

test('a failed assertion writes the trace, the screen and an escaped report', async (t) => {
  const root = path.join(work, 'fail');
  const before = process.env.TESSERA_ARTIFACTS;
  process.env.TESSERA_ARTIFACTS = root;
  t.after(() => { process.env.TESSERA_ARTIFACTS = before; });
  const term = await launch('sh', ['-c', `printf '%s\\n' '${EVIL}'; read x; sleep 5`],
    { rows: 5, cols: 40, hostPath: built('tessera'), test: t });
  await expectTerminal(term.getByText('alert(1)')).toBePresent();
  await term.keyboard.type('hello\r');
  const error = await expectTerminal(term.getByText('NEVER')).toBePresent({ timeoutMs: 300 })
    .then(() => null, (e) => e);
  assert.ok(error instanceof TerminalAssertionError);
  assert.match(error.message, /artifacts: /);
  const [folder] = readdirSync(root);
  assert.equal(error.artifacts, path.join(root, folder));
  assert.match(folder, /^artifacts-\d{8}-\d{6}$/); // named after this test file
  const dir = error.artifacts;
  for (const f of ['trace.journal', 'screen.txt', 'screen.styled.txt', 'report.html']) {
    assert.ok(existsSync(path.join(dir, f)), f);
  }
  const html = readFileSync(path.join(dir, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /<script/i);
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  assert.match(html, /href="[^"]*web\/index\.html\?src=[^"]*trace\.journal&amp;rev=\d+&amp;t=\d+"/);
  assert.ok(readFileSync(path.join(dir, 'screen.txt'), 'utf8').includes(EVIL));
  // the trace replays natively to the same screen, and its marks are the test's steps
  const replayed = runNative(['replay', path.join(dir, 'trace.journal')]);
  assert.equal(replayed.status, 0, replayed.stderr.toString());
  assert.ok(replayed.stdout.toString().includes(EVIL));
  const rec = await openRecording(path.join(dir, 'trace.journal'));
  const replayedScreen = rec.replay();
  assert.equal(replayedScreen.snapshot(), term.screen.snapshot());
  replayedScreen.free();
  const labels = rec.markers.map((m) => m.label);
  assert.ok(labels.some((l) => /alert\(1\).*toBePresent: passed$/.test(l)), labels.join('\n'));
  assert.ok(labels.some((l) => /^type .*hello.*: sent/.test(l)), labels.join('\n'));
  assert.ok(labels.some((l) => /^type .*hello.*: receipt/.test(l)), labels.join('\n'));
  assert.ok(labels.some((l) => /NEVER.*toBePresent: failed$/.test(l)), labels.join('\n'));
  await term.close();
});

test('a passing assertion leaves no artifacts', async (t) => {
  const root = path.join(work, 'pass');
  const before = process.env.TESSERA_ARTIFACTS;
  process.env.TESSERA_ARTIFACTS = root;
  t.after(() => { process.env.TESSERA_ARTIFACTS = before; });
  const term = await launch('sh', ['-c', 'echo fine; sleep 5'], { hostPath: built('tessera'), test: t });
  await expectTerminal(term.getByText('fine')).toBePresent();
  await term.close();
  assert.equal(existsSync(root), false);
});

test('a failed tape\'s trace holds its steps as markers on the frames\' clock', async () => {
  const dir = path.join(work, 'tape');
  rmSync(dir, { recursive: true, force: true });
  const tape = path.join(work, 'steps.tape');
  writeFileSync(tape, 'run sh -c "echo one; read x; sleep 5"\nexpect "one"\ntype "abc"\nexpect "two" 300ms\n');
  const r = runNative(['script', '--artifacts', dir, tape]);
  assert.equal(r.status, 1);
  const [folder] = readdirSync(dir);
  const rec = await openRecording(path.join(dir, folder, 'trace.journal'));
  const labels = rec.markers.map((m) => m.label);
  assert.deepEqual(labels.map((l) => l.replace(/ \(\d+ms\)(: .*)?$/, (m, why) => (why ? ': …' : ''))), [
    'step 0 start: line 2 expect "one"', 'step 0 end: passed',
    'step 1 start: line 3 type "abc"', 'step 1 end: passed',
    'step 2 start: line 4 expect "two"', 'step 2 end: failed, exit 1: …',
  ]);
  // the report's viewer link names the revision the replay ends at (what the viewer shows)
  const html = readFileSync(path.join(dir, folder, 'report.html'), 'utf8');
  const rev = Number(/[?&]amp;rev=(\d+)|&amp;rev=(\d+)/.exec(html).slice(1).find(Boolean));
  const screen = rec.replay();
  assert.equal(screen.revision, rev);
  screen.free();
  // marks sit on the frames' clock, in order, within the recording
  const times = rec.markers.map((m) => Number(BigInt(m.timeNs) - rec.startNs));
  assert.deepEqual([...times].sort((a, b) => a - b), times);
  assert.ok(times[0] >= 0);
});
