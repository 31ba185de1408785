// Writes schema/tessera-spec-v{1,2,3}.schema.json from one description: the top-level
// fields below, each version adding to the last, and the step keys of the table of steps
// (native-host/tape/steps.def, the table the C checker reads), each key with the value
// schema below for the versions it exists in. A key in the table without a value schema
// here, or one here that the table lacks, is an error: the two cannot drift.
//
//   node schema/generate.mjs          rewrite the three files
//   node schema/generate.mjs --check  exit 1 (naming the file) when one is not current
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const VERSIONS = [1, 2, 3];
const NO_NUL = '^[^\\u0000]*$';
const NAME = '^[A-Za-z_][A-Za-z0-9_]{0,127}$';

/** The rows of steps.def: { op, tape, spec, since, args, input }. */
export function stepTable(text = readFileSync(join(root, 'native-host', 'tape', 'steps.def'), 'utf8')) {
  const rows = [];
  const str = '(?:"([^"]*)"|NULL)';
  const re = new RegExp(`^STEP\\((\\w+),\\s*${str},\\s*${str},\\s*(\\d+),\\s*"([^"]*)",\\s*(\\w+)\\)$`);
  for (const line of text.split('\n')) {
    if (!line.startsWith('STEP(')) continue;
    const m = re.exec(line.trim());
    if (!m) throw new Error(`steps.def: a row this reader cannot read: ${line}`);
    rows.push({ op: m[1], tape: m[2] ?? null, spec: m[3] ?? null, since: Number(m[4]), args: m[5],
      input: m[6] === 'STEP_INPUT' });
  }
  return rows;
}

const size = { $ref: '#/$defs/size' };
const cell = { type: 'integer', minimum: 0, maximum: 999 };
// {"text": "OK"} or {"row": R, "col": C}; a wheel adds its "direction"
const place = (extra = {}) => ({
  oneOf: [
    { type: 'object', additionalProperties: false, required: ['text', ...Object.keys(extra)],
      properties: { text: { $ref: '#/$defs/text' }, ...extra } },
    { type: 'object', additionalProperties: false, required: ['row', 'col', ...Object.keys(extra)],
      properties: { row: cell, col: cell, ...extra } },
  ],
});
const colour = { oneOf: [{ type: 'integer', minimum: 0, maximum: 255 },
  { type: 'string', pattern: '^(#[0-9A-Fa-f]{6}|default)$' }] };
const style = {
  type: 'object', additionalProperties: false,
  description: 'how every cell of the match looks: colours as a palette index, #rrggbb or default; attributes true (set) or false (clear)',
  properties: Object.fromEntries([['fg', colour], ['bg', colour],
    ...['bold', 'dim', 'italic', 'underline', 'blink', 'inverse', 'hidden', 'strike', 'overline']
      .map((a) => [a, { type: 'boolean' }])]),
};
const expectation = (v) => (v < 3 ? { $ref: '#/$defs/text' } : {
  oneOf: [{ $ref: '#/$defs/text' },
    { type: 'object', additionalProperties: false, required: ['text'], properties: { text: { $ref: '#/$defs/text' }, style } },
    { type: 'object', additionalProperties: false, required: ['regex'],
      properties: { regex: { type: 'string', minLength: 1, maxLength: 4096 }, style } }],
});
const snapshotName = { type: 'string', pattern: '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$' };

/** Each spec key's value, by version. */
const VALUES = {
  key: () => ({ type: 'string', minLength: 1, description: 'a key name: Enter, Ctrl+C, F5, ...' }),
  text: () => ({ type: 'string', minLength: 1 }),
  paste: () => ({ type: 'string', minLength: 1, description: 'bracketed when the program enabled it' }),
  click: () => place(),
  double_click: () => place(),
  wheel: () => place({ direction: { enum: ['up', 'down'] } }),
  expect: expectation,
  expect_not: expectation,
  wait_for_redraw: () => ({ const: true }),
  snapshot: (v) => (v < 3 ? snapshotName : {
    oneOf: [snapshotName, { type: 'object', additionalProperties: false, required: ['name'],
      properties: { name: snapshotName, styled: { type: 'boolean' } } }],
  }),
  exit: () => ({ type: 'integer', minimum: 0, maximum: 255 }),
  resize: () => size,
};

