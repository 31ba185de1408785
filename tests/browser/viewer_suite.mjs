// The viewer page (web/) in headless Chromium, opened from file:// as `tessera view --out`
// writes it, with no server: the build script's output (one placeholder, the script's hash in
// the policy, the C array holding the same bytes, the same bytes twice); no request and no
// console error; every revision's rows against `tessera replay --event N` and `--at`; the
// timeline's controls and the moment in the address; colours read back from a screenshot's
// pixels (the page's and the SVG's), also in the colours a program set (OSC 4, 11, 12) at
// each revision; search; the comparison with an expected screen, text and
// style apart; payloads that must stay text; a failed tape's trace: its steps with verdicts and
// durations, the screens before and after each against `tessera replay --mark`, its input;
// a recording that cleared its screen; the layout at 1280 px; a failure's report.html at its
// failing step. It also writes the README's screenshot (TESSERA_SCREENSHOT names where;
// build/viewer.png by default).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = process.env.TESSERA_BUILD_DIR || join(repo, 'build');
const tessera = join(build, 'bin', 'tessera');
const engineWasm = join(build, 'wasm', 'tessera-emscripten.wasm');
const casts = join(repo, 'tests', 'fixtures', 'casts');
const CELL = { w: 9, h: 18 }; // web/viewer.css --cw/--ch, TSR_SVG_CELL_WIDTH/HEIGHT
const WIDE = { width: 1280, height: 800 };

const cast = (rows, cols, events) => [JSON.stringify({ version: 2, width: cols, height: rows }),
  ...events.map((e) => JSON.stringify(e))].join('\n') + '\n';

// Colours to read back: a 16-colour, a 256-colour and a truecolour background, inverse
// green, and red text in full blocks; then styles, wide and combining characters.
const STYLED = cast(6, 40, [
  [0.0, 'o', '\x1b]0;styles\x07\x1b[41m    \x1b[0m \x1b[48;5;208m    \x1b[0m \x1b[48;2;10;200;30m    \x1b[0m ' +
    '\x1b[7;32m    \x1b[0m \x1b[31m\u2588\u2588\u2588\x1b[0m\r\n'],
  [0.1, 'o', '\x1b[1mbold\x1b[0m \x1b[2mdim\x1b[0m \x1b[3mitalic\x1b[0m \x1b[4:3;58;5;196mcurly\x1b[0m ' +
    '\x1b[9mstrike\x1b[0m \x1b[8mhidden\x1b[0m\r\n'],
  [0.2, 'o', '\x1b[4mwide: 日本語\x1b[0m e\u0301 a\u0308 \x1b]8;;https://example.com/\x07link\x1b]8;;\x07\r\n'],
  [0.3, 'o', 'find me, find me again\r\n\x1b[5 q'],
]);

// Red text in full blocks, then the program makes colour 1 #123456, the background #102030
// and the cursor #00ff00 (OSC 4, 11, 12): a revision of its own, nothing else changed.
const PALETTE = cast(3, 40, [[0.0, 'o', '\x1b[31m\u2588\u2588\u2588\x1b[0m '],
  [0.2, 'o', '\x1b]4;1;#123456\x07\x1b]11;#102030\x07\x1b]12;#00ff00\x07']]);

// Markup and script in every place terminal data reaches the page.
const PAYLOAD = cast(4, 60, [
  [0.0, 'o', '\x1b]0;<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>\x07'],
  [0.1, 'o', '<script>window.pwned=3</script>\r\n<img src=x onerror="window.pwned=4">\r\n'],
  [0.2, 'o', '\x1b]8;;javascript:window.pwned=5\x07<b>click</b>\x1b]8;;\x07 &amp; &lt;\r\n'],
  [0.3, 'm', '<img src=x onerror="window.pwned=8">'],
  [0.4, 'i', '<script>window.pwned=9</script>'],
]);
const PAYLOAD_NAME = '<img src=x onerror="window.pwned=6">.cast';

// A double-width line with two red cells, the top half of a double-height line with one, and
// a single line with two; the cursor hidden, so it tints no pixel.
const SIZED = cast(3, 20, [[0.0, 'o', '\x1b[?25l\x1b#6\x1b[41m  \x1b[0m   w\r\n\x1b#3\x1b[41m \x1b[0m  t\r\n\x1b[41m  \x1b[0m   s']]);

// plain.cast, and the same text with "four" in red: one differs in text, the other in style.
const PLAIN = cast(3, 20, [[0.0, 'o', 'one two\r\nthree'], [0.5, 'o', ' four']]);
const RED = cast(3, 20, [[0.0, 'o', 'one two\r\nthree'], [0.5, 'o', ' \x1b[31mfour\x1b[0m']]);
// A program that leaves the screen blank as it exits (as `clear` or a full-screen program does).
const CLEARED = cast(4, 30, [[0.0, 'o', 'working...\r\n'], [0.2, 'o', 'done: 3 files\r\n'],
  [0.4, 'o', '\x1b[H\x1b[2J']]);
