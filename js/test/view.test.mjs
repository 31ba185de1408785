// `node js/bin/tessera.mjs view` is the native `tessera view` through WASI: one
// self-contained page (the viewer, the engine and FILE in it) whose path is the first line
// of stdout, byte for byte the native command's page; --out, --expected, the default folder
// under $TMPDIR; the native messages and exit codes for bad arguments and files; --open
// started here with xdg-open (the WASI command cannot), a missing opener said on stderr.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { built, castsDir, jsBin } from './support.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'tessera-js-view-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const cast = path.join(castsDir, 'less.cast');

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: work, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  if (r.error) throw r.error;
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const js = (args, env) => run(process.execPath, [jsBin, 'view', ...args], env);
const native = (args, env) => run(built('tessera'), ['view', ...args], env);

function pageData(html) {
  const m = /<script type="application\/json" id="tessera-data">([^]*?)<\/script>/.exec(html);
  assert.ok(m, 'the page has its tessera-data element');
  return JSON.parse(m[1]);
}

test('--out: the page is written there, its path the first line of stdout, with FILE in it', () => {
  const out = path.join(work, 'nested', 'folders', 'less.html');
  const r = js(['--out', out, cast]);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `${out}\n`);
  const data = pageData(readFileSync(out, 'utf8'));
  assert.equal(data.kind, 'view');
  assert.equal(data.file.name, 'less.cast');
  assert.ok(Buffer.from(data.file.base64, 'base64').equals(readFileSync(cast)));
});

test('the page is byte for byte the native command\'s, with and without --expected', () => {
  const expected = path.join(castsDir, 'less.screen');
  for (const extra of [[], ['--expected', expected]]) {
    const a = path.join(work, 'same', 'native.html'), b = path.join(work, 'same', 'js.html');
    const n = native(['--out', a, ...extra, cast]);
    assert.equal(n.code, 0, n.err);
    // the native page does not depend on when or where it is made: the same bytes twice
    const again = path.join(work, 'same', 'again.html');
    assert.equal(native(['--out', again, ...extra, cast]).code, 0);
    assert.ok(readFileSync(a).equals(readFileSync(again)), 'two native runs, two pages');
    assert.equal(js(['--out', b, ...extra, cast]).code, 0);
    assert.ok(readFileSync(a).equals(readFileSync(b)),
      'the JS page differs from the native one (build/wasm/tessera-cli.wasm and build/bin/tessera built from other web/ sources?)');
  }
  const withExpected = pageData(readFileSync(path.join(work, 'same', 'js.html'), 'utf8'));
  assert.equal(withExpected.expected.name, 'less.screen');
});

test('without --out the page goes to a new folder under $TMPDIR', () => {
  const tmp = path.join(work, 'tmpdir');
  mkdirSync(tmp);
  const r = js([cast], { TMPDIR: tmp });
  assert.equal(r.code, 0, r.err);
  const page = r.out.split('\n')[0];
  const [folder] = readdirSync(tmp);
  assert.match(folder, /^tessera-view-\d{8}-\d{6}(-\d+)?$/);
  assert.equal(page, path.join(tmp, folder, 'less.cast.html'));
  assert.equal(pageData(readFileSync(page, 'utf8')).file.name, 'less.cast');
});

// Where the JS CLI says its own name (usage lines, help hints), the native one says tessera.
const asNative = (r) => ({ ...r, out: r.out.replace(/\btessera-js\b/g, 'tessera'),
  err: r.err.replace(/\(see tessera-js --help\)$/gm, '(see tessera --help)') });

test('bad arguments and unreadable files: the native messages and exit codes', () => {
  writeFileSync(path.join(work, 'a.cast'), readFileSync(cast));
  for (const [args, code, message] of [
    [[], 2, /view needs a FILE/],
    [['--bogus', 'a.cast'], 2, /unknown option "--bogus"/],
    [['a.cast', 'b.cast'], 2, /only one FILE may be given/],
    [['a.cast', '--out'], 2, /--out needs a path/],
    [['/no/such/file.cast'], 2, /^\/no\/such\/file\.cast: cannot open: No such file or directory$/m],
    [['--expected', '/no/exp.txt', 'a.cast'], 2, /^\/no\/exp\.txt: cannot open/m],
    [['--out', '/proc/none/x.html', 'a.cast'], 2, /cannot create its folder/],
  ]) {
    const r = js(args);
    assert.equal(r.code, code, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, message, args.join(' '));
    assert.equal(r.out, '', args.join(' '));
    assert.deepEqual(asNative(r), native(args), `the native command says the same: ${args.join(' ')}`);
  }
  const help = js(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.out, /tessera-js view/);
  assert.equal(asNative(help).out, native(['--help']).out);
});

test('--open starts xdg-open on the page; a missing xdg-open is said, and is not an error', () => {
  const bin = path.join(work, 'bin');
  mkdirSync(bin);
  const opened = path.join(work, 'opened.txt');
  writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${opened}'\n`);
  chmodSync(path.join(bin, 'xdg-open'), 0o755);
  const out = path.join(work, 'open', 'page.html');
  const r = js(['--open', '--out', out, cast], { PATH: `${bin}:/usr/bin:/bin` });
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `${out}\n`);
  assert.equal(r.err, '');
  assert.equal(readFileSync(opened, 'utf8'), `${out}\n`);
  assert.ok(existsSync(out));
  // "--open" after "--" is a file name, not the flag
  assert.match(js(['--', '--open']).err, /^--open: cannot open/m);

  const empty = path.join(work, 'empty-bin');
  mkdirSync(empty);
  const missing = run(process.execPath, [jsBin, 'view', '--out', out, '--open', cast], { PATH: empty });
  assert.equal(missing.code, 0, missing.err);
  assert.equal(missing.out, `${out}\n`);
  assert.equal(missing.err, `tessera: view: xdg-open could not open the page: open ${out} in a browser\n`);
  // the native command says the same
  const nativeMissing = run(built('tessera'), ['view', '--out', out, '--open', cast], { PATH: empty });
  assert.deepEqual(nativeMissing, missing);
});
