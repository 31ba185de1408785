// Locator actions (issue 20): locator.click(), dblclick() and wheel() wait for the locator's
// one match and act at its middle cell, as a tape's `click "TEXT"` does (the left one of the
// two middle cells). The program is `cat -v` in raw mode behind SGR mouse reporting, so each
// report is on the screen as ^[[<BUTTON;COL;ROW M (press) or m (release), 1-based.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { built, castsDir } from './support.mjs';
import { hostChildren } from './processes.mjs';
import { launch, openReplay, expectTerminal, TerminalError, TerminalTimeoutError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const T = { rows: 6, cols: 60, timeoutMs: 10_000 };
after(() => assert.deepEqual(hostChildren(), [], 'every host was ended'));

// Targets on row 1 (0-based): "Target" at columns 2..7, "漢字" at 10..13, "end" at 15..17,
// "x" twice; with `later`, "Late" at row 4, column 0 once a line has been read.
const reporter = (later = false) => launch('sh', ['-c', "stty raw -echo; printf '\\033[?1000h\\033[?1006h\\r\\n  Target  漢字 end x x\\r\\n'; " +
  (later ? "head -n 1 >/dev/null; printf '\\r\\n\\r\\nLate\\r\\n'; " : '') + 'exec cat -v'], T);
const reports = (t) => t.screen.lines.slice(2).map((l) => l.text).join('');

test('click, dblclick and wheel act at the middle cell of the one match', async () => {
  const t = await reporter();
  try {
    await t.getByText('Target').click(); // 6 cells from column 2: column 4
    await expectTerminal(t).toSatisfy(() => reports(t) === '^[[<0;5;2M^[[<0;5;2m');
    await t.getByText('漢字').dblclick(); // 4 cells from column 10: column 11
    await t.getByText(/e.d/).wheel('up'); // a RegExp locator too: 3 cells from 15, column 16
    const receipt = await t.getByText('end').wheel(); // down by default
    await expectTerminal(t).toSatisfy(() => reports(t) === '^[[<0;5;2M^[[<0;5;2m' +
      '^[[<0;12;2M^[[<0;12;2m^[[<0;12;2M^[[<0;12;2m^[[<64;17;2M^[[<65;17;2M');
    assert.equal(t.lastAction, receipt);
    assert.equal(typeof receipt.revision, 'number');
  } finally {
    await t.close();
  }
});

test('a locator action waits for its match; the trace has one step for it, with the place', async () => {
  const t = await reporter(true);
  try {
    const late = t.getByText('Late').click();
    await expectTerminal(t.getByText('Target')).toBePresent();
    assert.equal(t.getByText('Late').resolve().match, null, 'not drawn before the line is read');
    await t.keyboard.type('\n'); // raw mode: head's line ends at a line feed
    await late;
    await expectTerminal(t).toSatisfy(() => reports(t).endsWith('Late^[[<0;2;5M^[[<0;2;5m'));
    const marks = t._trace.frames.filter((f) => f.type === 'mark').map((f) => new TextDecoder().decode(f.data));
    const start = marks.findIndex((m) => /^step \d+ start: click getByText\("Late"\)$/.test(m));
    assert.ok(start >= 0, JSON.stringify(marks));
    const index = /^step (\d+)/.exec(marks[start])[1];
    assert.match(marks.find((m) => m.startsWith(`step ${index} end:`)), /^step \d+ end: passed \(\d+ms, revision \d+, at 4,1\)$/);
  } finally {
    await t.close();
  }
});

test('several matches fail at once; none by the deadline times out; the end of the program ends the wait', async () => {
  const t = await reporter();
  try {
    await expectTerminal(t.getByText('Target')).toBePresent();
    // strict, as assertions are: a 60 s deadline is not waited out (the test's own is 20 s)
    const several = await t.getByText('x').click({ timeoutMs: 60_000 }).catch((e) => e);
    assert.ok(several instanceof TerminalError && !(several instanceof TerminalTimeoutError), String(several));
    assert.match(several.message, /^click getByText\("x"\): 2 matches; an action needs exactly one \(use \.nth\(i\) or \.region\(\.\.\.\)\)/);
    assert.match(several.message, /candidates: row 1, columns 19\.\.19; row 1, columns 21\.\.21/);
    assert.equal(several.candidates.length, 2);
    await t.getByText('x').nth(1).click(); // .nth picks one
    await expectTerminal(t).toSatisfy(() => reports(t) === '^[[<0;22;2M^[[<0;22;2m');
    const none = await t.getByText('nowhere').dblclick({ timeoutMs: 300 }).catch((e) => e);
    assert.ok(none instanceof TerminalTimeoutError, String(none));
    assert.match(none.message, /^dblclick getByText\("nowhere"\) timed out after 300 ms: no single match of getByText\("nowhere"\)/);
    assert.match(none.message, /1 \| {3}Target/);
  } finally {
    await t.close();
  }
  const gone = await launch('sh', ['-c', 'echo bye'], T);
  try {
    const err = await gone.getByText('hello').click().catch((e) => e);
    assert.ok(err instanceof TerminalError, String(err));
    assert.match(err.message, /click getByText\("hello"\): the program ended and its final screen has no match/);
  } finally {
    await gone.close();
  }
});

test('a locator of a replay cannot be clicked', async () => {
  const r = await openReplay(path.join(castsDir, 'dialog_menu.cast'));
  await assert.rejects(r.getByText('OK').click(), (e) => e instanceof TypeError && /only a live terminal/.test(e.message));
  await assert.rejects(() => r.getByText('OK').wheel('sideways'), /wheel\(direction\): 'up' or 'down'/);
});