// Typed input beside the output, in asciicast "i" events: text, keys, UTF-8, a marker.
const TYPED = cast(3, 30, [[0.0, 'o', '$ '], [0.1, 'i', 'ls -l\r'], [0.2, 'o', 'ls -l\r\n'],
  [0.25, 'm', 'listed'], [0.3, 'i', '\x1b[A\x03é\x7f'], [0.4, 'o', 'done\r\n']]);

let dir, browser, page, trace, traceMarks, reportDir, privateTrace;
const errors = [];
const pages = new Map();

// The page `tessera view` writes for a file (once per file and expected screen).
function pageFor(file, { expected } = {}) {
  const key = `${file}\u0000${expected ?? ''}`;
  if (!pages.has(key)) {
    const out = join(dir, 'pages', `${pages.size}.html`);
    const args = ['view', '--out', out, ...(expected ? ['--expected', expected] : []), file];
    const r = spawnSync(tessera, args, { encoding: 'utf8' });
    assert.equal(r.status, 0, `tessera ${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout.split('\n')[0], out, 'the page path is the first line of stdout');
    pages.set(key, out);
  }
  return pages.get(key);
}

// A failed run's folder in root (the only one there).
function failedRun(args, root) {
  const r = spawnSync(tessera, [...args.slice(0, 1), '--artifacts', root, ...args.slice(1)], { encoding: 'utf8' });
  assert.equal(r.status, 1, `tessera ${args.join(' ')}: ${r.stderr}`);
  return join(root, readdirSync(root)[0]);
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-viewer-'));
  const write = (name, text) => { writeFileSync(join(dir, name), text); return join(dir, name); };
  write('styled.cast', STYLED);
  write(PAYLOAD_NAME, PAYLOAD);
  write('plain.cast', PLAIN);
  write('palette.cast', PALETTE);
  write('sized.cast', SIZED);
  write('red.cast', RED);
  write('cleared.cast', CLEARED);
  write('typed.cast', TYPED);
  write('expected.txt', execFileSync(tessera, ['replay', '--exact', join(dir, 'plain.cast')], { encoding: 'utf8' })
    .replace('four', 'fous'));
  // a failed tape's artifacts: its trace carries the steps as marks
  write('evil.sh', "printf '%s\\n' '<script>window.pwned=7</script>'; read x; printf 'got %s\\n' \"$x\"; sleep 5\n");
  write('fails.tape', `run sh "${join(dir, 'evil.sh')}"\nexpect "pwned"\ntype "x"\npress "Enter"\n` +
    'expect "got x"\nexpect "never" 300ms\n');
  reportDir = failedRun(['script', join(dir, 'fails.tape')], join(dir, 'arts'));
  trace = join(reportDir, 'trace.journal');
  traceMarks = execFileSync(tessera, ['replay', '--marks', trace], { encoding: 'utf8' }).trim().split('\n')
    .map((line) => /^event (\d+) at (\d+) ms: (.*)$/.exec(line)).map(([, event, ms, label]) => ({ event: Number(event), ms: Number(ms), label }));
  // a JSON spec's trace keeps what was typed private
  write('private.spec.json', JSON.stringify({ version: 1, command: ['sh', '-c', 'stty -echo; echo ready; read x; sleep 5'],
    steps: [{ expect: 'ready' }, { text: 'SECRET' }, { key: 'Enter' }, { expect: 'never' }], timeout_ms: 300 }));
  privateTrace = join(failedRun(['test', join(dir, 'private.spec.json')], join(dir, 'private-arts')), 'trace.journal');
  browser = await launchChromium({ viewport: WIDE });
  page = browser.context.pages()[0] ?? await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openPage(path, query = '') {
  await page.goto(`file://${path}${query}`);
  const error = await page.evaluate(() => window.viewer.ready.then(() => null, (e) => String(e)));
  assert.equal(error, null);
}

// The rows of a grid as the page shows them, trailing blank rows dropped (as `tessera replay`
// prints them).
function ROWS_TEXT(grid = '#screen') {
  const rows = [...document.querySelectorAll(`${grid} [data-row]`)].map((r) => r.textContent);
  while (rows.length && rows.at(-1) === '') rows.pop();
  return rows.join('\n');
}
const screenText = (grid = '#screen') => page.evaluate(ROWS_TEXT, grid);
const replay = (file, ...args) =>
  execFileSync(tessera, ['replay', ...args, file], { encoding: 'utf8' }).replace(/\n$/, '');
const listTexts = (selector) => page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent), selector);

