// Failure artifacts and traces: a failed expectTerminal on a live Terminal writes its folder
// through the native `tessera artifacts` (WASI): the trace with every action and assertion
// as a numbered step (web/README.md "Marks"), screen.txt at the failed step's end (as
// `tessera replay --step N` prints it), and report.html, the viewer page at that step with
// the program's markup kept as data; named after the node:test test, else the test file,
// beside the test file unless $TESSERA_ARTIFACTS says where. A passing one writes nothing.
// A native tape's trace carries its steps in the same grammar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { built, repoRoot, runNative } from './support.mjs';
import { launch, expectTerminal, openRecording, TerminalAssertionError } from '../src/index.js';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-js-artifacts-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const EVIL = '<script>alert(1)</script>';
const STAMP = /-\d{8}-\d{6}(-\d+)?$/;

// The steps of a trace by the grammar of web/README.md: a mark that starts with "step "
// outside it fails the test; any other mark (the host's own) is a plain marker.
const START = /^step (\d+) start: (.+)$/;
const END = /^step (\d+) end: (passed|failed) \((\d+)ms(?:, ([^)]*))?\)(?:: (.+))?$/;
function stepsOf(labels) {
  const steps = [];
  for (const label of labels.filter((l) => l.startsWith('step '))) {
    const start = START.exec(label), end = END.exec(label);
    assert.ok(start || end, `a step mark outside the grammar: ${label}`);
    const n = Number((start ?? end)[1]);
    if (start) {
      assert.equal(n, steps.length, `steps are numbered in order: ${label}`);
      steps.push({ description: start[2] });
    } else {
      assert.ok(steps[n] && !steps[n].verdict, `an end without a start, or a second end: ${label}`);
      assert.equal(end[2] === 'failed', end[5] !== undefined, `a failed step has a reason, a passed one none: ${label}`);
      Object.assign(steps[n], { verdict: end[2], detail: end[4] ?? null, reason: end[5] ?? null });
    }
  }
  return steps;
}

// The data element of a viewer page.
function pageData(html) {
  const m = /<script type="application\/json" id="tessera-data">([^]*?)<\/script>/.exec(html);
  assert.ok(m, 'the page has its tessera-data element');
  return JSON.parse(m[1]);
}

function withArtifactsIn(t, root) {
  const before = process.env.TESSERA_ARTIFACTS;
  process.env.TESSERA_ARTIFACTS = root;
  t.after(() => { process.env.TESSERA_ARTIFACTS = before; });
}

test('a failed assertion <b>writes</b> the folder at its step: trace, screens and the report', async (t) => {
  const root = path.join(work, 'fail');
  withArtifactsIn(t, root);
  const term = await launch('sh', ['-c', `printf '%s\\n' '${EVIL}'; read x; echo "got $x"; read y; sleep 5`],
    { rows: 5, cols: 40, hostPath: built('tessera'), test: t });
  await expectTerminal(term.getByText('alert(1)')).toBePresent();
  await term.keyboard.type('hello');
  await term.keyboard.press('Enter');
  await expectTerminal(term.getByText('got hello')).toBePresent();
  await term.resize(6, 40);
  const never = `${EVIL} never`;
  const error = await expectTerminal(term.getByText(never)).toBePresent({ timeoutMs: 300 }).then(() => null, (e) => e);
  assert.ok(error instanceof TerminalAssertionError);
  // named after this test: its unsafe characters made '_'
  const [folder] = readdirSync(root);
  assert.equal(error.artifacts, path.join(root, folder));
  assert.equal(folder.replace(STAMP, ''), t.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64));
  assert.ok(error.message.endsWith(`\n  artifacts: ${error.artifacts}`), error.message);
  const dir = error.artifacts, trace = path.join(dir, 'trace.journal');
  assert.deepEqual(readdirSync(dir).sort(), ['report.html', 'screen.styled.txt', 'screen.txt', 'trace.journal']);

  // every action and assertion is a step, in order, the failed one last
  const rec = await openRecording(trace);
  const steps = stepsOf(rec.markers.map((m) => m.label));
  assert.deepEqual(steps.map((s) => [s.description, s.verdict]), [
    ['expectTerminal(getByText("alert(1)")).toBePresent()', 'passed'],
    ['type "hello"', 'passed'],
    ['press "Enter"', 'passed'],
    ['expectTerminal(getByText("got hello")).toBePresent()', 'passed'],
    ['resize to 6x40', 'passed'],
    [`expectTerminal(getByText(${JSON.stringify(never)})).toBePresent()`, 'failed'],
  ]);
  assert.ok(steps.slice(0, 5).every((s) => /^revision \d+$/.test(s.detail)), JSON.stringify(steps));
  assert.equal(steps[5].reason, 'timed out after 300 ms');
  const failed = steps.length - 1;

  // the screens are the trace replayed to the failed step's end, natively
  const at = (...flags) => runNative(['replay', ...flags, '--step', String(failed), trace]);
  assert.equal(readFileSync(path.join(dir, 'screen.txt'), 'utf8'), at('--exact').stdout.toString());
  assert.equal(readFileSync(path.join(dir, 'screen.styled.txt'), 'utf8'), at('--styled').stdout.toString());
  assert.ok(at().stdout.toString().startsWith(`${EVIL}\nhello\ngot hello\n`), at().stdout.toString());
  const replayed = rec.replay();
  assert.equal(replayed.snapshot(), error.snapshot.snapshot(), 'the trace ends where the assertion looked');
  replayed.free();

  // report.html: the viewer page at that step; terminal text and the reason are data, never markup
  const html = readFileSync(path.join(dir, 'report.html'), 'utf8');
  const data = pageData(html);
  assert.equal(data.kind, 'report');
  assert.equal(data.file.name, 'trace.journal');
  assert.ok(Buffer.from(data.file.base64, 'base64').equals(readFileSync(trace)));
  assert.equal(data.report.step, failed);
  assert.equal(data.report.title, t.name);
  assert.equal(data.report.reason, error.message.split('\n')[0]);
  assert.equal(data.report.expectation, `${steps[5].description}: the locator to match exactly once`);
  assert.match(html, /"step":5[,}]/);
  assert.ok(!html.includes(EVIL) && !html.includes('alert(1)</'), 'the payload appears raw in report.html');
  assert.ok(html.includes('alert(1)'), 'the reason, as data, names the locator');
  assert.ok(!html.includes('<b>writes</b>'), "the test's name appears raw in report.html");
  await term.close();
});

