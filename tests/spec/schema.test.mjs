// Every valid and invalid spec under tests/spec/ through ajv (JSON Schema
// 2020-12, schema/tessera-spec-v*.schema.json) and through the C validator
// (`tessera test --check`): both accept every valid spec, both refuse every
// invalid one the schema can express, and the rules a schema cannot express
// (marked "no" in invalid/expected.tsv) are refused by tessera alone.
//
// usage: node --test tests/spec/schema.test.mjs   (TSR_BIN: the tessera binary)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const bin = process.env.TSR_BIN ?? join(root, 'build', 'bin', 'tessera');
const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true });
const validators = {};
for (const v of [1, 2, 3]) {
  const schema = JSON.parse(readFileSync(join(root, 'schema', `tessera-spec-v${v}.schema.json`), 'utf8'));
  validators[v] = ajv.compile(schema);
}

// The schema's verdict: text that is not JSON is invalid; the version picks
// the schema (an unknown or missing version fails v1's `const`).
function schemaAccepts(file) {
  let doc;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  const v = doc && typeof doc === 'object' && [2, 3].includes(doc.version) ? doc.version : 1;
  return validators[v](doc);
}

function tesseraAccepts(file) {
  const r = spawnSync(bin, ['test', '--check', file], { encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 2, `${file}: exit ${r.status}: ${r.stderr}`);
  return r.status === 0;
}

const specs = (dir) =>
  readdirSync(join(here, dir)).filter((f) => f.endsWith('.spec.json')).map((f) => join(here, dir, f));

test('the schema files are the ones schema/generate.mjs makes from the table of steps', () => {
  const r = spawnSync(process.execPath, [join(root, 'schema', 'generate.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});

test('every valid spec is accepted by both', () => {
  const files = specs('valid');
  assert.ok(files.length >= 4);
  for (const f of files) {
    assert.equal(schemaAccepts(f), true, `${f}: ajv refused: ${ajv.errorsText()}`);
    assert.equal(tesseraAccepts(f), true, `${f}: tessera refused`);
  }
});

test('every invalid spec is refused, by both where a schema can say it', () => {
  const table = new Map(
    readFileSync(join(here, 'invalid', 'expected.tsv'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
      .map(([name, schema]) => [name, schema]),
  );
  const files = specs('invalid');
  assert.equal(files.length, table.size, 'expected.tsv names every invalid spec');
  let both = 0;
  for (const f of files) {
    const name = f.slice(f.lastIndexOf('/') + 1, -'.spec.json'.length);
    assert.ok(table.has(name), `${name}: not in expected.tsv`);
    assert.equal(tesseraAccepts(f), false, `${f}: tessera accepted it`);
    const expressible = table.get(name) === 'yes';
    assert.equal(schemaAccepts(f), !expressible,
      expressible ? `${f}: ajv accepted it` : `${f}: ajv refused a rule marked beyond the schema`);
    both += expressible;
  }
  assert.ok(both >= 40, `only ${both} invalid specs refused by both`);
});