test('web/build.mjs and embed.cmake: one placeholder, the script hashed in the policy, the C array the same bytes, twice the same', { timeout: 60_000 }, () => {
  const build1 = join(dir, 'web1'), build2 = join(dir, 'web2');
  for (const out of [build1, build2]) {
    execFileSync(process.execPath, [join(repo, 'web', 'build.mjs'), '--wasm', engineWasm, '--out', out]);
  }
  const html = readFileSync(join(build1, 'viewer.html'));
  assert.ok(html.equals(readFileSync(join(build2, 'viewer.html'))), 'two builds, two different pages');
  const text = html.toString('utf8');
  assert.equal(text.split('<!--tessera-data-->').length - 1, 1);
  assert.ok(text.split('\n').includes('<!--tessera-data-->'), 'the placeholder is a line of its own');
  const scripts = [...text.matchAll(/<script([^>]*)>([^]*?)<\/script>/g)];
  const run = scripts.filter(([, attrs]) => !/type=/.test(attrs));
  assert.equal(run.length, 1, 'one script that runs');
  const hash = createHash('sha256').update(run[0][2], 'utf8').digest('base64');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(text)[1];
  assert.equal(csp, `default-src 'none'; script-src 'sha256-${hash}' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src data:`);
  // The C array (web/embed.cmake, as the build makes it) compiles as the C build compiles it
  // and holds the page's bytes.
  execFileSync('cmake', [`-DIN=${join(build1, 'viewer.html')}`, `-DOUT=${join(build1, 'viewer_page.c')}`,
    '-P', join(repo, 'web', 'embed.cmake')]);
  const main = join(dir, 'print_page.c'), exe = join(dir, 'print_page');
  writeFileSync(main, '#include <stdio.h>\n#include <stddef.h>\nextern const unsigned char tsr_viewer_page[];\n' +
    'extern const size_t tsr_viewer_page_len;\n' +
    'int main(void) { return fwrite(tsr_viewer_page, 1, tsr_viewer_page_len, stdout) != tsr_viewer_page_len; }\n');
  execFileSync('cc', ['-Wall', '-Wextra', '-Werror', '-std=c11', '-o', exe, main, join(build1, 'viewer_page.c')]);
  assert.ok(execFileSync(exe, { maxBuffer: 1 << 26 }).equals(html), 'viewer_page.c holds other bytes');
  // A missing engine fails loudly, naming it.
  const missing = spawnSync(process.execPath, [join(repo, 'web', 'build.mjs'), '--wasm', join(dir, 'none.wasm'),
    '--out', join(dir, 'web3')], { encoding: 'utf8' });
  assert.notEqual(missing.status, 0);
  assert.match(missing.stderr, /none\.wasm/);
  assert.ok(!existsSync(join(dir, 'web3', 'viewer.html')));
});

test('a page from file:// makes no request and logs no error; a page of another version says so', { timeout: 30_000 }, async () => {
  const requests = [];
  const onRequest = (r) => requests.push(r.url());
  page.on('request', onRequest);
  try {
    const path = pageFor(join(dir, 'styled.cast'));
    await openPage(path);
    assert.equal(await screenText(), replay(join(dir, 'styled.cast')));
    assert.deepEqual(requests, [`file://${path}`]);
    assert.deepEqual(errors, []);
  } finally {
    page.off('request', onRequest);
  }
  // The template as it is: the empty viewer, which opens a picked file (a recording, a snapshot).
  await openPage(join(dir, 'web1', 'viewer.html'));
  assert.equal(await page.isVisible('#hint'), true);
  assert.equal(await page.locator('#screen [data-row]').count(), 0);
  await page.setInputFiles('#file', join(dir, 'plain.cast'));
  await page.waitForFunction(() => document.querySelectorAll('#screen [data-row]').length > 0);
  assert.equal(await screenText(), replay(join(dir, 'plain.cast')));
  assert.equal(await page.textContent('#name'), 'plain.cast');
  await page.setInputFiles('#file', join(dir, 'expected.txt'));
  await page.waitForFunction(() => document.getElementById('name').textContent === 'expected.txt');
  assert.equal(await screenText(), 'one two\nthree fous');
  assert.deepEqual(errors, []);
  const other = join(dir, 'version2.html');
  writeFileSync(other, readFileSync(pageFor(join(dir, 'plain.cast')), 'utf8').replace('{"version":1,', '{"version":2,'));
  await page.goto(`file://${other}`);
  const error = await page.evaluate(() => window.viewer.ready.then(() => null, (e) => String(e)));
  assert.match(error, /version 1.*version 2/);
  assert.match(await page.textContent('#error'), /version 2/);
  assert.ok(errors.length > 0 && errors.every((e) => /version 2/.test(e)), errors.join('\n'));
  errors.length = 0; // that page's failure, expected
});

