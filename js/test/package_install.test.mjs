// The package works when installed elsewhere (issue 10 item 5), done as a
// user would: `npm pack` in js/, `npm install ./tessera-terminal-*.tgz` in an
// empty folder (offline: it has no dependencies), `cmake --install` of the
// build into a prefix, then a script in that folder imports the package by
// name, launches a real program through the binary it finds (via $PATH, then
// via $TESSERA_BIN) and replays a recording with the packed wasm engines; its
// tessera-js writes a viewer page (the page is in tessera-cli.wasm: the package
// ships no web/). Nothing of the checkout is visible to it: TESSERA_WASM_DIR
// and TESSERA_BUILD_DIR are unset and the folder lies outside the repository.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDir, castsDir, built, repoRoot } from './support.mjs';

const PKG = JSON.parse(readFileSync(path.join(repoRoot, 'js', 'package.json'), 'utf8'));
let tmp, app, prefix, tarball;

before(() => {
  built('tessera');
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-pkg-'));
  const npm = (args, cwd) => execFileSync('npm', [...args, '--cache', path.join(tmp, 'npm-cache'), '--no-audit',
    '--no-fund', '--loglevel', 'error'], { cwd, encoding: 'utf8', env: { ...process.env, TESSERA_WASM_DIR: path.join(buildDir, 'wasm') } });
  const tgz = npm(['pack', '--pack-destination', tmp], path.join(repoRoot, 'js')).trim().split('\n').pop();
  assert.equal(tgz, `${PKG.name}-${PKG.version}.tgz`);
  tarball = path.join(tmp, tgz);
  app = path.join(tmp, 'app');
  mkdirSync(app);
  npm(['install', '--offline', `../${tgz}`], app);
  prefix = path.join(tmp, 'prefix');
  execFileSync('cmake', ['--install', buildDir, '--prefix', prefix], { encoding: 'utf8' });
  copyFileSync(path.join(castsDir, 'less.cast'), path.join(app, 'less.cast'));
  writeFileSync(path.join(app, 'check.mjs'), `
import { launch, expectTerminal, openReplay } from ${JSON.stringify(PKG.name)};
const terminal = await launch('sh', ['-c', 'echo "installed: $0"; read x'], { timeoutMs: 20000 });
await expectTerminal(terminal.getByText('installed: sh')).toBePresent();
await terminal.close();
const replay = await openReplay('less.cast');
await expectTerminal(replay.getByText('086 golf charli')).toBePresent();
replay.seek({ event: replay.recording.events }); // the rest of it: the final screen
console.log(JSON.stringify({ host: terminal.hostPath, final: replay.screen.text() }));
`);
});

after(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

/** Runs node in the app folder with only the given variables (and a PATH). */
function runApp(args, env) {
  return spawnSync(process.execPath, args, { cwd: app, encoding: 'utf8', timeout: 60_000, env: { HOME: tmp, ...env } });
}

test('the tarball holds the wasm engines and the sources, and installs by its name', () => {
  const pkgDir = path.join(app, 'node_modules', PKG.name);
  assert.deepEqual(readdirSync(path.join(pkgDir, 'wasm')).sort(),
    ['tessera-cli.wasm', 'tessera-emscripten.wasm', 'tessera-wasi.wasm']);
  for (const f of ['index.d.ts', 'src/index.js', 'README.md']) assert.ok(existsSync(path.join(pkgDir, f)), f);
  assert.ok(existsSync(path.join(prefix, 'bin', 'tessera')), 'cmake --install put the binary in PREFIX/bin');
  // what is packed: the package's own files, nothing of web/ (the viewer page is inside
  // tessera-cli.wasm) and no server
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  assert.deepEqual(files.filter((f) => !/^package\/(src|bin|wasm)\/|^package\/(index\.d\.ts|package\.json|README\.md|LICENSE)$/.test(f)), []);
  assert.ok(files.includes('package/LICENSE'), 'the licence travels with the package');
  assert.ok(files.includes('package/src/cli/view_open.js'));
  assert.equal(files.includes('package/src/cli/view.js'), false);
  // postpack removed the copies from the source tree again
  assert.equal(existsSync(path.join(repoRoot, 'js', 'wasm')), false);
  assert.equal(existsSync(path.join(repoRoot, 'js', 'LICENSE')), false);
});

test('installed: the binary is found on PATH; a real program runs and a recording replays', () => {
  const r = runApp(['check.mjs'], { PATH: `${path.join(prefix, 'bin')}:/usr/bin:/bin` });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.host, path.join(prefix, 'bin', 'tessera'));
  assert.equal(out.final + '\n', readFileSync(path.join(castsDir, 'less.screen'), 'utf8'));
});

test('installed: TESSERA_BIN comes before PATH', () => {
  const bin = built('tessera');
  const r = runApp(['check.mjs'], { TESSERA_BIN: bin, PATH: `${path.join(prefix, 'bin')}:/usr/bin:/bin` });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).host, bin);
});

test('installed: no binary anywhere is an error naming each place tried', () => {
  const empty = path.join(tmp, 'empty');
  mkdirSync(empty, { recursive: true });
  assert.equal(existsSync('/usr/local/bin/tessera'), false,
    'this check needs a machine without an installed /usr/local/bin/tessera');
  const r = runApp(['-e', `import(${JSON.stringify(PKG.name)}).then((m) => m.launch('true'))`], { PATH: empty });
  assert.notEqual(r.status, 0);
  const msg = r.stderr;
  for (const place of ['$TESSERA_BIN (unset)', `$PATH (${empty})`, '/usr/local/bin/tessera (the install location)']) {
    assert.ok(msg.includes(place), `the error names ${place}:\n${msg}`);
  }
  assert.match(msg, /cmake --install build/);
  assert.match(msg, /set TESSERA_BIN/);
});

test('installed: the JS CLI (tessera-js) replays with the packed tessera-cli.wasm', () => {
  const r = runApp([path.join('node_modules', '.bin', 'tessera-js'), 'replay', 'less.cast'], { PATH: '/usr/bin:/bin' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, readFileSync(path.join(castsDir, 'less.screen'), 'utf8'));
});

test('installed: tessera-js view writes a self-contained page', () => {
  const r = runApp([path.join('node_modules', '.bin', 'tessera-js'), 'view', '--out', 'page.html', 'less.cast'],
    { PATH: '/usr/bin:/bin' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'page.html\n');
  const html = readFileSync(path.join(app, 'page.html'), 'utf8');
  const data = /<script type="application\/json" id="tessera-data">([^]*?)<\/script>/.exec(html);
  assert.ok(data, 'the page has its tessera-data element');
  assert.equal(JSON.parse(data[1]).file.name, 'less.cast');
  assert.ok(!html.includes(repoRoot), 'the page names the checkout');
});
