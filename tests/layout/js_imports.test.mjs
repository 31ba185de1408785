// Nothing outside js/ imports a file of the JS package that is not one of its exports
// (js/package.json "exports"): the package's insides can move without breaking a caller,
// and what callers use is what users get. Running js/bin/tessera.mjs as a program is fine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const jsDir = path.join(repo, 'js');
const SKIP = new Set(['node_modules', '.git', 'js', 'dist']);

// The files behind the package's exports, however they are written in package.json.
function exportedFiles() {
  const files = new Set();
  const walk = (v) => {
    if (typeof v === 'string') files.add(path.join(jsDir, v));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(JSON.parse(readFileSync(path.join(jsDir, 'package.json'), 'utf8')).exports);
  return files;
}

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('build')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(mjs|js)$/.test(entry.name)) yield full;
  }
}

// Static imports, re-exports and dynamic import() with a literal specifier.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;

test('no file outside js/ imports the JS package other than through its exports', () => {
  const allowed = exportedFiles();
  const reaching = [];
  for (const file of sources(repo)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      if (!m[2].startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), m[2]);
      if (target.startsWith(jsDir + path.sep) && !allowed.has(target)) {
        const line = text.slice(0, m.index).split('\n').length;
        reaching.push(`${path.relative(repo, file)}:${line}: imports ${m[2]}`);
      }
    }
  }
  assert.deepEqual(reaching, [], `import these through the package's exports instead:\n${reaching.join('\n')}`);
});
