// Case files judged against case-v1.schema.json (ajv, JSON Schema 2020-12) and against
// the rules a schema cannot say (corpus/README.md). Every error names the file, the case
// and the field as a JSON pointer into the file.
import { createRequire } from 'node:module';
import { readFileSync, existsSync, realpathSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { EXPECTATION_KINDS } from './expect.mjs';
import { readRecording, RecordingError } from './recording.mjs';

const require = createRequire(import.meta.url);

const AJV_OPTIONS = { strict: true, strictRequired: false, allErrors: true };
// Compiled validators are kept beside ajv (node_modules/.cache/), named by a hash of the
// schema, ajv's version and the options: compiling the case schema is most of the runner's
// start-up (about half a CPU second), and the test suites start the runner a hundred times.
const CACHE_DIR = path.join(path.dirname(require.resolve('ajv/package.json')), '..', '.cache', 'tessera-corpus');

/** The schema's validate function: from the cache when one was compiled for it, else compiled now. */
function compiledSchema(schemaFile) {
  const text = readFileSync(schemaFile, 'utf8');
  const { version } = require('ajv/package.json');
  const key = createHash('sha256').update(JSON.stringify([text, version, AJV_OPTIONS])).digest('hex').slice(0, 20);
  const cached = path.join(CACHE_DIR, `schema-${key}.cjs`);
  if (existsSync(cached)) return createRequire(cached)(cached);
  const Ajv2020 = require('ajv/dist/2020');
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true } });
  const validate = ajv.compile(JSON.parse(text));
  try { // a cache that cannot be written only costs the next run its compile
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, require('ajv/dist/standalone').default(ajv, validate));
    renameSync(partial, cached);
  } catch { /* read-only or missing folder */ }
  return validate;
}

const FLAVOURS = ['input', 'inputHex', 'recordingRef', 'steps'];
const ACTIONS = ['input', 'inputHex', 'resize', 'reset'];
const FEED_OPTIONS = ['chunking', 'repeat'];

/** "FILE: case NAME: POINTER: message", for people. */
export function formatError(e, root = process.cwd()) {
  const rel = path.relative(root, e.file);
  const where = [rel && !rel.startsWith('..') ? rel : e.file];
  if (e.case) where.push(`case ${e.case}`);
  if (e.pointer) where.push(e.pointer);
  return `${where.join(': ')}: ${e.message}`;
}