test('a passing assertion leaves no artifacts', async (t) => {
  const root = path.join(work, 'pass');
  withArtifactsIn(t, root);
  const term = await launch('sh', ['-c', 'echo fine; sleep 5'], { hostPath: built('tessera'), test: t });
  await expectTerminal(term.getByText('fine')).toBePresent();
  await term.close();
  assert.equal(existsSync(root), false);
});

test('without a node:test context the folder is named after the test file; a refused action is a failed step', async (t) => {
  const root = path.join(work, 'untitled');
  withArtifactsIn(t, root);
  const term = await launch('sh', ['-c', 'echo ready; sleep 5'], { hostPath: built('tessera') });
  t.after(() => term.close());
  await assert.rejects(term.keyboard.press('NoSuchKey'), /unknown key 'NoSuchKey'/);
  const error = await expectTerminal(term.getByText('ready')).toBeAbsent({ timeoutMs: 300, settleMs: 50 })
    .then(() => null, (e) => e);
  assert.ok(error instanceof TerminalAssertionError);
  const [folder] = readdirSync(root);
  assert.match(folder, /^artifacts-\d{8}-\d{6}$/);
  const steps = stepsOf((await openRecording(path.join(root, folder, 'trace.journal'))).markers.map((m) => m.label));
  assert.deepEqual(steps.map((s) => [s.description, s.verdict]), [['press "NoSuchKey"', 'failed'],
    ['expectTerminal(getByText("ready")).toBeAbsent()', 'failed']]);
  assert.match(steps[0].reason, /^tessera host: input \d+: 'NoSuchKey': unknown key/);
  assert.match(steps[1].reason, /^timed out after 300 ms/);
});

test('without $TESSERA_ARTIFACTS the folder goes to tessera-artifacts/ beside the test file', { timeout: 60_000 }, () => {
  const dir = path.join(work, 'beside');
  mkdirSync(dir);
  const index = path.join(repoRoot, 'js', 'src', 'index.js');
  writeFileSync(path.join(dir, 'beside.test.mjs'), `
import { test } from 'node:test';
import { launch, expectTerminal } from ${JSON.stringify(index)};
test('shows the prompt', async (t) => {
  const term = await launch('sh', ['-c', 'echo hi; sleep 5'], { hostPath: ${JSON.stringify(built('tessera'))}, test: t });
  await expectTerminal(term.getByText('bye')).toBePresent({ timeoutMs: 200 });
});
`);
  const env = { ...process.env };
  delete env.TESSERA_ARTIFACTS;
  delete env.NODE_TEST_CONTEXT; // a test run of its own, not a child of this one
  const r = spawnSync(process.execPath, ['--test', 'beside.test.mjs'], { cwd: dir, env, encoding: 'utf8', timeout: 50_000 });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const folders = readdirSync(path.join(dir, 'tessera-artifacts'));
  assert.equal(folders.length, 1);
  assert.match(folders[0], /^shows_the_prompt-\d{8}-\d{6}$/);
  const folder = path.join(dir, 'tessera-artifacts', folders[0]);
  // the command said where, once (stderr, which node --test shows as a comment)
  assert.equal((r.stdout + r.stderr).split(`tessera: artifacts: ${folder}`).length - 1, 1, r.stdout + r.stderr);
  assert.ok(readFileSync(path.join(folder, 'screen.txt'), 'utf8').startsWith('hi'));
});

test("a failed tape's trace holds its steps as marks on the frames' clock; its report is at the failed step", async () => {
  const dir = path.join(work, 'tape');
  rmSync(dir, { recursive: true, force: true });
  const tape = path.join(work, 'steps.tape');
  writeFileSync(tape, 'run sh -c "echo one; read x; sleep 5"\nexpect "one"\ntype "abc"\nexpect "two" 300ms\n');
  const r = runNative(['script', '--artifacts', dir, tape]);
  assert.equal(r.status, 1);
  const [folder] = readdirSync(dir);
  const rec = await openRecording(path.join(dir, folder, 'trace.journal'));
  const steps = stepsOf(rec.markers.map((m) => m.label));
  assert.deepEqual(steps.map((s) => [s.description, s.verdict, s.detail]), [
    ['line 2 expect "one"', 'passed', null], ['line 3 type "abc"', 'passed', '3 bytes sent'],
    ['line 4 expect "two"', 'failed', 'exit 1'],
  ]);
  assert.equal(pageData(readFileSync(path.join(dir, folder, 'report.html'), 'utf8')).report.step, 2);
  // marks sit on the frames' clock, in order, within the recording
  const times = rec.markers.map((m) => Number(BigInt(m.timeNs) - rec.startNs));
  assert.deepEqual([...times].sort((a, b) => a - b), times);
  assert.ok(times[0] >= 0);
});
