// Builds the viewer page: `node web/build.mjs --wasm ENGINE.wasm --out DIR` writes
// DIR/viewer.html (the template of web/README.md: one inline script, its sha256 in the
// Content-Security-Policy, the engine gzip+base64 in a block that never runs, one
// <!--tessera-data--> line); web/embed.cmake makes it C for the CLI.
// Same inputs, same bytes out: nothing here reads the clock or the environment.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const web = dirname(fileURLToPath(import.meta.url));
const PLACEHOLDER = '<!--tessera-data-->';

function die(message) {
  process.stderr.write(`web/build.mjs: ${message}\n`);
  process.exit(1);
}

function readOrDie(path, what) {
  try {
    return readFileSync(path);
  } catch (e) {
    return die(`${what} ${path}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
}

// esbuild is a dev dependency of the repository root; the page needs it only here.
async function loadEsbuild() {
  try {
    return await import('esbuild');
  } catch (e) {
    return die(`esbuild is not installed (npm ci at the repository root): ${e.message}`);
  }
}

async function bundle(esbuild) {
  const result = await esbuild.build({
    entryPoints: [join(web, 'main.js')], bundle: true, write: false, format: 'iife',
    platform: 'browser', target: 'es2022', minify: true, legalComments: 'none', charset: 'ascii',
    // js/src loads files in Node through dynamic imports of node: modules; the page never
    // takes those paths, so they stay as they are, never bundled.
    external: ['node:*'], logLevel: 'silent',
  }).catch((e) => die(`bundling ${join(web, 'main.js')}: ${e.message}`));
  return result.outputFiles[0].text.trimEnd();
}

// Text inside <script> or <style> ends at the first "</script" or "</style" whatever quotes
// surround it, and "<!--" changes how the parser reads what follows: refuse both.
function checkRawText(text, tag, source) {
  const bad = [`</${tag}`, '<!--'].find((s) => text.toLowerCase().includes(s));
  if (bad) die(`${source}: the inline <${tag}> would contain ${JSON.stringify(bad)}`);
}

async function main() {
  const { values } = parseArgs({ options: { wasm: { type: 'string' }, out: { type: 'string' } } });
  if (!values.wasm || !values.out) die('usage: node web/build.mjs --wasm ENGINE.wasm --out DIR');
  const wasmPath = resolve(values.wasm), out = resolve(values.out);
  const wasm = readOrDie(wasmPath, 'the engine');
  if (wasm.length < 8 || wasm.readUInt32BE(0) !== 0x0061736d) die(`${wasmPath}: not a WebAssembly module`);
  const templatePath = join(web, 'page.html'), cssPath = join(web, 'viewer.css');
  const template = readOrDie(templatePath, 'the page').toString('utf8');
  const esbuild = await loadEsbuild();
  const css = (await esbuild.transform(readOrDie(cssPath, 'the styles').toString('utf8'),
    { loader: 'css', minify: true, charset: 'ascii' })).code.trimEnd();
  checkRawText(css, 'style', cssPath);
  const script = await bundle(esbuild);
  checkRawText(script, 'script', join(web, 'main.js'));
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  const csp = `default-src 'none'; script-src 'sha256-${hash}' 'wasm-unsafe-eval'; ` +
    "style-src 'unsafe-inline'; img-src data:";
  // gzip's header carries no name or time from zlib: the same module gives the same bytes.
  const engine = gzipSync(wasm, { level: 9 }).toString('base64');
  const slots = { CSP: csp, STYLE: css, ENGINE: engine, SCRIPT: script };
  // One pass, so nothing put in a slot is read as another slot.
  const page = template.replace(/@(CSP|STYLE|ENGINE|SCRIPT)@/g, (_, name) => slots[name]);
  const lines = page.split('\n');
  const placeholders = page.split(PLACEHOLDER).length - 1;
  const ownLine = lines.filter((l) => l === PLACEHOLDER).length;
  if (placeholders !== 1 || ownLine !== 1) {
    die(`${templatePath}: the page has ${placeholders} ${PLACEHOLDER} (${ownLine} on a line of their own); ` +
      'it needs exactly one, on a line of its own');
  }
  const bytes = Buffer.from(page, 'utf8');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'viewer.html'), bytes);
}

await main();
