// docs/spec-format.md against schema/tessera-spec-v*.schema.json: every property of every
// schema, at every level, has a row whose first cell is its path in backticks, and every
// such row names a property some schema has; each row's versions, types, required and
// default agree with the schemas.
//
// usage: node --test tests/docs/spec_format.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './cli_help.mjs';
import { tables, codeSpans } from './markdown.mjs';
import { walkSchemas } from './schema_walk.mjs';

const page = 'docs/spec-format.md';
const schemas = walkSchemas(path.join(root, 'schema'));

// The rows of the page's "| property | versions | type | required | default | meaning |" tables.
const rows = tables(readFileSync(path.join(root, page), 'utf8').split('\n'))
  .filter((t) => t.header[0] === 'property')
  .flatMap((t) => t.rows.map((cells) => Object.fromEntries(t.header.map((h, i) => [h, cells[i] ?? '']))))
  .map((r) => ({ ...r, path: codeSpans(r.property)[0] ?? r.property }));
const documented = new Map(rows.map((r) => [r.path, r]));

const typeWords = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'];
const sorted = (xs) => [...xs].sort().join(', ');

test('the page documents every schema property and no other', () => {
  const problems = [];
  for (const [p, s] of schemas) if (!documented.has(p))
    problems.push(`${page}: the schema (v${[...s.versions].join(', v')}) has \`${p}\`, which the page lacks: add a row "| \`${p}\` | versions | type | required | default | meaning |"`);
  for (const p of documented.keys()) if (!schemas.has(p))
    problems.push(`${page}: documents \`${p}\`, which no schema in schema/ has: remove the row, or fix its path`);
  const twice = rows.map((r) => r.path).filter((p, i, all) => all.indexOf(p) !== i);
  for (const p of twice) problems.push(`${page}: \`${p}\` has two rows: keep one`);
  assert.deepEqual(problems, []);
});

test('each row\'s versions, type, required and default agree with the schemas', () => {
  const problems = [];
  for (const [p, s] of schemas) {
    const r = documented.get(p);
    if (!r) continue; // reported above
    const where = `${page}: \`${p}\``;
    const versions = sorted(s.versions);
    if (sorted(r.versions.split(/[,\s]+/).filter(Boolean)) !== versions)
      problems.push(`${where}: versions "${r.versions}", but the schemas of versions ${versions} have it: write "${versions}"`);
    const said = typeWords.filter((w) => new RegExp(`\\b${w}\\b`).test(r.type));
    if (sorted(said) !== sorted(s.types))
      problems.push(`${where}: type "${r.type}", but the schemas say ${[...s.types].join(' or ')}: write that`);
    // Only contradictions: "one action" and "one form" fit a property required in some forms.
    if (!s.required.has(false) && /^no\b/.test(r.required))
      problems.push(`${where}: required "no", but every schema object that has it requires it`);
    if (!s.required.has(true) && /^yes\b/.test(r.required))
      problems.push(`${where}: required "yes", but no schema requires it: write "no"`);
    for (const d of s.defaults) if (!r.default.includes(d))
      problems.push(`${where}: default "${r.default}", but the schema's default is ${d}: write \`${d}\``);
  }
  assert.deepEqual(problems, []);
});
