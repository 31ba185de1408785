// The docs' example convention, unit by unit: the fence parser, the marking rules and their
// messages, the output comparison (wildcards, diff), and a run's timeout and exit checks.
//
// usage: node --test tests/docs/fences.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fencedBlocks, planDocument } from './fences.mjs';
import { compareOutput } from './expected_output.mjs';
import { runPlan } from './run_blocks.mjs';

const fence = '```';
const doc = (...lines) => `${lines.join('\n')}\n`;

test('fenced blocks: their line, language and content; tildes, indentation and longer fences', () => {
  const text = doc('# t', `${fence}sh run`, 'echo hi', fence, '', '  ~~~~ json file=a.json', '  {}', '  ~~~', '  ~~~~',
    `${fence}${fence[0]}`, `${fence}`, 'inner', `${fence}${fence[0]}`);
  assert.deepEqual(fencedBlocks(text), [
    { line: 2, info: 'sh run', lang: 'sh', content: 'echo hi\n' },
    { line: 6, info: 'json file=a.json', lang: 'json', content: '{}\n~~~\n' },
    { line: 10, info: '', lang: '', content: '```\ninner\n' },
  ]);
});

test('a plan: files and runs in document order, an output attached to the run before it', () => {
  const plan = planDocument('d.md', doc(`${fence}tape file=x/a.tape`, 'run vim', fence, 'Then:', `${fence}sh run exit=3`,
    'exit 3', fence, 'prints', '', `${fence}output`, 'hi', fence, `${fence}sh illustration`, 'CMD', fence, `${fence}text`, 'screen', fence));
  assert.deepEqual(plan.problems, []);
  assert.equal(plan.illustrations, 1);
  assert.deepEqual(plan.steps, [
    { kind: 'file', line: 1, name: 'x/a.tape', content: 'run vim\n' },
    { kind: 'run', line: 5, script: 'exit 3\n', exit: 3, output: { line: 10, text: 'hi\n' } },
  ]);
});

test('marking mistakes are failures naming file:line', () => {
  const plan = planDocument('docs/x.md', doc(
    `${fence}sh`, 'ls', fence, // 1: unmarked
    `${fence}js run`, 'x', fence, // 4: run on js
    `${fence}output`, 'x', fence, // 7: output after a non-run fence
    `${fence}json file=../a.json`, '{}', fence, // 10: escapes the folder
    `${fence}sh runn`, 'x', fence, // 13: unknown attribute
    `${fence}tape exit=1`, 'x', fence, // 16: exit without run
    `${fence}sh run`, 'x', fence, `${fence}output`, fence, `${fence}text output`, fence, // 24: a second output
    `${fence}c illustration file=a.c`, fence, // 26: illustration with another mark
    `${fence}`, 'plain', fence, `${fence}yaml`, 'a: 1', fence)); // unmarked, and allowed to be
  assert.deepEqual(plan.problems, [
    'docs/x.md:1: a sh block with no mark: mark it run, file=NAME or illustration',
    'docs/x.md:4: "run" is only for sh blocks, not js',
    'docs/x.md:7: an "output" block must follow a "run" block (only prose between)',
    'docs/x.md:10: file=../a.json: a relative path inside the document\'s folder is needed (no "..", not absolute)',
    'docs/x.md:13: unknown attribute "runn" (known: file=NAME, run, exit=N, output, illustration)',
    'docs/x.md:16: "exit=N" belongs to a "run" block',
    'docs/x.md:24: an "output" block must follow a "run" block (only prose between)',
    'docs/x.md:26: "illustration" is never run: it takes no other attribute',
  ]);
});

test('output: trailing spaces and blank lines do not count; "..." spans lines, "[..]" text in a line', () => {
  assert.equal(compareOutput('a\nb\n\n', 'a  \nb\n', 'd.md:1'), null);
  assert.equal(compareOutput('first\n...\nlast\n', 'first\nx\ny\nlast\n', 'd.md:1'), null);
  assert.equal(compareOutput('first\n...\nlast\n', 'first\nlast\n', 'd.md:1'), null);
  assert.equal(compareOutput('PASS a ([..]s)\n', 'PASS a (0.27s)\n', 'd.md:1'), null);
  assert.notEqual(compareOutput('PASS [..]\n', 'PASS\n', 'd.md:1'), null);
  assert.notEqual(compareOutput('a\n', 'a\nb\n', 'd.md:1'), null);
});

test('output that differs fails with a unified-style diff naming the block', () => {
  assert.equal(compareOutput('one\n...\nend\nbye\n', 'one\nx\nend\nbye!\n', 'docs/x.md:7'),
    '--- docs/x.md:7 (expected)\n+++ stdout\n@@ -1,4 +1,4 @@\n one\n x\n ...\n end\n-bye\n+bye!');
});

test('a run: its exit status is checked, its output compared, and a failure stops the page', async () => {
  const reported = [];
  const results = await runPlan(planDocument('d.md', doc(
    `${fence}text file=in.txt`, 'hello', fence,
    `${fence}sh run`, 'cat in.txt; echo "$HOME" | grep -c tessera-doc-env', fence, `${fence}output`, 'hello', '1', fence,
    `${fence}sh run exit=2`, 'exit 2', fence,
    `${fence}sh run`, 'echo wrong', fence, `${fence}output`, 'right', fence,
    `${fence}sh run`, 'echo never', fence)), { report: (r) => reported.push(r) });
  assert.deepEqual(results.map((r) => [r.line, r.ok]), [[4, true], [11, true], [14, false]]);
  assert.match(results[2].message, /^d\.md:14: its stdout differs[^]*--- d\.md:17 \(expected\)\n\+\+\+ stdout\n@@[^\n]*\n-right\n\+wrong$/);
  assert.equal(reported.length, 3);
});

test('a run that exits otherwise fails with its status and stderr', async () => {
  const [r] = await runPlan(planDocument('d.md', doc(`${fence}sh run`, 'echo oops >&2; false', fence)));
  assert.equal(r.ok, false);
  assert.equal(r.message, 'd.md:1: exited 1, expected 0\nstderr:\noops');
});

test('a run is killed at its timeout, and no process outlives it, not even one that left its group', async () => {
  const started = Date.now();
  const [slow] = await runPlan(planDocument('d.md', doc(`${fence}sh run`, 'sleep 30 & echo started; sleep 30', fence)), { timeoutMs: 500 });
  assert.ok(Date.now() - started < 10_000);
  assert.match(slow.message, /^d\.md:1: timed out after 0\.5 s \(killed\)/);
  const [escaped] = await runPlan(planDocument('d.md', doc(`${fence}sh run`, 'setsid sleep 30 >/dev/null 2>&1 &', 'sleep 0.2', fence)));
  assert.match(escaped.message, /^d\.md:1: left processes behind \(killed\): \d+ \(sleep 30\)/);
});
