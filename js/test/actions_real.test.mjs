// Issue 20's "done when", in JS against real programs: a regex wait, a click on a text
// locator, a paste and style expectations, with no explicit readiness wait anywhere (every
// input action waits for the program to read by itself).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { built } from './support.mjs';
import { hostChildren } from './processes.mjs';
import { launch, expectTerminal } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const T = { timeoutMs: 10_000 };
after(() => assert.deepEqual(hostChildren(), [], 'every host was ended'));

test('bash: a numbered prompt found by a regex; a bracketed paste is shown highlighted, then run', async (t) => {
  const terminal = await launch('bash', ['--norc', '--noprofile', '-i'],
    { rows: 8, cols: 60, env: { PS1: 'ready \\#> ', HISTFILE: '/dev/null' }, test: t, ...T });
  await expectTerminal(terminal.getByText(/ready \d+>/)).toBePresent();
  assert.equal(terminal.screen.modes.bracketed_paste, true, 'readline asked for bracketed paste');
  await terminal.paste('echo pasted-$((6*7))');
  // readline marks pasted text as its active region, in inverse video, until the next key
  await expectTerminal(terminal.getByText('echo pasted-$((6*7))')).toHaveStyle({ inverse: true });
  await terminal.keyboard.press('Enter');
  await expectTerminal(terminal.getByText('pasted-42', { exact: true })).toBePresent();
  await expectTerminal(terminal.getByText(/^ready 2>$/)).toBePresent();
  await expectTerminal(terminal.getByText('echo pasted-$((6*7))')).not.toHaveStyle({ inverse: true }); // Enter ended the region
});

test('dialog --menu: a click on "Cherry" highlights it, and Enter picks it', async (t) => {
  // dialog draws on the terminal (stdout) and names the pick on stderr, which the shell keeps
  const terminal = await launch('sh', ['-c', 'pick=$(dialog --menu Pick 12 40 4 a Apple b Banana c Cherry 2>&1 >/dev/tty); ' +
    'clear; echo "picked [$pick]"'], { rows: 24, cols: 80, test: t, ...T });
  const selected = { fg: 7, bg: 4, bold: true };
  await expectTerminal(terminal.getByText('Apple')).toHaveStyle(selected);
  await terminal.getByText('Cherry').click();
  await expectTerminal(terminal.getByText('Cherry')).toHaveStyle(selected);
  await expectTerminal(terminal.getByText('Apple')).not.toHaveStyle(selected);
  await terminal.keyboard.press('Enter');
  await expectTerminal(terminal.getByText('picked [c]')).toBePresent();
  assert.deepEqual(await terminal.waitForExit(), { code: 0, signal: 0 });
});