// An ajv error as {pointer, message}, or null for the noise a failed oneOf leaves behind
// (each branch's own complaint; the oneOf error itself says what is wrong).
function fromAjv(err, data) {
  if (/\/oneOf\/\d+\//.test(err.schemaPath)) return null;
  if (err.keyword === 'propertyNames') return null;
  const at = err.instancePath;
  const value = at.split('/').slice(1).reduce((v, k) => v?.[k], data);
  switch (err.keyword) {
    case 'additionalProperties':
      return { pointer: `${at}/${err.params.additionalProperty}`, message: 'unknown field' };
    case 'oneOf': {
      const isStep = /\/steps\/\d+$/.test(at);
      const kinds = isStep ? ACTIONS : FLAVOURS;
      const have = kinds.filter((k) => value && value[k] !== undefined);
      if (have.length === 0) return { pointer: at, message: `no input flavour (one of ${kinds.join(', ')})` };
      return { pointer: `${at}/${have[1]}`, message: isStep ? `a second action in one step: ${have.join(' and ')}`
        : `a second input flavour: ${have.join(' and ')}` };
    }
    case 'enum':
      if (err.propertyName !== undefined) {
        const what = at.endsWith('/expectedModes') ? 'a mode of corpus/modes.json' : 'a name allowed here';
        return { pointer: `${at}/${err.propertyName}`, message: `"${err.propertyName}" is not ${what}` };
      }
      return { pointer: at, message: `must be one of ${err.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { pointer: at, message: err.message };
  }
}

const expectationsIn = (holder) => EXPECTATION_KINDS.filter((k) => holder[k] !== undefined);

// The rules of corpus/README.md that the schema cannot say, for one schema-valid case.
function caseRules(c, at, ctx) {
  const errors = [];
  const add = (pointer, message) => errors.push({ pointer, message });
  if (c.suite !== ctx.suite) add(`${at}/suite`, `"${c.suite}" is not the suite's folder "${ctx.suite}"`);
  const holders = c.steps ? c.steps.map((s, i) => [s, `${at}/steps/${i}`]) : [];
  if (c.steps) {
    for (const k of [...expectationsIn(c), ...FEED_OPTIONS.filter((o) => c[o] !== undefined)]) {
      add(`${at}/${k}`, 'a case with steps has its expectations and feed options in its steps');
    }
    c.steps.forEach((s, i) => {
      if (!ACTIONS.some((a) => s[a] !== undefined) && !expectationsIn(s).length) add(`${at}/steps/${i}`, 'an empty step');
    });
  }
  for (const [h, p] of [[c, at], ...holders]) {
    if (h.input !== undefined || h.inputHex !== undefined) continue;
    for (const o of FEED_OPTIONS) if (h[o] !== undefined) add(`${p}/${o}`, `${o} only beside input or inputHex`);
  }
  if (![c, ...(c.steps ?? [])].some((h) => expectationsIn(h).length)) add(at, 'no expectation');
  for (const [h, p] of [[c, at], ...holders]) {
    for (const name of Object.keys(h.expectedModes ?? {})) {
      if (!(name in ctx.modes)) add(`${p}/expectedModes/${name}`, `"${name}" is not a mode of corpus/modes.json`);
    }
  }
  if (c.recordingRef !== undefined) {
    const problem = recordingProblem(c.recordingRef, ctx);
    if (problem) add(`${at}/recordingRef`, problem);
  }
  return errors;
}

function recordingProblem(ref, ctx) {
  const target = path.resolve(path.dirname(ctx.file), ref);
  if (!existsSync(target)) return `"${ref}" does not exist`;
  const inside = (p) => !path.relative(realpathSync(ctx.suiteDir), p).startsWith('..');
  if (!inside(realpathSync(target))) return `"${ref}" is outside the suite's folder`;
  try {
    readRecording(target, readFileSync(target));
  } catch (e) {
    if (e instanceof RecordingError) return `"${ref}": ${e.message}`;
    throw e;
  }
  return null;
}

/**
 * A validator for case files. schemaFile: case-v1.schema.json; modes: name -> "?N".
 * check({suite, dir, files}) returns [{file, case, pointer, message}] for the suite,
 * names unique across its files.
 */
export function makeValidator(schemaFile, modes) {
  const validate = compiledSchema(schemaFile);
  return function check(suite) {
    const errors = [];
    const seen = new Map();
    for (const { file, data } of suite.files) {
      const caseName = (pointer) => {
        const m = /^\/cases\/(\d+)/.exec(pointer);
        const n = m && data?.cases?.[+m[1]]?.name;
        return typeof n === 'string' ? n : m ? `#${m[1]}` : null;
      };
      const push = (pointer, message) => errors.push({ file, case: caseName(pointer), pointer, message });
      // Cases the schema refused are left out of the other rules; the rest are judged.
      const refused = new Set();
      if (!validate(data)) {
        const dedup = new Set();
        for (const err of validate.errors) {
          const e = fromAjv(err, data);
          if (!e || dedup.has(e.pointer + e.message)) continue;
          dedup.add(e.pointer + e.message);
          push(e.pointer, e.message);
          const m = /^\/cases\/(\d+)/.exec(e.pointer);
          refused.add(m ? +m[1] : 'file');
        }
      }
      if (refused.has('file') || !Array.isArray(data?.cases)) continue;
      data.cases.forEach((c, i) => {
        if (refused.has(i)) return;
        const at = `/cases/${i}`;
        for (const e of caseRules(c, at, { suite: suite.name, suiteDir: suite.dir, file, modes })) push(e.pointer, e.message);
        if (seen.has(c.name)) push(`${at}/name`, `a second case named "${c.name}" in the suite (the first is in ${path.basename(seen.get(c.name))})`);
        else seen.set(c.name, file);
      });
    }
    return errors;
  };
}
