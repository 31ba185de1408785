// A menu, as a person uses it: the highlighted row is the selection, a click on an item's
// text selects it. Every action waits by itself for dialog to be reading its keys and mouse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../test/support.mjs'; // finds the build (TESSERA_BUILD_DIR)
import { launch, expectTerminal } from '../src/index.js';

const highlighted = { fg: 7, bg: 4, bold: true }; // dialog's selected item: white on blue, bold

test('dialog menu: Down, then a click on Cherry, then Enter', async (t) => {
  const terminal = await launch('sh', ['-c',
    'pick=$(dialog --menu "Pick a fruit" 12 40 4 a Apple b Banana c Cherry 2>&1 >/dev/tty); clear; echo "you picked $pick"'],
  { test: t });
  await expectTerminal(terminal.getByText('Apple')).toHaveStyle(highlighted);
  await terminal.keyboard.press('Down');
  await expectTerminal(terminal.getByText('Banana')).toHaveStyle(highlighted);
  await expectTerminal(terminal.getByText('Apple')).not.toHaveStyle(highlighted);
  await terminal.getByText('Cherry').click(); // at the middle of its one match
  await expectTerminal(terminal.getByText('Cherry')).toHaveStyle(highlighted);
  // one highlighted item, no more (a strict locator fails on two)
  await expectTerminal(terminal.getByText(/Apple|Banana|Cherry/, { style: highlighted })).toBePresent();
  await terminal.keyboard.press('Enter');
  await expectTerminal(terminal.getByText('you picked c')).toBePresent();
  assert.deepEqual(await terminal.waitForExit(), { code: 0, signal: 0 });
});