test('every revision of every fixture shows the rows tessera replay --event prints', { timeout: 60_000 }, async () => {
  for (const f of readdirSync(casts).filter((n) => n.endsWith('.cast'))) {
    await openPage(pageFor(join(casts, f)));
    const revisions = await page.evaluate(() => window.viewer.state.doc.revisions);
    assert.ok(revisions.length > 1, `${f}: ${revisions.length} revisions`);
    const step = revisions.length > 80 ? 9 : 1; // vttest_cursor: every ninth of 216
    const shown = [];
    for (let i = 0; i < revisions.length; i += step) shown.push(i);
    // One round trip per file: the page steps through the revisions and reads its rows.
    const texts = await page.evaluate(([indices, read]) => indices.map((i) => {
      window.viewer.show(i);
      return (0, eval)(`(${read})`)();
    }), [shown, ROWS_TEXT.toString()]);
    shown.forEach((i, k) => assert.equal(texts[k], replay(join(casts, f), '--event', String(revisions[i].event)),
      `${f}, revision ${revisions[i].seq} (event ${revisions[i].event})`));
  }
  assert.deepEqual(errors, []);
});

test('jumping to a time shows what tessera replay --at shows, and the address opens that moment', { timeout: 30_000 }, async () => {
  const file = join(casts, 'vim.cast');
  const path = pageFor(file);
  await openPage(path);
  const revisions = await page.evaluate(() => window.viewer.state.doc.revisions);
  for (const ms of [0, 150, 700, 1234, 2000, Math.ceil(revisions.at(-1).ms) + 5]) {
    await page.fill('#time', String(ms));
    await page.click('#jump');
    assert.equal(await screenText(), replay(file, '--at', `${ms}ms`), `at ${ms} ms`);
  }
  // Step back with the button, then reopen the address: the same revision and time.
  await page.click('#back');
  await page.click('#back');
  const shown = await screenText();
  const url = new URL(page.url());
  assert.equal(url.protocol, 'file:');
  const rev = url.searchParams.get('rev'), t = url.searchParams.get('t');
  assert.equal(rev, String(revisions.at(-3).seq));
  assert.equal(t, String(Math.round(revisions.at(-3).ms)));
  assert.match(await page.textContent('#position'), new RegExp(`^revision ${rev} `));
  await openPage(path, url.search);
  assert.equal(await screenText(), shown);
  // The scrubber moves through revisions too.
  await page.locator('#scrub').fill('0');
  assert.equal(await screenText(), '');
  assert.equal(new URL(page.url()).searchParams.get('rev'), '0');
});

test('play shows each revision at its recorded time', { timeout: 30_000 }, async () => {
  await openPage(pageFor(join(dir, 'styled.cast')), '?rev=0');
  assert.equal(await screenText(), '');
  const start = Date.now();
  await page.click('#play');
  await page.waitForFunction(() => {
    const s = window.viewer.state;
    return s.index === s.doc.revisions.length - 1 && s.timer === null;
  }, null, { timeout: 5000 });
  const elapsed = Date.now() - start;
  assert.ok(elapsed >= 280, `played 300 ms of recording in ${elapsed} ms`);
  assert.equal(await screenText(), replay(join(dir, 'styled.cast')));
});

// Reads pixels of a PNG at points, decoded by Chromium itself (a blank page and a canvas).
async function pixels(png, points) {
  const other = await browser.context.newPage();
  try {
    return await other.evaluate(async ([b64, pts]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width; canvas.height = img.height;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      return pts.map(([x, y]) => {
        const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
        return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
      });
    }, [png.toString('base64'), points]);
  } finally {
    await other.close();
  }
}

// The middle of cell (row, col) in a picture of the grid.
const at = (row, col) => [col * CELL.w + CELL.w / 2, row * CELL.h + CELL.h / 2];
const COLOURS = [[at(0, 1), '#cd0000'], [at(0, 6), '#ff8700'], [at(0, 11), '#0ac81e'],
  [at(0, 16), '#00cd00'], [at(0, 21), '#cd0000'], [at(5, 30), '#1e1e1e']];

test('colours in a screenshot of the page and in the SVG are the ones asked for', { timeout: 30_000 }, async () => {
  await openPage(pageFor(join(dir, 'styled.cast')));
  const shot = await page.locator('#screen').screenshot();
  assert.deepEqual(await pixels(shot, COLOURS.map(([p]) => p)), COLOURS.map(([, c]) => c));
  // The cursor is a bar (DECSCUSR 5) where the program left it.
  assert.equal(await page.getAttribute('#screen .cursor', 'class'), 'cursor cursor-bar blink');
  // Styles and cells, as the DOM carries them.
  const cells = await page.evaluate(() => {
    const cell = (row, col) => document.querySelector(`#screen [data-row="${row}"] [data-col="${col}"]`);
    const style = (el) => ({ text: el.textContent, weight: getComputedStyle(el).fontWeight,
      italic: getComputedStyle(el).fontStyle, line: getComputedStyle(el).textDecorationLine,
      lineStyle: getComputedStyle(el).textDecorationStyle, colour: getComputedStyle(el).color,
      width: el.getBoundingClientRect().width, title: el.title });
    return { bold: style(cell(1, 0)), italic: style(cell(1, 9)), curly: style(cell(1, 16)),
      strike: style(cell(1, 22)), hidden: style(cell(1, 29)), dim: style(cell(1, 5)),
      wide: style(cell(2, 6)), combining: style(cell(2, 13)), link: style(cell(2, 17)) };
  });
  assert.equal(cells.bold.weight, '700');
  assert.equal(cells.italic.italic, 'italic');
  assert.deepEqual([cells.curly.line, cells.curly.lineStyle], ['underline', 'wavy']);
  assert.equal(cells.strike.line, 'line-through');
  assert.equal(cells.hidden.colour, 'rgb(30, 30, 30)', 'hidden text is drawn in its background');
  assert.equal(cells.dim.colour, 'rgb(129, 129, 129)', 'dim is half way to the background');
  assert.deepEqual([cells.wide.text, cells.wide.width], ['日', 2 * CELL.w]);
  assert.deepEqual([cells.combining.text, cells.combining.width], ['e\u0301', CELL.w]);
  assert.deepEqual([cells.link.text, cells.link.title], ['l', 'https://example.com/']);

  // The SVG of the same screen (tessera replay --svg) draws the same colours.
  const svg = execFileSync(tessera, ['replay', '--svg', join(dir, 'styled.cast')], { encoding: 'utf8' });
  const other = await browser.context.newPage();
  try {
    await other.setContent(`<body style="margin:0">${svg}</body>`);
    const svgShot = await other.locator('svg').screenshot();
    assert.deepEqual(await pixels(svgShot, COLOURS.map(([p]) => p)), COLOURS.map(([, c]) => c));
  } finally {
    await other.close();
  }
});

