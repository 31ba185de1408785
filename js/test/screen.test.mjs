// The Screen API on real byte streams, on both wasm engines: renderings,
// cells, cursor, search with the strict locator rules, modes, title,
// scrollback, resize and reset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from './support.mjs';
import { Screen, loadEngine } from '../src/index.js';

const ESC = '\x1b';

for (const name of ENGINES) {
  const make = async (opts) => new Screen(await loadEngine({ engine: name }), opts);

  test(`${name}: keyBytes follows the keyboard protocol the program turned on`, async () => {
    const s = await make({ rows: 3, cols: 20 });
    const bytes = (key) => Buffer.from(s.keyBytes(key)).toString('latin1');
    assert.equal(s.kittyKeyboard, 0);
    assert.equal(bytes('ctrl+c'), '\x03');
    s.feed(`${ESC}[>1u`);
    assert.equal(s.kittyKeyboard, 1);
    assert.equal(bytes('ctrl+c'), `${ESC}[99;5u`);
    assert.equal(bytes('escape'), `${ESC}[27u`);
    s.feed(`${ESC}[?1049h`); // the alternate screen's own stack
    assert.equal(s.kittyKeyboard, 0);
    assert.equal(bytes('escape'), ESC);
    s.feed(`${ESC}[?1049l${ESC}[<u${ESC}[>4;2m`);
    assert.equal(s.modifyOtherKeys, 2);
    assert.equal(bytes('ctrl+c'), `${ESC}[27;5;99~`);
    assert.throws(() => s.keyBytes('ctrl+foo'), /unknown key 'foo'/);
  });

  test(`${name}: text, rows, exact and styled snapshots of a coloured line`, async () => {
    const s = await make({ rows: 3, cols: 20 });
    s.feed(`${ESC}[1;32mDone${ESC}[0m in ${ESC}[38;2;1;2;3m3s`);
    assert.equal(s.text(), 'Done in 3s');
    assert.deepEqual(s.rowsText(), ['Done in 3s', '', '']);
    assert.equal(s.rowText(0), 'Done in 3s');
    assert.equal(s.snapshot(), 'Done in 3s          \n' + ' '.repeat(20) + '\n' + ' '.repeat(20));
    assert.equal(s.styledSnapshot(), '{bold fg=2}Done{} in {fg=#010203}3s\n\n');
    s.free();
  });

  test(`${name}: feed takes bytes, and split UTF-8 and escapes carry over`, async () => {
    const s = await make({ rows: 2, cols: 10 });
    const bytes = Buffer.from(`${ESC}[31mcafé`);
    for (const b of bytes) s.feed(Uint8Array.of(b));
    assert.equal(s.text(), 'café');
    assert.equal(s.cell(0, 3).text, 'é');
    assert.equal(s.cell(0, 3).style.fg, 1);
    s.free();
  });

  test(`${name}: cells report wide characters, styles and hyperlinks`, async () => {
    const s = await make({ rows: 2, cols: 10 });
    s.feed(`a漢${ESC}]8;;https://example.com${ESC}\\L${ESC}]8;;${ESC}\\${ESC}[4:3;58;5;9mU`);
    assert.deepEqual([s.cell(0, 1).text, s.cell(0, 1).width], ['漢', 2]);
    assert.equal(s.cell(0, 2).width, 0);
    assert.equal(s.cell(0, 3).style.link, 'https://example.com');
    const u = s.cell(0, 4);
    assert.equal(u.style.underline, 'curly');
    assert.equal(u.style.underlineColor, 9);
    assert.equal(s.cell(0, 9).text, '');
    assert.throws(() => s.cell(2, 0), /range/i);
    s.free();
  });

  test(`${name}: cursor position, visibility, shape and blink`, async () => {
    const s = await make({ rows: 5, cols: 10 });
    s.feed(`${ESC}[3;4H${ESC}[?25l${ESC}[6 q`);
    assert.deepEqual(s.cursor(), { row: 2, col: 3, visible: false, shape: 'bar', blink: false, pendingWrap: false });
    s.feed(`${ESC}[?25h${ESC}[3 q`);
    const c = s.cursor();
    assert.equal(c.visible, true);
    assert.equal(c.shape, 'underline');
    assert.equal(c.blink, true);
    s.free();
  });

  test(`${name}: findAll is literal, case-sensitive, cell-aware and row-major`, async () => {
    const s = await make({ rows: 4, cols: 20 });
    s.feed('Open 漢Open\r\nopen OPEN\r\n  Open  \r\nReady');
    assert.deepEqual(s.findAll('Open'), [
      { row: 0, column: 0, width: 4 }, { row: 0, column: 7, width: 4 }, { row: 2, column: 2, width: 4 },
    ]);
    assert.deepEqual(s.findAll('漢O'), [{ row: 0, column: 5, width: 3 }]);
    assert.deepEqual(s.find('Open'), { row: 0, col: 0 });
    assert.equal(s.find('nowhere'), null);
    assert.equal(s.contains('open'), true);
    assert.equal(s.contains('Open\r\n'), false, 'one physical row, no line breaks');
    // exact: the whole row, trailing spaces removed (leading ones count)
    assert.deepEqual(s.findAll('Ready', { exact: true }), [{ row: 3, column: 0, width: 5 }]);
    assert.deepEqual(s.findAll('Open', { exact: true }), []);
    assert.deepEqual(s.findAll('  Open', { exact: true }), [{ row: 2, column: 0, width: 6 }]);
    // region: zero-based cells; a match must lie wholly inside
    assert.deepEqual(s.findAll('Open', { region: { row: 0, column: 5, width: 15, height: 1 } }),
      [{ row: 0, column: 7, width: 4 }]);
    assert.deepEqual(s.findAll('Open', { region: { row: 1, column: 0, width: 5, height: 3 } }), []);
    assert.deepEqual(s.findAll('Open', { region: { row: 1, column: 0, width: 6, height: 3 } }),
      [{ row: 2, column: 2, width: 4 }]);
    s.free();
  });

  test(`${name}: findAll returns every candidate, however many`, async () => {
    const s = await make({ rows: 10, cols: 100 });
    s.feed(('ab'.repeat(50) + '\r\n').repeat(9) + 'ab'.repeat(50));
    assert.equal(s.findAll('ab').length, 500);
    assert.deepEqual(s.findAll('ab')[499], { row: 9, column: 98, width: 2 });
    s.free();
  });

  test(`${name}: modes, title and the alternate screen`, async () => {
    const s = await make({ rows: 3, cols: 10 });
    assert.equal(s.mouseTracking, 'off');
    assert.equal(s.bracketedPaste, false);
    s.feed(`${ESC}[?1002h${ESC}[?1006h${ESC}[?1004h${ESC}[?2004h${ESC}=${ESC}]2;my title${ESC}\\`);
    assert.equal(s.mouseTracking, 'button');
    assert.equal(s.mouseEncoding, 'sgr');
    assert.equal(s.focusReporting, true);
    assert.equal(s.bracketedPaste, true);
    assert.equal(s.keypadApplication, true);
    assert.equal(s.title, 'my title');
    assert.equal(s.mode(4), false);
    s.feed(`${ESC}[4h`);
    assert.equal(s.mode(4), true);
    assert.equal(s.mode(2004, { private: true }), true);
    assert.equal(s.mode(99999, { private: true }), null);
    s.feed(`main${ESC}[?1049h${ESC}[Halt`);
    assert.equal(s.altScreen, true);
    assert.equal(s.text(), 'alt');
    s.feed(`${ESC}[?1049l`);
    assert.equal(s.altScreen, false);
    assert.equal(s.text(), 'main');
    s.free();
  });

  test(`${name}: scrollback, resize with reflow, reset`, async () => {
    const s = await make({ rows: 2, cols: 5, reflow: true });
    s.feed('l1\r\nl2\r\nl3\r\n0123456789');
    assert.equal(s.scrollbackText(), 'l1\nl2\nl3');
    assert.equal(s.scrollbackLines, 3);
    s.resize(2, 10);
    assert.equal(s.rows, 2);
    assert.equal(s.cols, 10);
    assert.equal(s.rowText(1), '0123456789');
    s.reset();
    assert.equal(s.text(), '');
    assert.deepEqual([s.cursor().row, s.cursor().col], [0, 0]);
    assert.throws(() => s.resize(0, 5), /invalid/i);
    s.free();
    assert.throws(() => s.text(), /freed/);
  });

  test(`${name}: replies are queued and taken`, async () => {
    const s = await make({ rows: 5, cols: 10 });
    s.feed(`${ESC}[3;4H${ESC}[6n`);
    assert.equal(Buffer.from(s.takeReplies()).toString(), `${ESC}[3;4R`);
    assert.equal(s.takeReplies().length, 0);
    s.free();
  });
}
