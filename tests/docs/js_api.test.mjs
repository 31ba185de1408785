// docs/js-api.md against js/index.d.ts: every exported name and every member of an exported
// class or interface has a row on the page (first cell: the name in backticks), and every
// row names something index.d.ts declares; and every name the package's typed entry points
// (package.json "exports" with "types") export at run time is declared there.
//
// usage: node --test tests/docs/js_api.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './cli_help.mjs';
import { tables, codeSpans } from './markdown.mjs';
import { scanDeclarations } from './dts_scan.mjs';

const page = 'docs/js-api.md';
const declared = scanDeclarations(readFileSync(path.join(root, 'js', 'index.d.ts'), 'utf8'));

// A row's name: "`new Screen(engine, options?)`" -> Screen.constructor,
// "`Terminal.mouse.wheel(row, col, direction?, options?)`" -> Terminal.mouse.wheel.
const nameOf = (span) => {
  const ctor = /^new\s+([\w$]+)\s*\(/.exec(span);
  return ctor ? `${ctor[1]}.constructor` : span.split('(')[0].trim();
};
const rows = tables(readFileSync(path.join(root, page), 'utf8').split('\n'))
  .filter((t) => t.header[0] === 'name')
  .flatMap((t) => t.rows.map((r) => nameOf(codeSpans(r[0])[0] ?? r[0])));
const documented = new Set(rows);

test('the page documents every name index.d.ts declares', () => {
  const missing = [...declared].filter((n) => !documented.has(n));
  assert.deepEqual(missing.map((n) => `${page}: js/index.d.ts declares \`${n}\`, which the page lacks: add a row "| \`${n}\` | what it is |" in its section`), []);
});

test('every name on the page is declared in index.d.ts, once', () => {
  const unknown = [...documented].filter((n) => !declared.has(n));
  const twice = rows.filter((n, i) => rows.indexOf(n) !== i);
  assert.deepEqual([
    ...unknown.map((n) => `${page}: documents \`${n}\`, which js/index.d.ts does not declare: remove the row, or fix the name`),
    ...twice.map((n) => `${page}: \`${n}\` has two rows: keep one`),
  ], []);
});

test('every name a typed entry point exports at run time is declared in index.d.ts', async () => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'js', 'package.json'), 'utf8'));
  const typed = Object.entries(pkg.exports).filter(([, v]) => typeof v === 'object' && v.types === './index.d.ts');
  assert.ok(typed.length >= 2, 'package.json exports "." and "./core" with their types');
  const undeclared = [];
  for (const [entry, v] of typed) {
    const mod = await import(pathToFileURL(path.join(root, 'js', v.default)).href);
    for (const name of Object.keys(mod)) if (!declared.has(name)) undeclared.push(`tessera-terminal${entry.slice(1)}: ${name}`);
  }
  assert.deepEqual(undeclared.map((n) => `${n} is exported but js/index.d.ts does not declare it`), []);
});
