// Pages made away from the checkout, opened from file:// in headless Chromium with no server:
// (a) the native binary copied alone into an empty folder writes `view --out a.html vim.cast`;
// (b) the npm package, packed and installed offline into an empty folder, writes
// `tessera-js view --out b.html vim.cast`: every revision of each page shows the rows
// `tessera replay --event N` prints, and the page asks for nothing. (c) A failing node:test
// file of vim, written against the installed package: its artifacts folder (named after
// the test) holds the failing moment (the typed text, not what vim printed when it was
// ended), and its report.html shows that screen with the failed step selected.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, watchedPage } from './chromium.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = process.env.TESSERA_BUILD_DIR || join(repo, 'build');
const tessera = join(build, 'bin', 'tessera');
const vimCast = join(repo, 'tests', 'fixtures', 'casts', 'vim.cast');
const PKG = JSON.parse(readFileSync(join(repo, 'js', 'package.json'), 'utf8'));
const TEST_NAME = 'vim keeps what was typed';
const TYPED = 'hello from the js test';

let dir, app, browser, page;
const errors = [], requests = [];

// Runs a program in cwd with only these variables (no TESSERA_*, nothing of the checkout).
function runIn(cwd, cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 60_000,
    env: { HOME: dir, PATH: '/usr/bin:/bin', ...env } });
  if (r.error) throw r.error;
  return r;
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-standalone-'));
  // (a) the binary alone
  mkdirSync(join(dir, 'native'));
  copyFileSync(tessera, join(dir, 'native', 'tessera'));
  execFileSync('chmod', ['755', join(dir, 'native', 'tessera')]);
  copyFileSync(vimCast, join(dir, 'native', 'vim.cast'));
  // (b) the package from its tarball
  const npm = (args, cwd) => execFileSync('npm', [...args, '--cache', join(dir, 'npm-cache'), '--no-audit',
    '--no-fund', '--loglevel', 'error'], { cwd, encoding: 'utf8', env: { ...process.env, TESSERA_WASM_DIR: join(build, 'wasm') } });
  const tgz = npm(['pack', '--pack-destination', dir], join(repo, 'js')).trim().split('\n').pop();
  app = join(dir, 'app');
  mkdirSync(app);
  npm(['install', '--offline', `../${tgz}`], app);
  copyFileSync(vimCast, join(app, 'vim.cast'));
  browser = await launchChromium({ viewport: { width: 1280, height: 800 } });
  page = await watchedPage(browser, errors, requests);
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openPage(path) {
  requests.length = 0;
  await page.goto(`file://${path}`);
  assert.equal(await page.evaluate(() => window.viewer.ready.then(() => null, (e) => String(e))), null);
}

// The rows the page shows, trailing empty rows dropped (as `tessera replay` prints them).
function ROWS_TEXT() {
  const rows = [...document.querySelectorAll('#screen [data-row]')].map((r) => r.textContent);
  while (rows.length && rows.at(-1) === '') rows.pop();
  return rows.join('\n');
}
const replay = (file, ...args) => execFileSync(tessera, ['replay', ...args, file], { encoding: 'utf8' }).replace(/\n$/, '');

async function checkEveryRevision(path) {
  await openPage(path);
  const revisions = await page.evaluate(() => window.viewer.state.doc.revisions);
  assert.ok(revisions.length > 1, `${revisions.length} revisions`);
  // One round trip: the page steps through the revisions and reads its rows.
  const texts = await page.evaluate((read) => window.viewer.state.doc.revisions.map((_, i) => {
    window.viewer.show(i);
    return (0, eval)(`(${read})`)();
  }), ROWS_TEXT.toString());
  revisions.forEach((r, i) => assert.equal(texts[i], replay(vimCast, '--event', String(r.event)),
    `revision ${r.seq} (event ${r.event})`));
  assert.deepEqual(requests, [`file://${path}`], 'no request but the page');
  assert.deepEqual(errors, []);
}