function stepSchema(v, rows) {
  const keys = rows.filter((r) => r.spec && r.since >= 1 && r.since <= v);
  const properties = Object.fromEntries(keys.map((r) => [r.spec, VALUES[r.spec](v)]));
  if (v < 3) {
    return { type: 'object', minProperties: 1, maxProperties: 1, additionalProperties: false, properties };
  }
  // one object per action: exactly one action, and "now" or "ready_ms" only beside an input
  const modifiers = { now: { const: true }, ready_ms: { type: 'integer', minimum: 1, maximum: 3600000 } };
  return {
    description: 'exactly one action; an input action may add "now" (sent at once) or "ready_ms" (its readiness budget)',
    oneOf: keys.map((r) => ({
      type: 'object', additionalProperties: false, required: [r.spec],
      properties: { [r.spec]: properties[r.spec], ...(r.input ? modifiers : {}) },
    })),
  };
}

function spec(v, rows) {
  const properties = {
    $schema: { type: 'string', description: 'for editors; ignored' },
    version: { const: v, description: 'required; never guessed' },
    command: {
      type: 'array', minItems: 1, maxItems: 4096,
      description: 'the executable, then its arguments; executed directly, no shell',
      prefixItems: [{ type: 'string', minLength: 1, pattern: NO_NUL }],
      items: { type: 'string', pattern: NO_NUL },
    },
    cwd: { type: 'string', minLength: 1, pattern: NO_NUL, description: "relative to the spec's folder (default: that folder)" },
    env: { type: 'object', propertyNames: { pattern: NAME }, additionalProperties: { type: 'string', pattern: NO_NUL } },
    inherit_env: { type: 'array', items: { type: 'string', pattern: NAME } },
    viewport: { $ref: '#/$defs/size', description: 'default 80 x 24' },
    timeout_ms: { type: 'integer', minimum: 1, maximum: 3600000, default: 3000 },
    run_timeout_ms: { type: 'integer', minimum: 1, maximum: 86400000, default: 30000 },
    max_output_bytes: { type: 'integer', minimum: 1, maximum: 1073741824, default: 2000000 },
    report_details: { type: 'boolean', default: false,
      description: 'reports (tessera test output, --report, --junit) and artifacts also carry the expected text and the screen at the failing moment; never arguments, environment values or typed input' },
    startup_timeout_ms: { type: 'integer', minimum: 0, maximum: 3600000, default: 0 },
  };
  if (v >= 2) {
    properties.workspace = { type: 'string', minLength: 1, pattern: '^(?!/)(?!(.*/)?\\.\\.(/|$))[^\\u0000]+$',
      description: 'a fixture folder beside the spec, copied fresh into a temporary working directory' };
  }
  if (v >= 3) {
    properties.ready_budget_ms = { type: 'integer', minimum: 1, maximum: 3600000, default: 1000,
      description: 'how long an input step waits for the program to read its terminal before it is sent anyway' };
  }
  properties.steps = { type: 'array', maxItems: 1000, items: { $ref: '#/$defs/step' } };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://github.com/tessera/tessera/schema/tessera-spec-v${v}.schema.json`,
    title: `tessera test spec, version ${v}`,
    description: 'One JSON object per file, checked whole before anything runs (README: JSON test specs). Rules a schema cannot say (duplicate keys, the 1 MB size, key names, the ordering of expect_not, wait_for_redraw and snapshot, 100 distinct snapshot names' +
      (v >= 3 ? ', "now" with "ready_ms", patterns that compile' : '') + ') are checked by tessera test.',
    type: 'object', additionalProperties: false, required: ['version', 'command', 'steps'], properties,
    $defs: {
      size: { type: 'object', additionalProperties: false, required: ['cols', 'rows'],
        properties: { cols: { type: 'integer', minimum: 1, maximum: 1000 }, rows: { type: 'integer', minimum: 1, maximum: 1000 } } },
      text: { type: 'string', minLength: 1, pattern: '^[^\\u0000-\\u001F\\u007F]+$' },
      step: stepSchema(v, rows),
    },
  };
}

/** The three files' text, by path. */
export function schemas(rows = stepTable()) {
  const missing = rows.filter((r) => r.spec && !VALUES[r.spec]).map((r) => r.spec);
  const extra = Object.keys(VALUES).filter((k) => !rows.some((r) => r.spec === k));
  if (missing.length || extra.length) {
    throw new Error(`schema/generate.mjs and steps.def disagree: no value schema for ${missing.join(', ') || '-'}; ` +
      `not in the table: ${extra.join(', ') || '-'}`);
  }
  return Object.fromEntries(VERSIONS.map((v) => [join(here, `tessera-spec-v${v}.schema.json`),
    `${JSON.stringify(spec(v, rows), null, 2)}\n`]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, text] of Object.entries(schemas())) {
    let old = null;
    try { old = readFileSync(path, 'utf8'); } catch { /* missing: stale */ }
    if (old === text) continue;
    if (check) {
      process.stderr.write(`${path}: not current (node schema/generate.mjs rewrites it)\n`);
      stale++;
    } else writeFileSync(path, text);
  }
  process.exitCode = stale ? 1 : 0;
}
