// getByText(RegExp) and .nth(i) past the end (issue 10 item 9) on a real
// program's screen: a RegExp matches within one physical row, strictly, and
// covers cells (a wide character counts two); a string stays literal and
// case-sensitive; nth past the last candidate waits like zero matches and
// its timeout says how many there were.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { built } from './support.mjs';
import { hostChildren } from './processes.mjs';
import { launch, expectTerminal, TerminalAssertionError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const OUTER = { timeout: 20_000 };
after(() => assert.deepEqual(hostChildren(), [], 'every host was ended'));

const LINES = 'printf "Open 12 files\\nopen ONE\\n\\344\\270\\255Open3 x\\n"';

test('getByText(RegExp): one row, strict, cell columns; strings stay literal', OUTER, async (t) => {
  const term = await launch('sh', ['-c', `${LINES}; read x`], { test: t, timeoutMs: 20_000 });
  await expectTerminal(term.getByText('Open3')).toBePresent();
  const at = (loc) => loc.resolve().candidates;

  assert.deepEqual(at(term.getByText(/Open \d+/)), [{ row: 0, column: 0, width: 7 }]);
  assert.deepEqual(at(term.getByText(/Open\d/)), [{ row: 2, column: 2, width: 5 }], 'after a wide character');
  assert.deepEqual(at(term.getByText(/中O/)), [{ row: 2, column: 0, width: 3 }], 'a wide character covers two cells');
  assert.deepEqual(at(term.getByText(/open/i)).map((m) => m.row), [0, 1, 2]);
  assert.deepEqual(at(term.getByText(/files\nopen/)), [], 'never across rows');
  assert.deepEqual(at(term.getByText(/x*/)), [{ row: 2, column: 8, width: 1 }], 'empty matches are skipped');
  assert.deepEqual(at(term.getByText(/open \w+/, { exact: true })), [{ row: 1, column: 0, width: 8 }]);
  assert.deepEqual(at(term.getByText(/Open/, { exact: true })), []);
  assert.deepEqual(at(term.getByText(/Open/).region({ row: 2 })), [{ row: 2, column: 2, width: 4 }]);
  // strings: literal and case-sensitive, as before
  assert.deepEqual(at(term.getByText('open')), [{ row: 1, column: 0, width: 4 }]);
  assert.deepEqual(at(term.getByText('Open \\d+')), []);

  await expectTerminal(term.getByText(/\d+ files$/)).toBePresent();
  const err = await expectTerminal(term.getByText(/open/i)).toBePresent().then(() => null, (e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.match(err.message, /getByText\(\/open\/i\)\)\.toBePresent\(\) failed: 3 matches; a strict locator/);
  assert.equal(String(term.getByText(/a/g).nth(1)), 'getByText(/a/g).nth(1)');
});

test('nth(i) past the end waits like zero matches, then names the count and the index', OUTER, async (t) => {
  const term = await launch('sh', ['-c', 'echo Open; echo Open; read x; echo Open; read y'], { test: t, timeoutMs: 20_000 });
  await expectTerminal(term.getByText('Open').nth(1)).toBePresent();
  const err = await expectTerminal(term.getByText('Open').nth(2)).toBePresent({ timeoutMs: 300 }).then(() => null, (e) => e);
  assert.ok(err instanceof TerminalAssertionError);
  assert.match(err.message, /timed out after 300 ms: 2 matches, index 2/);
  assert.match(err.message, /candidates: row 0, columns 0\.\.3; row 1, columns 0\.\.3/);
  // The same wait is met once the list grows.
  const third = expectTerminal(term.getByText(/Op.n/).nth(2)).toBePresent();
  await term.keyboard.press('Enter');
  const stats = await third;
  assert.ok(stats.wakeups >= 1, 'it waited for the third one');
});
