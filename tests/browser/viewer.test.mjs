// The browser viewer (web/) in headless Chromium, served by `tessera view`'s own server:
// every revision's rows against `tessera replay --event N` and `--at`, the timeline's
// controls and the moment in the URL, colours read back from a screenshot's pixels (the
// page's and the SVG's), search and diff marks, and recordings carrying script and markup
// payloads that must stay text. It also writes the README's screenshot (TESSERA_SCREENSHOT
// names where; build/viewer.png by default).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startViewServer } from '../../js/src/cli/view.js';
import { launchChromium } from './chromium.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = process.env.TESSERA_BUILD_DIR || join(repo, 'build');
const tessera = join(build, 'bin', 'tessera');
const casts = join(repo, 'tests', 'fixtures', 'casts');
const CELL = { w: 9, h: 18 }; // web/viewer.css --cw/--ch, TSR_SVG_CELL_WIDTH/HEIGHT

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

// Markup and script in every place terminal data reaches the page.
const PAYLOAD = cast(4, 60, [
  [0.0, 'o', '\x1b]0;<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>\x07'],
  [0.1, 'o', '<script>window.pwned=3</script>\r\n<img src=x onerror="window.pwned=4">\r\n'],
  [0.2, 'o', '\x1b]8;;javascript:window.pwned=5\x07<b>click</b>\x1b]8;;\x07 &amp; &lt;\r\n'],
]);
const PAYLOAD_NAME = '<img src=x onerror="window.pwned=6">.cast';

let dir, view, browser, page, artifacts;
const errors = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-viewer-'));
  const files = {};
  for (const f of readdirSync(casts).filter((n) => n.endsWith('.cast'))) files[f] = join(casts, f);
  const write = (name, text) => { writeFileSync(join(dir, name), text); files[name] = join(dir, name); };
  write('styled.cast', STYLED);
  write(PAYLOAD_NAME, PAYLOAD);
  write('plain.cast', cast(3, 20, [[0.0, 'o', 'one two\r\nthree'], [0.5, 'o', ' four']]));
  write('expected.txt', execFileSync(tessera, ['replay', '--exact', files['plain.cast']], { encoding: 'utf8' })
    .replace('four', 'fous'));
  // a failed tape's artifacts: its trace carries the steps as marks
  write('evil.sh', "printf '%s\\n' '<script>window.pwned=7</script>'; read x; sleep 5\n");
  write('fails.tape', `run sh "${join(dir, 'evil.sh')}"\nexpect "pwned"\ntype "x"\nexpect "never" 300ms\n`);
  const failed = spawnSync(tessera, ['script', '--artifacts', join(dir, 'arts'), files['fails.tape']]);
  assert.equal(failed.status, 1, String(failed.stderr));
  artifacts = join(dir, 'arts', readdirSync(join(dir, 'arts'))[0]);
  files['trace.journal'] = join(artifacts, 'trace.journal');
  view = await startViewServer({ files });
  browser = await launchChromium({ viewport: { width: 1000, height: 700 } });
  page = browser.context.pages()[0] ?? await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
});

