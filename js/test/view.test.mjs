// `tessera view` (js/bin/tessera.mjs view, src/cli/view.js): the URL is the first line of
// stdout, the page, the package's modules, the wasm engine and the file are served on
// 127.0.0.1 and nothing outside them, a given --port is used, SIGTERM and SIGINT stop it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(repo, 'js', 'bin', 'tessera.mjs');
const cast = join(repo, 'tests', 'fixtures', 'casts', 'less.cast');

function start(args) {
  const child = spawn(process.execPath, [bin, 'view', '--no-open', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stderr.on('data', (d) => { err += d; });
  const url = new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before a URL: ${err}`)));
  });
  url.catch(() => {}); // awaited only by the runs that expect one
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, err })));
  return { child, url, exit };
}

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  test(`view serves the viewer and the file, and stops on ${signal}`, async () => {
    const v = start([cast]);
    const url = new URL(await v.url);
    assert.equal(url.hostname, '127.0.0.1');
    assert.equal(url.pathname, '/web/index.html');
    assert.equal(url.searchParams.get('src'), '/file/less.cast');
    const get = (path) => fetch(new URL(path, url));
    const page = await get(url.href);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<script type="module" src="main.js">/);
    const file = await get('/file/less.cast');
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), readFileSync(cast));
    assert.equal((await get('/js/src/index.js')).status, 200);
    const wasm = await get('/js/wasm/tessera-emscripten.wasm');
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
    for (const path of ['/file/other.cast', '/web/%2e%2e/README.md', '/js/src/../../README.md', '/README.md']) {
      assert.equal((await get(path)).status, 404, path);
    }
    v.child.kill(signal);
    const { code, err } = await v.exit;
    assert.equal(code, 0, err);
  });
}

test('view listens on the --port given, and refuses bad arguments', async () => {
  const port = await freePort();
  const v = start(['--port', String(port), cast]);
  assert.equal(new URL(await v.url).port, String(port));
  v.child.kill('SIGTERM');
  assert.equal((await v.exit).code, 0);
  for (const [args, code, message] of [[['--port', 'x', cast], 2, /--port must be/], [[], 2, /a FILE is needed/],
    [['/no/such/file.cast'], 1, /no such file/], [['--bogus', cast], 2, /unknown option/]]) {
    const bad = start(args);
    const r = await bad.exit;
    assert.equal(r.code, code, args.join(' '));
    assert.match(r.err, message);
  }
});
