// A failing vim tape and a failing vim spec, run by `tessera test` as a user runs them: each
// leaves artifacts whose screen is the moment the failed step saw (vim's screen with the typed
// text, never what vim printed when tessera ended it), and whose report.html, opened from
// file:// in headless Chromium with no server, shows that screen in [data-row] rows with the
// failing step selected. (A failing JS test's report: standalone_pages_suite.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, watchedPage } from './chromium.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tessera = join(process.env.TESSERA_BUILD_DIR || join(repo, 'build'), 'bin', 'tessera');
const VIM = ['vim', '-u', 'NONE', '-N', '-i', 'NONE', '-n']; // -n: no swap file left where the test ran

const TAPE = `run ${VIM.join(' ')}
expect "~"
type "ihello from the tape"
press "Escape"
expect "goodbye" 1s
`;
const SPEC = JSON.stringify({
  version: 1, command: VIM, timeout_ms: 1000,
  steps: [{ expect: '~' }, { text: 'ihello from the spec' }, { key: 'Escape' }, { expect: 'goodbye' }],
});

let dir, browser, page;
const errors = [], requests = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-reports-'));
  writeFileSync(join(dir, 'vim.tape'), TAPE);
  writeFileSync(join(dir, 'vim.spec.json'), SPEC);
  const run = spawnSync(tessera, ['test', '--jobs', '1', '--artifacts', join(dir, 'arts'), dir],
    { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.equal(readdirSync(join(dir, 'arts')).length, 2, `one folder each: ${readdirSync(join(dir, 'arts'))}`);
  browser = await launchChromium({ viewport: { width: 1280, height: 800 } });
  page = await watchedPage(browser, errors, requests);
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The folders are named after the files without extensions: both are "vim-TIME[-N]"; which
// is which is in their reports' titles.
function folderOf(kind) {
  const all = readdirSync(join(dir, 'arts')).map((f) => join(dir, 'arts', f));
  const found = all.filter((f) => readFileSync(join(f, 'report.html'), 'utf8')
    .includes(`"title":"${join(dir, kind === 'tape' ? 'vim.tape' : 'vim.spec.json')}"`));
  assert.equal(found.length, 1, `the ${kind}'s folder among ${all}`);
  return found[0];
}

// The failed step, from the trace's marks as `tessera replay --marks` lists them.
function failedStep(folder) {
  const marks = execFileSync(tessera, ['replay', '--marks', join(folder, 'trace.journal')], { encoding: 'utf8' });
  const m = /step (\d+) end: failed/.exec(marks);
  assert.ok(m, marks);
  return Number(m[1]);
}

for (const kind of ['tape', 'spec']) {
  test(`a failing vim ${kind}: screen.txt is the failing moment, and report.html shows it with the step selected`, { timeout: 60_000 }, async () => {
    const folder = folderOf(kind);
    const screen = readFileSync(join(folder, 'screen.txt'), 'utf8');
    assert.match(screen, new RegExp(`^hello from the ${kind}`), 'the typed text is on the screen');
    assert.doesNotMatch(screen, /Caught deadly signal|Vim: Finished/, 'not the screen after tessera ended vim');
    const step = failedStep(folder);
    assert.equal(step, 3);
    assert.equal(execFileSync(tessera, ['replay', '--exact', '--step', String(step), join(folder, 'trace.journal')],
      { encoding: 'utf8' }), screen);

    requests.length = 0;
    await page.goto(`file://${join(folder, 'report.html')}`);
    assert.equal(await page.evaluate(() => window.viewer.ready.then(() => null, (e) => String(e))), null);
    const shown = await page.evaluate(() => ({
      rows: [...document.querySelectorAll('#screen [data-row]')].map((r) => r.textContent),
      selected: [...document.querySelectorAll('#steps li.selected')].map((li) => li.dataset.step),
    }));
    const rows = screen.replace(/\n$/, '').split('\n').map((r) => r.trimEnd());
    assert.deepEqual(shown.rows, rows);
    assert.deepEqual(shown.selected, [String(step)]);
    assert.deepEqual(requests, [`file://${join(folder, 'report.html')}`], 'no request but the page');
    assert.deepEqual(errors, []);
  });
}
