// The JS package in a real browser: headless Chromium (Debian's, driven by playwright-core)
// loads js/src/index.js as an ES module from a loopback HTTP server, and the loader fetches
// the wasm engine from ../wasm/NAME.wasm as it does on any web page. Each engine's answers
// on real bytes (colours, wide characters, cursor moves, erases) must be byte-identical to
// the same calls made in Node, and must be the screen those bytes draw.
//
// The modules come from $TESSERA_WASM_DIR, else $TESSERA_BUILD_DIR/wasm, else build/wasm.
// A missing module, playwright-core or Chromium is a failure, never a skip: install them
// with bash scripts/setup.sh and build with cmake --build build.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, dirname, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Screen, loadEngine } from '../../js/src/index.js';
import { launchChromium } from './chromium.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const jsDir = join(repo, 'js');
const wasmDir = process.env.TESSERA_WASM_DIR ||
  join(process.env.TESSERA_BUILD_DIR || join(repo, 'build'), 'wasm');

// A prompt in bold green, a 256-colour and a truecolour word, CJK (two cells each), then a
// cursor move back into the line, an erase to its end, and a full-line erase below.
const BYTES = new TextEncoder().encode(
  '\x1b[1;32muser@host\x1b[0m:\x1b[34m~/src\x1b[0m$ ls\r\n' +
  '\x1b[38;5;208morange\x1b[0m \x1b[48;2;10;20;30mdeep\x1b[0m \x1b[4;31m日本語\x1b[0m テスト\r\n' +
  'keep this line, erase the tail XXXX\r\n' +
  'this whole line goes\r\n' +
  'last 漢字 here' +
  '\x1b[3;32H\x1b[K' + // row 3, col 32 (1-based): erase from the X to the end of the line
  '\x1b[4;1H\x1b[2K' + // erase all of row 4
  '\x1b[5;7H',         // park the cursor on the second cell of 漢
);
const QUERIES = [['日本語'], ['テスト'], ['漢字'], ['e'], ['XXXX'], ['goes'],
  ['e', { region: { row: 0, column: 0, width: 40, height: 2 } }],
  ['last 漢字 here', { exact: true }], ['last 漢字', { exact: true }]];
const ENGINES = ['emscripten', 'wasi'];

// What the page and Node each compute: the same calls on the same bytes. It is passed to the
// page as source text, so it uses nothing but its arguments.
async function answers(tessera, engine, wasm, bytes, queries) {
  const screen = new tessera.Screen(
    await tessera.loadEngine(wasm === undefined ? { engine } : { engine, wasm }),
    { rows: 8, cols: 40 });
  try {
    screen.feed(new Uint8Array(bytes));
    return {
      engine: screen.engine.name,
      text: screen.text(),
      styled: screen.styledSnapshot(),
      cursor: screen.cursor(),
      found: queries.map((q) => screen.findAll(...q)),
    };
  } finally {
    screen.free();
  }
}

const MIME = {
  '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html',
  '.json': 'application/json', '.wasm': 'application/wasm', '.ts': 'text/plain',
};
const PAGE = '<!doctype html><meta charset="utf-8"><title>tessera</title>' +
  '<link rel="icon" href="data:,">' + // no favicon request
  // A failed module graph (say, a static import of node:fs) ends the wait at once.
  '<script type="module">import("/src/index.js").then((t) => { window.tessera = t; },' +
  ' (e) => { window.tesseraError = String(e); });</script>';

