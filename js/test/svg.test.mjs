// Screen.toSVG() and ScreenSnapshot.toSVG(): the core's SVG rendering (tessera/svg.h)
// through both wasm engines is byte for byte what `tessera replay --svg` prints for every
// fixture; colours, styles and widths are drawn as asked; text is escaped for XML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Screen, openRecording } from '../src/index.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tessera = join(process.env.TESSERA_BUILD_DIR || join(repo, 'build'), 'bin', 'tessera');
const casts = join(repo, 'tests', 'fixtures', 'casts');

for (const engine of ['wasi', 'emscripten']) {
  test(`${engine}: toSVG is tessera replay --svg for every fixture`, async () => {
    for (const f of readdirSync(casts).filter((n) => n.endsWith('.cast'))) {
      const screen = (await openRecording(join(casts, f), { engine })).replay();
      const native = execFileSync(tessera, ['replay', '--svg', join(casts, f)], { encoding: 'utf8' });
      assert.equal(screen.toSVG() + '\n', native, f);
      assert.equal(screen.revisionAt().toSVG(), screen.toSVG(), `${f}: the newest revision`);
      screen.free();
    }
  });

  test(`${engine}: double-size lines: lineSize, and drawn scaled in the SVG`, async () => {
    const s = await Screen.create({ engine, rows: 3, cols: 10 });
    const output = (data, timeNs) => ({ type: 'output', data, timeNs: BigInt(timeNs) });
    assert.equal(s.applyFrame(output('\x1b#3Big\r\n\x1b#4Big\r\n\x1b#6W\x1b[7mi\x1b[m', 1)).made, true);
    assert.deepEqual([0, 1, 2].map((y) => s.lineSize(y)), ['double-height-top', 'double-height-bottom', 'double-width']);
    assert.throws(() => s.lineSize(3), /line 3/);
    const svg = s.toSVG();
    // the top half: row 0's box (y 0 to 18) shows the row drawn twice as large from its top
    assert.match(svg, /<svg x="0" y="0" width="90" height="18" overflow="hidden"><g transform="matrix\(2 0 0 2 0 0\)">\n<text y="14" x="0 9 18" fill="#e5e5e5">Big<\/text>\n<\/g><\/svg>/);
    // the bottom half: row 1's box shows the lower half: its top (y 18) lands one row up, at -18
    assert.match(svg, /<svg x="0" y="18" width="90" height="18" overflow="hidden"><g transform="matrix\(2 0 0 2 0 -54\)">\n<text y="32" x="0 9 18" fill="#e5e5e5">Big<\/text>/);
    // double width: x doubled, so the inverse i's background covers x 18 to 36
    assert.match(svg, /<g transform="matrix\(2 0 0 1 0 0\)">\n<rect x="9" y="36" width="9" height="18" fill="#e5e5e5"\/>\n<text y="50" x="0" fill="#e5e5e5">W<\/text>/);
    assert.match(svg, /<rect x="36" y="36" width="18" height="18" fill="#e5e5e5" fill-opacity="0.6" class="cursor"\/>/, 'the cursor cell twice as wide');
    const rev = s.revisionAt(1);
    assert.equal(rev.toSVG(), svg, 'a kept revision is drawn the same');
    assert.equal(rev.lineSize(2), 'double-width');
    assert.equal(s.applyFrame(output('\x1b#5', 2)).made, true, 'a line made single again is a new revision');
    assert.equal(s.revisionAt(2).lineSize(2), 'single');
    s.feed('\x1b[2J');
    assert.equal(s.lineSize(2), 'single', 'ED 2 makes the lines single');
    assert.equal(rev.lineSize(2), 'double-width', 'the revision keeps what it showed');
    s.free();
  });

  test(`${engine}: colours, styles, widths and escaping in the SVG`, async () => {
    const s = await Screen.create({ engine, rows: 2, cols: 20 });
    s.feed('\x1b[1;38;2;1;2;3;48;5;196mA\x1b[0m\x1b[7;34mB\x1b[0m 日<&>"\x1b[4:2mu\x1b[0m\x1b[9ms\x1b[8mh\x1b[0m\x1b[4 q');
    const svg = s.toSVG();
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="180" height="36" /);
    assert.match(svg, /<rect x="0" y="0" width="9" height="18" fill="#ff0000"\/>/, '256-colour background');
    assert.match(svg, /<text y="14" x="0" fill="#010203" font-weight="bold">A<\/text>/, 'truecolour, bold');
    assert.match(svg, /<rect x="9" y="0" width="9" height="18" fill="#0000ee"\/>/, 'inverse: blue background');
    assert.match(svg, /x="27 45 54 63 72 81 90" fill="#e5e5e5">日&lt;&amp;&gt;&quot;us</, 'wide is two cells; escaped');
    assert.match(svg, /<line x1="81" x2="90" y1="15" y2="15"[^>]*\/>\n<line x1="81" x2="90" y1="17" y2="17"/, 'double underline');
    assert.match(svg, /<line x1="90" x2="99" y1="9" y2="9"/, 'strike');
    assert.ok(!/>[^<]*h[^<]*<\/text>/.test(svg), 'hidden text is not drawn');
    assert.match(svg, /<rect x="108" y="16" width="9" height="2" fill="#e5e5e5" fill-opacity="0.6" class="cursor"\/>/, 'underline cursor');
    assert.deepEqual(s.cell(0, 1).paint, { fg: '#1e1e1e', bg: '#0000ee', underline: '#1e1e1e' });
    s.free();
  });
}
