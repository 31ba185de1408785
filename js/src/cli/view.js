// `tessera view [--port N] [--no-open] FILE`: serves the browser viewer (web/), the
// package's modules and wasm engines, and FILE on 127.0.0.1, prints the URL that opens FILE
// as the first line of stdout, and stops on SIGINT or SIGTERM. The browser tests serve the
// viewer with the same server (startViewServer).
//
// Only those paths are served, read-only, with no directory listings; FILE under
// /file/<its name>, so the page's ?src is a same-origin URL.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { nodeWasmBytes } from '../engine.js';

const here = (rel) => fileURLToPath(new URL(rel, import.meta.url));
const ROOTS = { '/web/': here('../../../web/'), '/js/src/': here('../') };
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm',
  '.png': 'image/png', '.svg': 'image/svg+xml',
};

// The file under root that path names, or null when it would leave root.
function inside(root, rel) {
  const file = normalize(join(root, rel));
  return file.startsWith(normalize(root.endsWith(sep) ? root : root + sep)) ? file : null;
}

/**
 * Starts the server. files: { name: path } served at /file/<name> (as octet-stream: the
 * page reads them as bytes). Resolves { server, origin, url(name, query) , close() }.
 */
export async function startViewServer({ files = {}, port = 0 } = {}) {
  const server = createServer(async (req, res) => {
    const send = (code, body, type = 'text/plain') => {
      res.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff' }).end(body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'GET only\n');
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === '/') {
        res.writeHead(302, { Location: '/web/index.html' }).end();
        return;
      }
      if (path.startsWith('/file/')) {
        const name = path.slice('/file/'.length);
        if (!Object.hasOwn(files, name)) return send(404, 'not found\n');
        return send(200, await readFile(files[name]), 'application/octet-stream');
      }
      if (path.startsWith('/js/wasm/')) {
        const name = path.slice('/js/wasm/'.length);
        if (!/^tessera-[a-z]+\.wasm$/.test(name)) return send(404, 'not found\n');
        return send(200, await nodeWasmBytes(name), MIME['.wasm']);
      }
      for (const [prefix, root] of Object.entries(ROOTS)) {
        if (!path.startsWith(prefix)) continue;
        const file = inside(root, path.slice(prefix.length));
        if (!file || !(await stat(file).catch(() => null))?.isFile()) break;
        return send(200, await readFile(file), MIME[extname(file)] ?? 'application/octet-stream');
      }
      return send(404, 'not found\n');
    } catch (e) {
      return send(500, `${e.message}\n`);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const url = (name, query = {}) => {
    const q = new URLSearchParams(name === undefined ? query : { src: `/file/${name}`, ...query });
    return `${origin}/web/index.html${[...q].length ? `?${q}` : ''}`;
  };
  const close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  return { server, origin, url, close };
}

const USAGE = 'usage: tessera view [--port N] [--no-open] FILE\n';

/** The command: returns a promise of the exit code (after SIGINT/SIGTERM). */
export async function runView(args) {
  let port = 0, openBrowser = true, file = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') { process.stdout.write(USAGE); return 0; }
    if (a === '--no-open') openBrowser = false;
    else if (a === '--port' || a.startsWith('--port=')) {
      const v = a === '--port' ? args[++i] : a.slice('--port='.length);
      if (!/^\d+$/.test(v ?? '') || Number(v) < 1 || Number(v) > 65535) {
        process.stderr.write(`tessera view: --port must be a whole number from 1 to 65535, got ${JSON.stringify(v ?? '')}\n`);
        return 2;
      }
      port = Number(v);
    } else if (a.startsWith('-') && a !== '-') {
      process.stderr.write(`tessera view: unknown option ${JSON.stringify(a)}\n${USAGE}`);
      return 2;
    } else if (file !== null) {
      process.stderr.write(`tessera view: only one FILE may be given\n${USAGE}`);
      return 2;
    } else file = a;
  }
  if (file === null) { process.stderr.write(`tessera view: a FILE is needed\n${USAGE}`); return 2; }
  if (!(await stat(file).catch(() => null))?.isFile()) {
    process.stderr.write(`tessera view: ${file}: no such file\n`);
    return 1;
  }
  let view;
  try {
    view = await startViewServer({ files: { [basename(file)]: file }, port });
  } catch (e) {
    process.stderr.write(`tessera view: cannot listen on 127.0.0.1:${port}: ${e.message}\n`);
    return 1;
  }
  // The handlers come before the URL: whoever reads the URL may stop us at once.
  const stopped = new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const url = view.url(basename(file));
  process.stdout.write(`${url}\n`);
  if (openBrowser) {
    // The desktop's opener, if there is one; without it the printed URL is the way in.
    const opener = spawn('xdg-open', [url], { stdio: 'ignore', detached: true });
    opener.on('error', () => process.stderr.write('tessera view: no xdg-open: open the URL above\n'));
    opener.unref();
  }
  await stopped;
  await view.close();
  return 0;
}