test('each revision is drawn in the colours the program had set then (OSC 4, 11, 12), as the SVG draws it', { timeout: 30_000 }, async () => {
  const file = join(dir, 'palette.cast');
  const points = [at(0, 1), at(1, 30)];
  const cursorColour = () => page.evaluate(() => getComputedStyle(document.querySelector('#screen .cursor')).backgroundColor);
  await openPage(pageFor(file), '?rev=1');
  assert.deepEqual(await pixels(await page.locator('#screen').screenshot(), points), ['#cd0000', '#1e1e1e']);
  assert.equal(await cursorColour(), 'rgb(229, 229, 229)');
  await openPage(pageFor(file));
  assert.equal(await page.evaluate(() => window.viewer.state.doc.revisions.length), 3, 'the colour change is a revision');
  assert.deepEqual(await pixels(await page.locator('#screen').screenshot(), points), ['#123456', '#102030']);
  assert.equal(await cursorColour(), 'rgb(0, 255, 0)');
  const svg = execFileSync(tessera, ['replay', '--svg', file], { encoding: 'utf8' });
  const other = await browser.context.newPage();
  try {
    await other.setContent(`<body style="margin:0">${svg}</body>`);
    assert.deepEqual(await pixels(await other.locator('svg').screenshot(), points), ['#123456', '#102030']);
  } finally {
    await other.close();
  }
  assert.deepEqual(errors, []);
});

test('double-size lines are drawn scaled in the page and in the SVG', { timeout: 30_000 }, async () => {
  const file = join(dir, 'sized.cast');
  // red ends after cell 3 on the double-width row, after cell 1 on the double-height one,
  // after cell 1 on the single one
  const points = [at(0, 3), at(0, 4), at(1, 1), at(1, 2), at(2, 1), at(2, 2)];
  const expected = ['#cd0000', '#1e1e1e', '#cd0000', '#1e1e1e', '#cd0000', '#1e1e1e'];
  await openPage(pageFor(file));
  assert.equal(await screenText(), '     w\n   t\n     s', 'the rows read as their text');
  assert.deepEqual(await pixels(await page.locator('#screen').screenshot(), points), expected);
  const svg = execFileSync(tessera, ['replay', '--svg', file], { encoding: 'utf8' });
  const other = await browser.context.newPage();
  try {
    await other.setContent(`<body style="margin:0">${svg}</body>`);
    assert.deepEqual(await pixels(await other.locator('body > svg').screenshot(), points), expected);
  } finally {
    await other.close();
  }
  assert.deepEqual(errors, []);
});

test('search highlights every match', { timeout: 30_000 }, async () => {
  await openPage(pageFor(join(dir, 'styled.cast')), '?q=find+me');
  assert.equal(await page.locator('#screen .match').count(), 14);
  assert.equal(await page.textContent('#search-count'), '2 matches');
  await page.fill('#search', '日本');
  assert.equal(await page.locator('#screen .match').count(), 2, 'two wide cells');
  assert.equal(await page.textContent('#search-count'), '1 match');
  await page.fill('#search', '');
  assert.equal(await page.locator('#screen .match').count(), 0);
});

const marked = (cls) => page.evaluate((c) => ['#screen', '#expected'].map((g) =>
  [...document.querySelectorAll(`${g} .${c}`)].map((e) => `${e.parentElement.dataset.row},${e.dataset.col}`)), cls);