// Serves js/ at / (so the loader's ../wasm/ is /wasm/) and the built modules at /wasm/.
const served = []; // every path answered 200, to show where the engines came from
function serve() {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
      return;
    }
    const [root, rel] = path.startsWith('/wasm/')
      ? [wasmDir, path.slice('/wasm/'.length)] : [jsDir, path.slice(1)];
    const file = normalize(join(root, rel));
    if (!file.startsWith(normalize(root) + sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    served.push(path);
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Opened once, on first use, and shared by the tests; after() closes whatever was opened.
let server, browser, pageErrors = [];
let opened;
function open() {
  opened ??= (async () => {
    for (const e of ENGINES) {
      const f = join(wasmDir, `tessera-${e}.wasm`);
      assert.ok(existsSync(f), `${f} is missing: build the wasm engines (cmake --build build)`);
    }
    server = await serve();
    browser = await launchChromium();
    const page = browser.context.pages()[0] ?? await browser.context.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
    page.on('response', (r) => { if (!r.ok()) pageErrors.push(`HTTP ${r.status()} ${r.url()}`); });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const loaded = await page.waitForFunction(
      () => window.tessera !== undefined || window.tesseraError !== undefined,
      null, { timeout: 15_000 })
      .then(() => page.evaluate(() => window.tesseraError ?? null), (e) => e.message);
    if (loaded !== null) {
      throw new Error(`js/src/index.js does not load in a browser: ${loaded}` +
        (pageErrors.length ? `\n${pageErrors.join('\n')}` : ''));
    }
    return page;
  })();
  return opened;
}

after(async () => {
  await browser?.close();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

for (const engine of ENGINES) {
  test(`${engine} in Chromium answers byte for byte as in Node`, { timeout: 60_000 }, async () => {
    const page = await open();
    const fn = answers.toString();
    const inBrowser = await page.evaluate(
      async ([src, engine, bytes, queries]) =>
        (0, eval)(`(${src})`)(window.tessera, engine, undefined, bytes, queries),
      [fn, engine, [...BYTES], QUERIES]);
    assert.deepEqual(pageErrors, [], 'the page reported errors');
    const wasm = readFileSync(join(wasmDir, `tessera-${engine}.wasm`));
    const inNode = await answers({ Screen, loadEngine }, engine, wasm, [...BYTES], QUERIES);

    // The page's loader fetched the module from ../wasm/ next to src/, as on any site.
    assert.ok(served.includes(`/wasm/tessera-${engine}.wasm`), `served: ${served.join(' ')}`);
    assert.equal(inBrowser.engine, engine);
    assert.equal(inBrowser.text, inNode.text);
    assert.equal(inBrowser.styled, inNode.styled);
    assert.deepEqual(inBrowser.cursor, inNode.cursor);
    assert.deepEqual(inBrowser.found, inNode.found);

    // And it is the screen the bytes draw, so an empty answer on both sides cannot pass.
    const rows = inNode.text.split('\n');
    assert.equal(rows[0], 'user@host:~/src$ ls');
    assert.equal(rows[1], 'orange deep 日本語 テスト');
    assert.equal(rows[2], 'keep this line, erase the tail');
    assert.equal(rows[3], '');
    assert.equal(rows[4], 'last 漢字 here');
    assert.match(inNode.styled, /\{bold fg=2\}user@host\{\}/);
    assert.match(inNode.styled, /fg=208/);
    assert.match(inNode.styled, /日本語/);
    assert.equal(inNode.cursor.row, 4);
    assert.equal(inNode.cursor.col, 6);
    const [cjk, kana, kanji, e, xs, goes, eTop, exact, notExact] = inNode.found;
    assert.deepEqual(cjk, [{ row: 1, column: 12, width: 6 }]);
    assert.deepEqual(kana, [{ row: 1, column: 19, width: 6 }]);
    assert.deepEqual(kanji, [{ row: 4, column: 5, width: 4 }]);
    assert.deepEqual(xs, []);
    assert.deepEqual(goes, []);
    assert.equal(e.length, 12, 'every e on the screen, row-major');
    assert.deepEqual(eTop, [{ row: 0, column: 2, width: 1 }, { row: 1, column: 5, width: 1 },
      { row: 1, column: 8, width: 1 }, { row: 1, column: 9, width: 1 }]);
    assert.deepEqual(exact, [{ row: 4, column: 0, width: 14 }]);
    assert.deepEqual(notExact, []);
  });
}