after(async () => {
  await browser?.close();
  await view?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openPage(url) {
  await page.goto(url);
  const error = await page.evaluate(() => window.viewer.ready.then(() => null, (e) => String(e)));
  assert.equal(error, null);
}

// The rows as the page shows them, trailing blank rows dropped (as `tessera replay` prints).
function ROWS_TEXT() {
  const rows = [...document.querySelectorAll('#screen [data-row]')].map((r) => r.textContent);
  while (rows.length && rows.at(-1) === '') rows.pop();
  return rows.join('\n');
}
const screenText = () => page.evaluate(ROWS_TEXT);
const replay = (file, ...args) =>
  execFileSync(tessera, ['replay', ...args, file], { encoding: 'utf8' }).replace(/\n$/, '');

test('every revision of every fixture shows the rows tessera replay --event prints', { timeout: 60_000 }, async () => {
  for (const f of readdirSync(casts).filter((n) => n.endsWith('.cast'))) {
    await openPage(view.url(f));
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

test('jumping to a time shows what tessera replay --at shows, and the URL opens that moment', { timeout: 30_000 }, async () => {
  const file = join(casts, 'vim.cast');
  await openPage(view.url('vim.cast'));
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
  const rev = url.searchParams.get('rev'), t = url.searchParams.get('t');
  assert.equal(rev, String(revisions.at(-3).seq));
  assert.equal(t, String(Math.round(revisions.at(-3).ms)));
  assert.match(await page.textContent('#position'), new RegExp(`^revision ${rev} `));
  await openPage(url.href);
  assert.equal(await screenText(), shown);
  // The scrubber moves through revisions too.
  await page.locator('#scrub').fill('0');
  assert.equal(await screenText(), '');
  assert.equal(new URL(page.url()).searchParams.get('rev'), '0');
});

test('play shows each revision at its recorded time', { timeout: 30_000 }, async () => {
  await openPage(view.url('styled.cast', { rev: '0' }));
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
  await openPage(view.url('styled.cast'));
  const shot = await page.locator('#screen').screenshot();
  assert.deepEqual(await pixels(shot, COLOURS.map(([p]) => p)), COLOURS.map(([, c]) => c));
  // The cursor is a bar (DECSCUSR 5) where the program left it.
  assert.equal(await page.getAttribute('.cursor', 'class'), 'cursor cursor-bar blink');
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

test('search highlights every match; a diff marks the changed cells on both sides', { timeout: 30_000 }, async () => {
  await openPage(view.url('styled.cast', { q: 'find me' }));
  assert.equal(await page.locator('#screen .match').count(), 14);
  assert.equal(await page.textContent('#search-count'), '2 matches');
  await page.fill('#search', '日本');
  assert.equal(await page.locator('#screen .match').count(), 2, 'two wide cells');
  assert.equal(await page.textContent('#search-count'), '1 match');

  await openPage(view.url('plain.cast', { expected: '/file/expected.txt' }));
  const changed = await page.evaluate(() => ['#screen', '#expected'].map((g) =>
    [...document.querySelectorAll(`${g} .changed`)].map((c) => `${c.parentElement.dataset.row},${c.dataset.col}`)));
  assert.deepEqual(changed, [['1,9'], ['1,9']]);
  assert.equal(await page.textContent('#diff-summary'), '1 cells differ');
  assert.equal(await page.textContent('#expected [data-row="1"]'), 'three fous');
  // Earlier in the recording, more differs.
  await page.click('#first');
  assert.notEqual(await page.textContent('#diff-summary'), '1 cells differ');
});

test('markup and script from the terminal and the file name stay text', { timeout: 30_000 }, async () => {
  await openPage(view.url(PAYLOAD_NAME));
  await page.waitForTimeout(200); // time for an image error handler, were there an image
  const seen = await page.evaluate(() => ({
    pwned: window.pwned ?? null,
    elements: [...document.body.querySelectorAll('script, img, b, a, iframe, object')].length,
    name: document.getElementById('name').textContent,
    title: document.getElementById('title').textContent,
    documentTitle: document.title,
    rows: [...document.querySelectorAll('#screen [data-row]')].map((r) => r.textContent),
    linkTitle: document.querySelector('#screen [data-row="2"] .cell').title,
  }));
  assert.equal(seen.pwned, null, 'no payload ran');
  assert.equal(seen.elements, 0, 'no element was made from terminal data');
  assert.equal(seen.name, `/file/${PAYLOAD_NAME}`);
  assert.equal(seen.title, '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>');
  assert.ok(seen.documentTitle.startsWith('<img src=x'));
  assert.deepEqual(seen.rows.slice(0, 3), ['<script>window.pwned=3</script>',
    '<img src=x onerror="window.pwned=4">', '<b>click</b> &amp; &lt;']);
  assert.equal(seen.linkTitle, 'javascript:window.pwned=5', 'a link is an attribute, never followed');
  assert.deepEqual(errors, []);
  // The SVG escapes the same text for XML.
  const svg = execFileSync(tessera, ['replay', '--svg', join(dir, PAYLOAD_NAME)], { encoding: 'utf8' });
  assert.ok(!/<(script|img|b)[ >]/.test(svg), svg);
  assert.match(svg, /&lt;script&gt;window\.pwned=3&lt;\/script&gt;/);
});

test('a failure trace opens at its moment with the steps as markers; its report runs nothing', { timeout: 30_000 }, async () => {
  const report = readFileSync(join(artifacts, 'report.html'), 'utf8');
  const rev = /&amp;rev=(\d+)/.exec(report)[1];
  await openPage(view.url('trace.journal', { rev }));
  const shown = await page.evaluate(() => ({
    markers: [...document.querySelectorAll('#revisions li.marker')].map((li) => li.textContent),
    rows: [...document.querySelectorAll('#screen [data-row]')].map((r) => r.textContent),
    pwned: window.pwned ?? null,
  }));
  assert.equal(new URL(page.url()).searchParams.get('rev'), rev);
  assert.equal(shown.pwned, null);
  assert.equal(shown.rows[0], '<script>window.pwned=7</script>');
  const labels = shown.markers.map((t) => t.replace(/ · .*$/, ''));
  assert.ok(labels.includes('marker step 1 start: line 3 type "x"'), labels.join('\n'));
  assert.ok(labels.some((l) => l.startsWith('marker step 2 end: failed, exit 1')), labels.join('\n'));
  // The report itself: a static page, the payload as text, nothing run.
  await page.goto(`file://${join(artifacts, 'report.html')}`);
  await page.waitForTimeout(100);
  const seen = await page.evaluate(() => ({
    pwned: window.pwned ?? null,
    scripts: document.querySelectorAll('script').length,
    screen: document.querySelector('pre').textContent,
    link: document.querySelector('a').getAttribute('href'),
  }));
  assert.equal(seen.pwned, null);
  assert.equal(seen.scripts, 0);
  assert.ok(seen.screen.startsWith('<script>window.pwned=7</script>'));
  assert.match(seen.link, /web\/index\.html\?src=.*trace\.journal&rev=\d+&t=\d+$/);
});

test('the README screenshot', { timeout: 30_000 }, async () => {
  const out = process.env.TESSERA_SCREENSHOT || join(build, 'viewer.png');
  mkdirSync(dirname(out), { recursive: true });
  await page.setViewportSize({ width: 760, height: 330 });
  await openPage(view.url('styled.cast', { q: 'find me' }));
  await page.screenshot({ path: out });
  await page.setViewportSize({ width: 1000, height: 700 });
});