test('a comparison counts text and style apart; a golden file is compared as text only', { timeout: 30_000 }, async () => {
  // A golden file one character off: one cell differs in text; it has no styles to compare.
  await openPage(pageFor(join(dir, 'plain.cast'), { expected: join(dir, 'expected.txt') }));
  assert.deepEqual(await marked('changed'), [['1,9'], ['1,9']]);
  assert.deepEqual(await marked('restyled'), [[], []]);
  assert.equal(await page.textContent('#diff-summary'),
    '1 cell differs in text; styles not compared (expected.txt has none: text only)');
  assert.equal(await page.textContent('#expected [data-row="1"]'), 'three fous');
  assert.equal(await page.textContent('#screen-caption'), 'actual');
  // Earlier in the recording, more differs.
  await page.click('#first');
  assert.match(await page.textContent('#diff-summary'), /^15 cells differ in text;/);

  // Two recordings: the same text, "four" red in one: four cells differ in style, none in text.
  await openPage(pageFor(join(dir, 'plain.cast')));
  await page.setInputFiles('#expected-file', join(dir, 'red.cast'));
  await page.waitForFunction(() => document.getElementById('diff-summary').textContent !== '');
  assert.equal(await page.textContent('#diff-summary'), 'no text differs; 4 cells in style');
  assert.deepEqual(await marked('restyled'), [['1,6', '1,7', '1,8', '1,9'], ['1,6', '1,7', '1,8', '1,9']]);
  assert.deepEqual(await marked('changed'), [[], []]);
  // The golden file against the red recording: text only again, one cell.
  await page.setInputFiles('#expected-file', join(dir, 'expected.txt'));
  await page.waitForFunction(() => /^1 cell differs in text; styles not compared/.test(document.getElementById('diff-summary').textContent));
});

test('markup and script from the terminal, the marks, the input and the file name stay text', { timeout: 30_000 }, async () => {
  await openPage(pageFor(join(dir, PAYLOAD_NAME)));
  await page.waitForTimeout(200); // time for an image error handler, were there an image
  const seen = await page.evaluate(() => ({
    pwned: window.pwned ?? null,
    elements: [...document.body.querySelectorAll('img, b, a, iframe, object')].length,
    scripts: document.querySelectorAll('script').length,
    name: document.getElementById('name').textContent,
    title: document.getElementById('title').textContent,
    documentTitle: document.title,
    rows: [...document.querySelectorAll('#screen [data-row]')].map((r) => r.textContent),
    linkTitle: document.querySelector('#screen [data-row="2"] .cell').title,
    marker: document.querySelector('#revisions li.marker .label').textContent,
    input: document.querySelector('#inputs .bytes').textContent,
  }));
  assert.equal(seen.pwned, null, 'no payload ran');
  assert.equal(seen.elements, 0, 'no element was made from terminal data');
  assert.equal(seen.scripts, 3, "the page's own: the engine, the data and the viewer");
  assert.equal(seen.name, PAYLOAD_NAME);
  assert.equal(seen.title, '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>');
  assert.ok(seen.documentTitle.startsWith('<img src=x'));
  assert.deepEqual(seen.rows.slice(0, 3), ['<script>window.pwned=3</script>',
    '<img src=x onerror="window.pwned=4">', '<b>click</b> &amp; &lt;']);
  assert.equal(seen.linkTitle, 'javascript:window.pwned=5', 'a link is an attribute, never followed');
  assert.equal(seen.marker, 'marker <img src=x onerror="window.pwned=8">');
  assert.equal(seen.input, '<script>window.pwned=9</script>');
  assert.deepEqual(errors, []);
  // The SVG escapes the same text for XML.
  const svg = execFileSync(tessera, ['replay', '--svg', join(dir, PAYLOAD_NAME)], { encoding: 'utf8' });
  assert.ok(!/<(script|img|b)[ >]/.test(svg), svg);
  assert.match(svg, /&lt;script&gt;window\.pwned=3&lt;\/script&gt;/);
});

// The steps as `tessera replay --marks` lists them (web/README.md's grammar).
function stepsFromMarks(marks) {
  const steps = new Map();
  for (const m of marks) {
    const start = /^step (\d+) start: (.*)$/.exec(m.label);
    const end = /^step (\d+) end: (passed|failed) \((\d+)ms(?:, ([^)]*))?\)(?:: (.*))?$/.exec(m.label);
    if (start) steps.set(Number(start[1]), { ...steps.get(Number(start[1])), description: start[2], start: m });
    if (end) {
      steps.set(Number(end[1]), { ...steps.get(Number(end[1])), verdict: end[2], ms: Number(end[3]),
        detail: end[4] ?? null, reason: end[5] ?? null, end: m });
    }
  }
  return [...steps].sort(([a], [b]) => a - b).map(([index, s]) => ({ index, ...s }));
}

const stepRows = () => page.evaluate(() => [...document.querySelectorAll('#steps li')].map((li) => ({
  step: Number(li.dataset.step), selected: li.classList.contains('selected'),
  description: li.querySelector('.description').textContent, verdict: li.querySelector('.verdict').textContent,
  duration: li.querySelector('.duration').textContent, detail: li.querySelector('.detail')?.textContent ?? null,
  reason: li.querySelector('.reason')?.textContent ?? null })));