test('(a) the native binary alone in an empty folder writes a page that shows every revision', { timeout: 60_000 }, async () => {
  const folder = join(dir, 'native');
  const r = runIn(folder, './tessera', ['view', '--out', 'a.html', 'vim.cast']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'a.html\n');
  await checkEveryRevision(join(folder, 'a.html'));
});

test('(b) the installed npm package writes the same page', { timeout: 60_000 }, async () => {
  const r = runIn(app, join('node_modules', '.bin', 'tessera-js'), ['view', '--out', 'b.html', 'vim.cast']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'b.html\n');
  await checkEveryRevision(join(app, 'b.html'));
  const native = join(dir, 'native', 'a.html');
  runIn(join(dir, 'native'), './tessera', ['view', '--out', 'a.html', 'vim.cast']);
  assert.ok(readFileSync(join(app, 'b.html')).equals(readFileSync(native)), 'the two pages differ');
});

test("(c) a failing JS test of vim: its report shows the failing moment with the step selected", { timeout: 90_000 }, async () => {
  writeFileSync(join(app, 'vim.test.mjs'), `
import { test } from 'node:test';
import { launch, expectTerminal } from ${JSON.stringify(PKG.name)};
test(${JSON.stringify(TEST_NAME)}, async (t) => {
  const term = await launch('vim', ['-u', 'NONE', '-N', '-i', 'NONE', '-n'],
    { hostPath: ${JSON.stringify(tessera)}, rows: 24, cols: 80, test: t });
  await expectTerminal(term.getByText('~').nth(0)).toBePresent();
  await term.keyboard.type(${JSON.stringify(`i${TYPED}`)});
  await expectTerminal(term.getByText(${JSON.stringify(TYPED)})).toBePresent();
  await term.keyboard.press('Escape');
  await expectTerminal(term.getByText('goodbye')).toBePresent({ timeoutMs: 500 });
});
`);
  const run = runIn(app, process.execPath, ['--test', 'vim.test.mjs'], { TERM: 'xterm-256color' });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  const arts = join(app, 'tessera-artifacts');
  const folders = readdirSync(arts);
  assert.equal(folders.length, 1, String(folders));
  assert.match(folders[0], /^vim_keeps_what_was_typed-\d{8}-\d{6}$/);
  const folder = join(arts, folders[0]);
  const trace = join(folder, 'trace.journal');

  const screen = readFileSync(join(folder, 'screen.txt'), 'utf8');
  assert.ok(screen.startsWith(TYPED), `the typed text is on the screen:\n${screen}`);
  assert.doesNotMatch(screen, /Caught deadly signal|Vim: Finished/, 'not the screen after vim was ended');
  const marks = replay(trace, '--marks');
  const failed = /step (\d+) end: failed \(\d+ms\): timed out after 500 ms$/m.exec(marks);
  assert.ok(failed, marks);
  const step = Number(failed[1]);
  assert.equal(step, 4, marks);
  assert.match(marks, /step 4 start: expectTerminal\(getByText\("goodbye"\)\)\.toBePresent\(\)$/m);
  assert.equal(execFileSync(tessera, ['replay', '--exact', '--step', String(step), trace], { encoding: 'utf8' }), screen);

  await openPage(join(folder, 'report.html'));
  const shown = await page.evaluate(() => ({
    rows: [...document.querySelectorAll('#screen [data-row]')].map((r) => r.textContent),
    selected: [...document.querySelectorAll('#steps li.selected')].map((li) => li.dataset.step),
    title: document.getElementById('report-title').textContent,
    reason: document.getElementById('report-reason').textContent,
  }));
  assert.deepEqual(shown.rows, screen.replace(/\n$/, '').split('\n').map((r) => r.trimEnd()));
  assert.deepEqual(shown.selected, [String(step)]);
  assert.equal(shown.title, TEST_NAME);
  assert.match(shown.reason, /^expectTerminal\(getByText\("goodbye"\)\)\.toBePresent\(\) failed: timed out after 500 ms$/);
  assert.deepEqual(requests, [`file://${join(folder, 'report.html')}`], 'no request but the page');
  assert.deepEqual(errors, []);
});
