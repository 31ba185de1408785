// The colours a program sets (OSC 4/104, OSC 10/11/12 and 110/111/112), through both wasm
// engines: read back (palette, defaultColors, cursorPaint, live and per revision), kept as
// indexes in the styled snapshot with its `{palette ...}` line, painted on cells and in the
// SVG, and matched by the style matchers as a person sees them (OSC 4;1 makes colour 1
// #123456, so red text is #123456 and no longer #cd0000). Then a real program under the host.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { built } from './support.mjs';
import { hostChildren } from './processes.mjs';
import { Screen, expectTerminal, launch, openReplay } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
after(() => assert.deepEqual(hostChildren(), [], 'every host was ended'));

const SET = '\x1b]4;1;rgb:12/34/56\x07';
const out = (data, timeNs) => ({ type: 'output', data, timeNs: BigInt(timeNs) });

for (const engine of ['wasi', 'emscripten']) {
  test(`${engine}: palette reads, styled snapshot, paint and SVG follow OSC 4`, async () => {
    const s = await Screen.create({ engine, rows: 2, cols: 10 });
    s.feed('\x1b[31mred');
    assert.equal(s.palette(1), '#cd0000');
    assert.equal(s.styledSnapshot(), '{fg=1}red\n', 'a program that set nothing: rows only');
    s.feed(SET);
    assert.equal(s.palette(1), '#123456');
    assert.equal(s.paletteDefault(1), '#cd0000');
    assert.equal(s.palette(2), '#00cd00');
    assert.throws(() => s.palette(256), RangeError);
    assert.throws(() => s.palette(-1), RangeError);
    assert.equal(s.cell(0, 0).style.fg, 1, 'the cell keeps its index');
    assert.deepEqual(s.cell(0, 0).paint, { fg: '#123456', bg: '#1e1e1e', underline: '#123456' });
    assert.equal(s.styledSnapshot(), '{fg=1}red\n\n{palette 1=#123456}');
    assert.match(s.toSVG(), /<text y="14" x="0 9 18" fill="#123456">red<\/text>/);
    s.feed('\x1b]104;1\x07');
    assert.equal(s.palette(1), '#cd0000');
    assert.equal(s.styledSnapshot(), '{fg=1}red\n', 'set back: byte for byte as before');
    s.free();
  });

  test(`${engine}: default colours (OSC 10, 11, 12) and revisions keep what they showed`, async () => {
    const s = await Screen.create({ engine, rows: 2, cols: 10 });
    assert.deepEqual(s.defaultColors(), { fg: '#e5e5e5', bg: '#000000', cursor: '#e5e5e5' });
    assert.equal(s.cursorPaint(), '#e5e5e5');
    assert.equal(s.applyFrame(out('\x1b[31mred\x1b[0m ok', 1)).made, true);
    assert.equal(s.applyFrame(out(SET, 2)).made, true, 'red turned #123456: a revision');
    assert.equal(s.applyFrame(out('\x1b]10;#fafafa\x07\x1b]11;#102030\x07\x1b]12;#00ff00\x07', 3)).made, true);
    assert.deepEqual(s.defaultColors(), { fg: '#fafafa', bg: '#102030', cursor: '#00ff00' });
    assert.equal(s.cursorPaint(), '#00ff00');
    const [r1, r2, r3] = [1, 2, 3].map((n) => s.revisionAt(n));
    assert.equal(r1.palette(1), '#cd0000');
    assert.equal(r1.cell(0, 0).paint.fg, '#cd0000');
    assert.equal(r2.palette(1), '#123456');
    assert.equal(r2.cell(0, 0).paint.fg, '#123456');
    assert.deepEqual(r2.defaultColors(), { fg: '#e5e5e5', bg: '#000000', cursor: '#e5e5e5' });
    assert.deepEqual(r3.cell(0, 4).paint, { fg: '#fafafa', bg: '#102030', underline: '#fafafa' });
    assert.equal(r3.cursorPaint(), '#00ff00');
    assert.equal(r3.styledSnapshot(), '{fg=1}red{} ok\n\n{palette 1=#123456 fg=#fafafa bg=#102030 cursor=#00ff00}');
    const svg = r3.toSVG();
    assert.match(svg, /<rect x="0" y="0" width="90" height="36" fill="#102030"\/>/, 'the background is OSC 11');
    assert.match(svg, /fill="#fafafa">ok<\/text>/, 'default text is OSC 10');
    assert.match(svg, /fill="#00ff00" fill-opacity="0.6" class="cursor"/, 'the cursor is OSC 12');
    assert.equal(s.applyFrame(out('\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]104\x07', 4)).made, true);
    assert.equal(s.revisionAt(4).hash, r1.hash, 'all reset: the screen of revision 1 again');
    s.free();
  });
}

test('style matchers compare #rrggbb with the palette the program set', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-palette-'));
  try {
    const cast = path.join(dir, 'palette.cast');
    writeFileSync(cast, [
      JSON.stringify({ version: 2, width: 20, height: 3 }),
      JSON.stringify([0.1, 'o', `${SET}\x1b[31mred\x1b[0m \x1b[32mgreen\x1b[0m`]),
    ].join('\n') + '\n');
    const r = await openReplay(cast);
    await expectTerminal(r.getByText('red')).toHaveStyle({ fg: '#123456' });
    await expectTerminal(r.getByText('red')).toHaveStyle({ fg: 1 });
    await expectTerminal(r.getByText('red')).not.toHaveStyle({ fg: '#cd0000' });
    await expectTerminal(r.getByText('green')).toHaveStyle({ fg: '#00cd00' });
    await expectTerminal(r.getByText(/\w+/, { style: { fg: '#123456' } })).toBePresent();
    await expectTerminal(r.getByText(/\w+/, { style: { fg: '#cd0000' } })).toBeAbsent();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a real program: printf sets colour 1, red text is seen as #123456', async () => {
  const t = await launch('sh', ['-c', "printf '\\033]4;1;#123456\\007\\033[31mX\\033[0m\\n'; read x"],
    { rows: 3, cols: 20, timeoutMs: 10_000 });
  try {
    await expectTerminal(t.getByText('X')).toHaveStyle({ fg: '#123456' });
    await expectTerminal(t.getByText('X')).not.toHaveStyle({ fg: '#cd0000' });
    assert.match(t.screen.styledSnapshot(), /\n\{palette 1=#123456\}$/);
  } finally {
    await t.close();
  }
});
