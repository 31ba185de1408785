// Style matchers (issue 20): getByText(text, { style }) keeps the matches whose every cell
// looks so, expectTerminal(locator).toHaveStyle(style) waits for the one match to look so,
// and .not negates toBePresent, toBeAbsent and toHaveStyle (the others refuse at once). The
// words mean what a tape's `expect "OK" fg=2 bold` means (native-host/session/screen_query.c).
// Real programs: printf for each word, then what dialog, mc and htop highlight.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { built, castsDir } from './support.mjs';
import { hostChildren } from './processes.mjs';
import { launch, openReplay, expectTerminal, TerminalAssertionError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const T = { timeoutMs: 10_000 };
after(() => assert.deepEqual(hostChildren(), [], 'every host was ended'));

// One word a style, on row 0, and "state" on row 1, which the program repaints red and bold
// once it has read a line.
const SAMPLES = [
  '\\033[1;31mERR\\033[0m', '\\033[38;2;205;0;0mRGB\\033[0m', '\\033[38;5;196mIDX\\033[0m', '\\033[7mINV\\033[0m',
  '\\033[4mUND\\033[0m', '\\033[4:3mCURL\\033[0m', '\\033[2;3;9;53mFANCY\\033[0m', '\\033[44;1m漢字\\033[0m',
  '\\033[1mMi\\033[0mxed', 'plain', '\\033[32mOK\\033[0m', 'OK',
].join(' ');
const samples = () => launch('sh', ['-c', `printf '${SAMPLES}\\nstate\\n'; read x; printf '\\033[2;1H\\033[1;31mstate\\033[0m\\n'; read y`],
  { rows: 4, cols: 80, ...T });

test('the style words: palette index, #rrggbb, default, each attribute set and clear', async () => {
  const t = await samples();
  try {
    await expectTerminal(t.getByText('plain')).toBePresent();
    const has = (text, style) => expectTerminal(t.getByText(text)).toHaveStyle(style, { timeoutMs: 200 });
    const lacks = (text, style) => expectTerminal(t.getByText(text)).not.toHaveStyle(style, { timeoutMs: 200 });
    await has('ERR', { fg: 1, bold: true, bg: 'default', italic: false });
    await has('ERR', { fg: '#cd0000' }); // palette 1's default colour
    await has('ERR', { fg: '#CD0000' });
    await has('RGB', { fg: '#cd0000' });
    await lacks('RGB', { fg: 1 }); // an RGB colour is not a palette index
    await has('IDX', { fg: 196 });
    await has('IDX', { fg: '#ff0000' });
    await lacks('IDX', { fg: '#cd0000' });
    // inverse is the attribute: the colours stay the default ones
    await has('INV', { inverse: true, fg: 'default', bg: 'default' });
    await lacks('ERR', { inverse: true });
    await has('UND', { underline: true });
    await has('CURL', { underline: true }); // any kind of underline
    await has('ERR', { underline: false });
    await has('FANCY', { dim: true, italic: true, strike: true, overline: true, bold: false, blink: false, hidden: false });
    await has('漢字', { bg: 4, bold: true }); // the wide characters' tails are not looked at
    await has('plain', { fg: 'default', bg: 'default', bold: false });
    await lacks('Mixed', { bold: true }); // "Mi" is bold, "xed" is not
  } finally {
    await t.close();
  }
});

test('a style narrows a strict locator; its candidates are the matches that look so', async () => {
  const t = await samples();
  try {
    await expectTerminal(t.getByText('plain')).toBePresent();
    const ambiguous = await expectTerminal(t.getByText('OK')).toBePresent({ timeoutMs: 60_000 }).catch((e) => e);
    assert.ok(ambiguous instanceof TerminalAssertionError);
    assert.match(ambiguous.message, /2 matches; a strict locator needs exactly one/);
    const green = t.getByText('OK', { style: { fg: 2 } });
    assert.deepEqual(green.resolve().candidates, [{ row: 0, column: 48, width: 2 }]); // 漢字 takes 4 cells
    assert.equal(String(green), 'getByText("OK", { style: { fg: 2 } })');
    await expectTerminal(t.getByText('OK', { style: { fg: 'default' } })).toHaveStyle({ bold: false });
    await expectTerminal(t.getByText(/M\w+d/, { style: { bold: true } })).toBeAbsent();
    // derived locators keep the style
    await expectTerminal(green.region({ row: 0, column: 40 }).nth(0)).toHaveStyle({ fg: 2 });
  } finally {
    await t.close();
  }
});

test('toHaveStyle waits for the look; a failure says how the match looks', async () => {
  const t = await samples();
  try {
    await expectTerminal(t.getByText('state')).toHaveStyle({ fg: 'default', bold: false });
    const red = expectTerminal(t.getByText('state')).toHaveStyle({ fg: 1, bold: true });
    await t.keyboard.press('Enter'); // the program repaints "state" red and bold
    const stats = await red;
    assert.ok(stats.evaluations >= 2, 'it looked before the repaint and after');
    const err = await expectTerminal(t.getByText('state')).toHaveStyle({ italic: true }, { timeoutMs: 300 }).catch((e) => e);
    assert.ok(err instanceof TerminalAssertionError);
    assert.match(err.message, /^expectTerminal\(getByText\("state"\)\)\.toHaveStyle\(\) failed: timed out after 300 ms/);
    assert.match(err.message, /expected: the locator to match exactly once, every cell of it with italic/);
    assert.match(err.message, /the match \(row 1, columns 0\.\.4\) looks: columns 0\.\.4: fg=1 bold/);
    const none = await expectTerminal(t.getByText('nowhere')).toHaveStyle({ bold: true }, { timeoutMs: 200 }).catch((e) => e);
    assert.match(none.message, /no match on the screen/);
  } finally {
    await t.close();
  }
});

test('.not: toBePresent is toBeAbsent, toBeAbsent is toBePresent; the others refuse at once', async () => {
  const t = await samples();
  try {
    await expectTerminal(t.getByText('plain')).not.toBeAbsent();
    await expectTerminal(t.getByText('nowhere')).not.toBePresent({ settleMs: 50 });
    const err = await expectTerminal(t.getByText('plain')).not.toBePresent({ timeoutMs: 200 }).catch((e) => e);
    assert.ok(err instanceof TerminalAssertionError);
    assert.equal(err.assertion, 'not.toBePresent');
    assert.match(err.message, /^expectTerminal\(getByText\("plain"\)\)\.not\.toBePresent\(\) failed: timed out after 200 ms/);
    assert.match(err.message, /expected: the locator to stay absent for 100 ms/);
    const styled = await expectTerminal(t.getByText('ERR')).not.toHaveStyle({ bold: true }, { timeoutMs: 200 }).catch((e) => e);
    assert.match(styled.message, /\.not\.toHaveStyle\(\) failed: .*\n {2}expected: the locator to match exactly once, some cell of it without bold/);
    for (const [name, call] of [
      ['toHaveShown', (x) => x.not.toHaveShown(() => true)], ['toHaveShownText', (x) => x.not.toHaveShownText('a')],
      ['toBeStable', (x) => x.not.toBeStable()], ['toSatisfy', (x) => x.not.toSatisfy(() => true)],
      ['toMatchSnapshot', (x) => x.not.toMatchSnapshot('a')],
    ]) {
      assert.throws(() => call(expectTerminal(t)), (e) => e instanceof TypeError && e.message.startsWith(`.not.${name}(): `), name);
    }
    assert.equal(expectTerminal(t).not.not.negated, false);
  } finally {
    await t.close();
  }
});

test('styles that mean nothing are TypeErrors, before any wait', async () => {
  const t = await samples();
  try {
    assert.throws(() => t.getByText('ERR', { style: { colour: 1 } }), /unknown style key "colour" \(fg, bg, bold, dim/);
    assert.throws(() => t.getByText('ERR', { style: { fg: 256 } }), /fg needs a colour: 0 to 255, '#rrggbb' or 'default', got 256/);
    assert.throws(() => t.getByText('ERR', { style: { bg: 'blue' } }), /bg needs a colour/);
    assert.throws(() => t.getByText('ERR', { style: { bold: 'yes' } }), /bold takes true \(set\) or false \(clear\)/);
    assert.throws(() => expectTerminal(t.getByText('ERR')).toHaveStyle({}), /name at least one/);
    assert.throws(() => expectTerminal(t.getByText('ERR')).toHaveStyle('bold'), /a style object/);
    assert.throws(() => expectTerminal(t).toHaveStyle({ bold: true }), /toHaveStyle\(\) needs a locator/);
  } finally {
    await t.close();
  }
});

test('dialog --menu: the selected item is white on blue and bold; Down moves it to Banana', async () => {
  const t = await launch('dialog', ['--menu', 'Pick', '12', '40', '4', 'a', 'Apple', 'b', 'Banana', 'c', 'Cherry'],
    { rows: 24, cols: 80, ...T });
  try {
    const selected = { fg: 7, bg: 4, bold: true };
    await expectTerminal(t.getByText('Apple')).toHaveStyle(selected);
    await expectTerminal(t.getByText('Banana')).not.toHaveStyle(selected);
    await t.keyboard.press('Down');
    await expectTerminal(t.getByText('Banana')).toHaveStyle(selected);
    await expectTerminal(t.getByText('Apple')).not.toHaveStyle(selected);
    await expectTerminal(t.getByText(/Apple|Banana|Cherry/, { style: selected })).toHaveStyle({ fg: 7 }); // one highlighted row
  } finally {
    await t.close();
  }
});

test('mc: the panel cursor is black on cyan; Down moves it from /.. to the first file', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-mc-'));
  writeFileSync(path.join(dir, 'alpha.txt'), 'a\n');
  writeFileSync(path.join(dir, 'beta.txt'), 'b\n');
  // -u: no subshell. mc drops keys sent while its subshell starts, though it already sits in
  // select() then (a poll counts as reading: README "Live sessions"), and with -u there is
  // nothing to wait for.
  const t = await launch('mc', ['-u', dir, dir], { rows: 24, cols: 80, ...T });
  try {
    const cursor = { fg: 0, bg: 6 };
    const left = { row: 3, column: 0, width: 40, height: 15 }; // the left panel's list (its status line names the file too)
    await expectTerminal(t.getByText('/..').region(left)).toHaveStyle(cursor);
    await expectTerminal(t.getByText('alpha.txt').region(left)).not.toHaveStyle(cursor);
    await t.keyboard.press('Down');
    await expectTerminal(t.getByText('alpha.txt').region(left)).toHaveStyle(cursor);
    await expectTerminal(t.getByText('/..').region(left)).not.toHaveStyle(cursor);
    await expectTerminal(t.getByText('alpha.txt', { style: cursor })).toBePresent(); // only the left panel's
    await t.keyboard.press('F10');
    assert.deepEqual(await t.waitForExit(), { code: 0, signal: 0 });
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('htop: the selected process and the sort column are black on cyan; M sorts by MEM%', async () => {
  // -p: only htop itself (the shell's pid, which exec hands to htop), so its row is the selected one
  const t = await launch('sh', ['-c', 'exec htop -p $$'], { rows: 24, cols: 100, ...T });
  try {
    const highlighted = { fg: 0, bg: 6 };
    await expectTerminal(t.getByText(/htop -p \d+/)).toHaveStyle(highlighted);
    await expectTerminal(t.getByText('CPU%')).toHaveStyle(highlighted);
    await expectTerminal(t.getByText('MEM%')).not.toHaveStyle(highlighted);
    await t.keyboard.press('M');
    await expectTerminal(t.getByText('MEM%')).toHaveStyle(highlighted);
    await expectTerminal(t.getByText('CPU%')).not.toHaveStyle(highlighted);
    await t.keyboard.press('F10');
    assert.deepEqual(await t.waitForExit(), { code: 0, signal: 0 });
  } finally {
    await t.close();
  }
});

test('a recording takes the same style matchers, on its own clock', async () => {
  const r = await openReplay(path.join(castsDir, 'dialog_menu.cast'));
  await expectTerminal(r.getByText('Apple')).toHaveStyle({ fg: 7, bg: 4, bold: true });
  await expectTerminal(r.getByText('Banana')).not.toHaveStyle({ bg: 4 });
  await expectTerminal(r.getByText(/\w+/, { style: { fg: 7, bg: 4, bold: true } }).region({ row: 5, height: 6 })).toBePresent();
});
