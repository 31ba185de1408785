// waitForInputReady() (issue 10 item 4): text on the screen does not mean
// the program reads its input. Each case runs 20 times and input sent right
// after the readiness wait must never be lost; without it, bash after Ctrl-C
// and less after a resize lose keys in some runs. Every terminal is closed.
// Actions wait for readiness by themselves too (actions_ready.test.mjs); here each
// one after the explicit wait is sent { now: true }, so the explicit wait alone is
// what keeps the input from being lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { built } from './support.mjs';
import { launch, expectTerminal, TerminalError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const T = { timeoutMs: 10_000 };
const RUNS = 20;
const NOW = { now: true }; // no wait of the action's own

test('waitForInputReady: a program that works before it reads gets the input sent after it', async () => {
  for (let i = 0; i < RUNS; i++) {
    const t = await launch('sh', ['-c', 'sleep 0.2; read x; echo got:$x'], { rows: 4, cols: 30, ...T });
    try {
      const started = process.hrtime.bigint();
      const receipt = await t.waitForInputReady();
      assert.ok(process.hrtime.bigint() - started >= 100_000_000n, `run ${i}: ready while the program slept`);
      assert.equal(typeof receipt.revision, 'number');
      assert.equal(t.lastAction, null, 'a readiness answer is not an action');
      await t.keyboard.type('abc', NOW);
      await t.keyboard.press('Enter', NOW);
      await expectTerminal(t.getByText('got:abc')).toBePresent();
      assert.deepEqual(await t.waitForExit(), { code: 0, signal: 0 });
    } finally {
      await t.close();
    }
  }
});

test('waitForInputReady: bash after Ctrl-C never loses the first key', async () => {
  // PROMPT_COMMAND numbers each prompt: P1>, then P2> after the ^C
  const env = { PS1: 'P$n> ', PROMPT_COMMAND: 'n=$((n+1))', HISTFILE: '/dev/null' };
  for (let i = 0; i < RUNS; i++) {
    const t = await launch('bash', ['--norc', '--noprofile', '-i'], { rows: 8, cols: 40, env, ...T });
    try {
      await expectTerminal(t.getByText('P1>')).toBePresent();
      await t.waitForInputReady();
      await t.keyboard.type('echo A', NOW);
      await expectTerminal(t.getByText('P1> echo A')).toBePresent();
      await t.waitForInputReady();
      await t.keyboard.press('ctrl+c', NOW);
      await expectTerminal(t.getByText('P2>')).toBePresent();
      await t.waitForInputReady();
      await t.keyboard.type('echo ZZ9', NOW);
      await t.keyboard.press('Enter', NOW);
      await expectTerminal(t.getByText('P2> echo ZZ9')).toBePresent();
      await expectTerminal(t.getByText('P3>')).toBePresent();
    } finally {
      await t.close();
    }
  }
});

test('waitForInputReady: less after a resize quits on the q sent right after it', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-ready-'));
  const file = path.join(dir, 'lines.txt');
  writeFileSync(file, Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
  try {
    for (let i = 0; i < RUNS; i++) {
      const t = await launch('less', [file], { rows: 5, cols: 40, env: { LESSHISTFILE: '-', LESS: '' }, ...T });
      try {
        await expectTerminal(t.getByText('line 4', { exact: true })).toBePresent();
        await t.waitForInputReady();
        await t.resize(12, 40);
        await expectTerminal(t.getByText('line 11', { exact: true })).toBePresent();
        await t.waitForInputReady();
        await t.keyboard.press('q', NOW);
        assert.deepEqual(await t.waitForExit(), { code: 0, signal: 0 }, `run ${i}`);
      } finally {
        await t.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('waitForInputReady: a program that never reads misses the deadline; one that exits rejects', async () => {
  const t = await launch('sh', ['-c', 'echo busy; sleep 5'], { rows: 4, cols: 30, ...T });
  try {
    await assert.rejects(t.waitForInputReady({ timeoutMs: 300 }),
      (e) => e instanceof TerminalError && /not waiting for input by the deadline \(.*busy\)/.test(e.message));
  } finally {
    await t.close();
  }
  const u = await launch('sh', ['-c', 'sleep 0.1'], { rows: 4, cols: 30, ...T });
  try {
    await assert.rejects(u.waitForInputReady(), (e) => e instanceof TerminalError &&
      /waitForInputReady: .*(not waiting for input before it exited|the program has exited)/.test(e.message));
  } finally {
    await u.close();
  }
});
