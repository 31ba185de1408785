// Input actions wait for readiness by default (issue 20): the host holds each input until
// the program reads its terminal, up to a budget, then sends it whatever the answer. Programs
// that race without it run 20 times with zero failures and no explicit wait; { now: true }
// and { readyMs } reach the host, launch's readyBudgetMs is every action's default, and a
// step's end mark carries the host's readiness note. Every terminal is closed.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { built } from './support.mjs';
import { hostChildren } from './processes.mjs';
import { launch, expectTerminal } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const T = { timeoutMs: 10_000 };
const RUNS = 20;
after(() => assert.deepEqual(hostChildren(), [], 'every host was ended'));

// The marks of a terminal's trace so far (the steps of web/README.md "Marks", and the host's).
const marks = (t) => t._trace.frames.filter((f) => f.type === 'mark').map((f) => new TextDecoder().decode(f.data));
const stepEnd = (t, description) => {
  const all = marks(t);
  const start = all.find((m) => m.endsWith(` start: ${description}`));
  assert.ok(start, `no step "${description}" in ${JSON.stringify(all)}`);
  const index = /^step (\d+)/.exec(start)[1];
  return all.find((m) => m.startsWith(`step ${index} end: `));
};

test('bc: a sum typed at once after the start, then Ctrl-D at once: evaluated and ended, 20 runs out of 20', async () => {
  // Ctrl-D is pressed without waiting for the "5": sent at once ({ now: true }), it reaches bc
  // while it evaluates the line, and most runs never end (bc does not read it as the end)
  for (let i = 0; i < RUNS; i++) {
    const t = await launch('bc', ['-q'], { rows: 6, cols: 40, ...T });
    try {
      await t.keyboard.type('2+3\r');
      await t.keyboard.press('Ctrl+D');
      assert.deepEqual(await t.waitForExit(), { code: 0, signal: 0 }, `run ${i}`);
      await expectTerminal(t.getByText('5', { exact: true })).toBePresent();
      // bc was reading: the host had nothing to say, so the step says nothing more
      assert.match(stepEnd(t, 'type "2+3\\r"'), /^step 0 end: passed \(\d+ms, revision \d+\)$/);
    } finally {
      await t.close();
    }
  }
});

test('bash after Ctrl-C never loses the first key, without any explicit wait, 20 runs out of 20', async () => {
  // PROMPT_COMMAND numbers each prompt: P1>, then P2> after the ^C
  const env = { PS1: 'P$n> ', PROMPT_COMMAND: 'n=$((n+1))', HISTFILE: '/dev/null' };
  for (let i = 0; i < RUNS; i++) {
    const t = await launch('bash', ['--norc', '--noprofile', '-i'], { rows: 8, cols: 40, env, ...T });
    try {
      await t.keyboard.type('echo A');
      await t.keyboard.press('ctrl+c');
      await t.keyboard.type('echo ZZ9');
      await t.keyboard.press('Enter');
      await expectTerminal(t.getByText('P2> echo ZZ9')).toBePresent();
      await expectTerminal(t.getByText('P3>')).toBePresent();
    } finally {
      await t.close();
    }
  }
});

test('a program that is not reading: readyMs, launch readyBudgetMs and now reach the host; the steps say how it went', async () => {
  // sleep never reads: every input waits out its budget and is sent anyway (the PTY keeps it)
  const t = await launch('sh', ['-c', 'echo busy; exec sleep 30'], { rows: 4, cols: 40, readyBudgetMs: 250, ...T });
  try {
    await expectTerminal(t.getByText('busy')).toBePresent();
    await t.keyboard.type('a', { readyMs: 100 });
    await t.keyboard.press('b');
    await t.paste('c', { now: true });
    assert.match(stepEnd(t, 'type "a"'),
      /^step \d+ end: passed \(\d+ms, revision \d+, not reading after 100ms \(.+\): sent anyway\)$/);
    assert.match(stepEnd(t, 'press "b"'), /, not reading after 250ms \(.+\): sent anyway\)$/);
    assert.match(stepEnd(t, 'paste "c"'), /^step \d+ end: passed \(\d+ms, revision \d+, sent at once \(now\)\)$/);
    // the host's own marks: one per input that waited, none for the one sent at once
    assert.equal(marks(t).filter((m) => /^input \d+: not reading after/.test(m)).length, 2);
  } finally {
    await t.close();
  }
});

test('readiness options are checked before anything is sent', async () => {
  await assert.rejects(launch('true', [], { readyBudgetMs: 0 }), /readyBudgetMs.*got 0/);
  const t = await launch('cat', [], { rows: 4, cols: 40, ...T });
  try {
    await assert.rejects(t.keyboard.type('x', { now: true, readyMs: 100 }), (e) => e instanceof TypeError && /one of them/.test(e.message));
    await assert.rejects(t.keyboard.press('x', { readyMs: 1.5 }), TypeError);
    await assert.rejects(t.mouse.click(0, 0, { now: 'yes' }), TypeError);
    assert.equal(t.lastAction, null, 'nothing was sent');
    await t.keyboard.type('fine\r');
    await expectTerminal(t.getByText('fine').nth(1)).toBePresent(); // cat's echo and its copy
  } finally {
    await t.close();
  }
});