test("a failed tape's trace: each step once with verdict and duration; a step's before and after", { timeout: 30_000 }, async () => {
  const expected = stepsFromMarks(traceMarks);
  assert.equal(expected.length, 5, traceMarks.map((m) => m.label).join('\n'));
  await openPage(pageFor(trace));
  const rows = await stepRows();
  assert.deepEqual(rows.map((r) => [r.step, r.description, r.verdict, r.duration, r.detail]),
    expected.map((s) => [s.index, s.description, s.verdict, `${s.ms} ms`, s.detail]));
  assert.deepEqual(rows.map((r) => r.verdict), ['passed', 'passed', 'passed', 'passed', 'failed']);
  assert.deepEqual(rows.map((r) => r.reason), expected.map((s) => s.reason));
  assert.match(rows[4].reason, /not on the screen/);
  assert.deepEqual(rows.map((r) => r.description).slice(1, 3), ['line 3 type "x"', 'line 4 press "Enter"']);
  // Step marks are steps, not markers in the timeline.
  assert.deepEqual(await listTexts('#revisions li.marker'), []);
  for (const s of expected) {
    await page.click(`#steps li[data-step="${s.index}"] button`);
    assert.equal(await screenText('#step-before'), replay(trace, '--mark', s.start.label), `before step ${s.index}`);
    assert.equal(await screenText('#screen'), replay(trace, '--mark', s.end.label), `after step ${s.index}`);
    assert.match(await page.textContent('#before-caption'), new RegExp(`^before step ${s.index}: `));
    assert.match(await page.textContent('#screen-caption'), new RegExp(`^after step ${s.index} \\(${s.verdict}\\)`));
    assert.deepEqual((await stepRows()).filter((r) => r.selected).map((r) => r.step), [s.index]);
    assert.equal(new URL(page.url()).searchParams.get('step'), String(s.index));
  }
  // Typing "x" changed nothing on the screen (the program does not echo before Enter), Enter did.
  assert.equal(await screenText('#screen'), replay(trace, '--mark', expected[4].end.label));
  // Moving on the timeline leaves the step.
  await page.click('#first');
  assert.equal(await page.isHidden('#before-pane'), true);
  assert.deepEqual((await stepRows()).filter((r) => r.selected), []);
  assert.deepEqual(errors, []);
});

test('the input events: bytes escaped, a private trace says so, a click shows that moment', { timeout: 30_000 }, async () => {
  await openPage(pageFor(trace));
  assert.deepEqual(await listTexts('#inputs .bytes'), ['x', '\\r']);
  await openPage(pageFor(join(dir, 'typed.cast')));
  assert.deepEqual(await listTexts('#inputs .bytes'), ['ls -l\\r', '\\e[A\\x03é\\x7f']);
  assert.deepEqual(await listTexts('#inputs .at'), ['100 ms', '300 ms']);
  assert.deepEqual(await listTexts('#revisions li.marker .label'), ['marker listed']);
  // The input at 300 ms is event 5: the screen then is the one replay --event 5 prints.
  await page.click('#inputs li[data-input="1"] button');
  assert.equal(await screenText(), replay(join(dir, 'typed.cast'), '--event', '5'));
  await openPage(pageFor(privateTrace));
  const inputs = await listTexts('#inputs .bytes');
  assert.ok(inputs.length >= 2, inputs.join(', '));
  assert.ok(inputs.every((t) => t === '(private)'), inputs.join(', '));
  assert.ok(!(await page.content()).includes('SECRET'));
});

test('a recording whose program cleared the screen opens on its last revision with text, and says so', { timeout: 30_000 }, async () => {
  const file = join(dir, 'cleared.cast');
  assert.equal(replay(file), '', 'the recording ends blank');
  await openPage(pageFor(file));
  const { index, revisions } = await page.evaluate(() => ({ index: window.viewer.state.index, revisions: window.viewer.state.doc.revisions }));
  assert.equal(index, revisions.length - 2);
  assert.equal(await screenText(), replay(file, '--event', String(revisions[index].event)));
  assert.equal(await screenText(), 'working...\ndone: 3 files');
  assert.equal(await page.isVisible('#notice'), true);
  assert.equal(await page.textContent('#notice'), `The screen is blank at the end (revision ${revisions.at(-1).seq}): ` +
    `the program cleared it. Showing revision ${revisions[index].seq}, the last with text.`);
  // The blank end is still there, one step on.
  await page.click('#forward');
  assert.equal(await screenText(), '');
  // A recording that ends with text opens on its end and says nothing.
  await openPage(pageFor(join(dir, 'plain.cast')));
  assert.equal(await page.isHidden('#notice'), true);
  assert.equal(await screenText(), replay(join(dir, 'plain.cast')));
});

