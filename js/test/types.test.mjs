// index.d.ts type-checked against the examples with `tsc --noEmit` (the
// repository's dev dependency `typescript`; a missing tsc fails the test).
// Each example is copied into a temporary project with its import of
// '../src/index.js' turned into 'tessera-terminal' (the package's name), which resolves to js/index.d.ts, so
// every call the examples make is checked against the declarations, not
// against the JavaScript. The Node modules the examples use are declared
// loosely (`any`): the point is tessera's API. A deliberate misuse must make
// tsc fail, so a configuration that checks nothing cannot pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './support.mjs';

const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
const examplesDir = path.join(repoRoot, 'js', 'examples');
const declarations = path.join(repoRoot, 'js', 'index.d.ts');

const NODE_MODULES = `
declare module 'node:test' { export const test: any; export const after: any; }
declare module 'node:assert/strict' { const assert: any; export default assert; }
declare module 'node:fs' {
  export const mkdtempSync: any, readFileSync: any, rmSync: any, writeFileSync: any;
}
declare module 'node:os' { const os: any; export default os; }
declare module 'node:path' { const path: any; export default path; }
`;

/** Writes the temporary project; returns its directory and the checked files. */
function project(extra = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-types-'));
  const files = [];
  for (const name of readdirSync(examplesDir).filter((n) => n.endsWith('.mjs')).sort()) {
    const src = readFileSync(path.join(examplesDir, name), 'utf8');
    assert.match(src, /from '\.\.\/src\/index\.js'/, `${name} imports the package entry`);
    const out = src.replace(/from '\.\.\/src\/index\.js'/g, "from 'tessera-terminal'")
      .replace(/^import '\.\.\/test\/support\.mjs';.*$/m, '');
    writeFileSync(path.join(dir, name), out);
    files.push(name);
  }
  for (const [name, text] of Object.entries(extra)) {
    writeFileSync(path.join(dir, name), text);
    files.push(name);
  }
  writeFileSync(path.join(dir, 'node-modules.d.ts'), NODE_MODULES);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      allowJs: true, checkJs: true, noEmit: true, strict: true, noImplicitAny: false,
      module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: [],
      paths: { 'tessera-terminal': [declarations] },
    },
    files: ['node-modules.d.ts', ...files],
  }, null, 2));
  return { dir, files };
}

function runTsc(dir) {
  return spawnSync(tsc, ['--noEmit', '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
}

test('tsc is installed (npm ci in the repository root)', () => {
  assert.ok(existsSync(tsc), `${tsc} is missing: run npm ci in ${repoRoot}`);
});

test('index.d.ts declares everything the examples use, with the types they use it with', () => {
  const { dir, files } = project();
  try {
    assert.ok(files.length >= 4, `examples found: ${files.join(', ')}`);
    const r = runTsc(dir);
    assert.equal(r.error, undefined, String(r.error));
    assert.equal(r.status, 0, `tsc --noEmit failed:\n${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the check is live: a misuse of the API is a type error', () => {
  const misuse = "import { launch, expectTerminal } from 'tessera-terminal';\n" +
    "const t = await launch('sh', { rows: 'many' });\n" +
    'await t.keyboard.pres("Enter");\n' +
    "await expectTerminal(t).not.toHaveShownText('x');\n" +
    "await expectTerminal(t.getByText('x')).toHaveStyle({ colour: 1 });\n";
  const { dir } = project({ 'misuse.mjs': misuse });
  try {
    const r = runTsc(dir);
    assert.notEqual(r.status, 0, 'tsc accepted a misuse');
    const out = r.stdout + r.stderr;
    assert.match(out, /misuse\.mjs.*'rows'|misuse\.mjs[\s\S]*string.*number/);
    assert.match(out, /misuse\.mjs.*'pres'/);
    assert.match(out, /misuse\.mjs.*'toHaveShownText' does not exist on type 'NegatedTerminalExpectation'/);
    assert.match(out, /misuse\.mjs.*'colour'/);
    const errors = out.split('\n').filter((l) => /\.mjs\(\d+,\d+\): error/.test(l));
    assert.ok(errors.length >= 4 && errors.every((l) => l.includes('misuse.mjs')), `only the misuse is an error:\n${out}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
