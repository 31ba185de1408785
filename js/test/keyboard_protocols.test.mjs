// press() from JS follows the keyboard protocol the program turned on: the host encodes
// each key for the modes its terminal tracked from the program's output (kitty's flags
// on the screen shown, then modifyOtherKeys 2), so the test passes no mode itself. The
// program is tests/tape/keyboard_echo.py, which prints every read as "key:" and its bytes.
import { test } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { built } from './support.mjs';
import { launch, expectTerminal } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const ECHO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/tape/keyboard_echo.py');

test('press sends what the kitty keyboard protocol and modifyOtherKeys ask for', async () => {
  const t = await launch('/usr/bin/python3', [ECHO], { rows: 24, cols: 60, timeoutMs: 10_000 });
  try {
    const shows = (text) => expectTerminal(t.getByText(text)).toBePresent();
    await shows('flags:^[[?1u');
    const steps = [
      ['Control+c', 'key:^[[99;5u'],
      ['Escape', 'key:^[[27u'],
      ['Shift+Enter', 'key:^[[13;2u'],
      ['n', 'alt flags:^[[?8u'], // flag 8 on the alternate screen's own stack
      ['x', 'key:^[[120u'],
      ['m', 'main flags:^[[?1u'],
      ['Alt+z', 'key:^[[122;3u'],
      ['o', 'level:^[[>4;2m'],
      ['Control+e', 'key:^[[27;5;101~'],
    ];
    for (const [key, text] of steps) {
      await t.keyboard.press(key);
      await shows(text);
    }
    await t.keyboard.press('q');
    await t.waitForExit();
  } finally {
    await t.close();
  }
});