// Boxes that overlap (more than rounding) among els: [[i, j]].
const OVERLAPS = (selector) => {
  const boxes = [...document.querySelectorAll(selector)].filter((e) => e.offsetParent)
    .map((e) => e.getBoundingClientRect());
  const out = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, k) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0.5 && h > 0.5) out.push([i, i + 1 + k]);
  }));
  return out;
};

test('at 1280 px the lists are one column beside the screen, no label over another', { timeout: 30_000 }, async () => {
  await page.setViewportSize(WIDE);
  await openPage(pageFor(trace));
  const layout = await page.evaluate(() => {
    const rect = (s) => document.querySelector(s).getBoundingClientRect();
    const lefts = (s) => [...new Set([...document.querySelectorAll(s)].map((e) => Math.round(e.getBoundingClientRect().left)))];
    // every label inside its row's box: a label spilling out would lie over its neighbour
    const spills = [...document.querySelectorAll('#lists li')].flatMap((li) => {
      const box = li.getBoundingClientRect();
      return [...li.querySelectorAll('span')].filter((s) => {
        const r = s.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
      }).map((s) => s.textContent);
    });
    return { page: document.documentElement.scrollWidth, screen: rect('#screen'), lists: rect('#lists'),
      listLefts: ['#steps li', '#inputs li', '#revisions li'].map(lefts), spills,
      counts: ['#steps li', '#inputs li', '#revisions li'].map((s) => document.querySelectorAll(s).length) };
  });
  assert.ok(layout.page <= WIDE.width, `the page is ${layout.page} px wide`);
  assert.ok(layout.lists.left >= layout.screen.right, 'the lists are beside the screen');
  assert.ok(layout.counts.every((n) => n > 0), String(layout.counts));
  assert.deepEqual(layout.listLefts.map((l) => l.length), [1, 1, 1], 'each list is one column');
  assert.deepEqual(layout.spills, []);
  for (const selector of ['#lists li', '#lists li span', '#timeline > *', 'header > *']) {
    assert.deepEqual(await page.evaluate(OVERLAPS, selector), [], `${selector} overlap`);
  }
});

test("a failure's report.html opens on the failing step: its screen is tessera replay --step N", { timeout: 30_000 }, async () => {
  const report = join(reportDir, 'report.html');
  const failing = stepsFromMarks(traceMarks).find((s) => s.verdict === 'failed');
  await openPage(report);
  const seen = await page.evaluate(() => ({
    title: document.getElementById('report-title').textContent,
    reason: document.getElementById('report-reason').textContent,
    expectation: document.getElementById('report-expectation').textContent,
    hidden: document.getElementById('report').hidden,
    pwned: window.pwned ?? null,
  }));
  assert.equal(seen.hidden, false);
  assert.equal(seen.pwned, null);
  assert.equal(basename(seen.title), 'fails.tape');
  assert.match(seen.reason, /fails\.tape:6: expect "never"/);
  assert.equal(seen.expectation, 'expect "never"');
  assert.equal(await screenText(), replay(trace, '--step', String(failing.index)));
  assert.ok((await screenText()).startsWith('<script>window.pwned=7</script>'));
  assert.deepEqual((await stepRows()).filter((r) => r.selected).map((r) => [r.step, r.verdict]), [[failing.index, 'failed']]);
  assert.equal(await screenText('#step-before'), replay(trace, '--mark', failing.start.label));
  assert.deepEqual(errors, []);
});

test("a failed golden comparison's report.html shows the expected screen beside the actual, text only", { timeout: 30_000 }, async () => {
  const golden = join(dir, 'golden.txt');
  writeFileSync(golden, 'expected\n');
  const folder = failedRun(['snapshot', '--rows', '2', '--cols', '10', '--golden', golden, '--', 'sh', '-c', 'echo actual; sleep 5'],
    join(dir, 'golden-arts'));
  await openPage(join(folder, 'report.html'));
  assert.equal(await page.isVisible('#report'), true);
  assert.equal(await page.isVisible('#expected-pane'), true);
  assert.equal(await screenText('#expected'), 'expected');
  // screen.txt is the padded grid: its text is the rows trimmed, trailing blank rows dropped
  assert.equal(await screenText(), readFileSync(join(folder, 'screen.txt'), 'utf8').split('\n')
    .map((r) => r.trimEnd()).join('\n').replace(/\n+$/, ''));
  assert.equal(await page.textContent('#diff-summary'),
    `${'expected'.length} cells differ in text; styles not compared (${await page.textContent('#expected-name')} has none: text only)`);
  assert.deepEqual(errors, []);
});

test('the README screenshot', { timeout: 30_000 }, async () => {
  const out = process.env.TESSERA_SCREENSHOT || join(build, 'viewer.png');
  mkdirSync(dirname(out), { recursive: true });
  await page.setViewportSize({ width: 760, height: 330 });
  await openPage(pageFor(join(dir, 'styled.cast')), '?q=find+me');
  await page.screenshot({ path: out });
  await page.setViewportSize(WIDE);
  assert.ok(readFileSync(out).length > 1000, basename(out));
});
