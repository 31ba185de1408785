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
