// Every property of the JSON test spec schemas (schema/tessera-spec-v*.schema.json), by
// path: `viewport.cols`, `steps[].expect.style.fg`, `env.*` (any name). For each: the
// versions whose schema has it, its JSON types and its default, merged over the forms a
// property can take (oneOf, $ref, the v3 step's one form per action).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const jsonType = (v) => (Number.isInteger(v) ? 'integer' : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

export function schemaFiles(dir) {
  return readdirSync(dir).map((f) => /^tessera-spec-v(\d+)\.schema\.json$/.exec(f))
    .filter(Boolean).map((m) => ({ version: Number(m[1]), file: path.join(dir, m[0]) }))
    .sort((a, b) => a.version - b.version);
}

// path -> { versions: Set, types: Set, defaults: Set (JSON text), required: Set (booleans:
// whether each object form that has the property requires it) }
export function walkSchemas(dir) {
  const props = new Map();
  for (const { version, file } of schemaFiles(dir)) {
    const root = JSON.parse(readFileSync(file, 'utf8'));
    const resolve = (s) => (s?.$ref ? resolve(s.$ref.slice(2).split('/').reduce((o, k) => o[k], root)) : s);
    // The types a value of this schema may have, and the properties under it.
    const visit = (schema, at, depth = 0) => {
      const s = resolve(schema);
      if (!s || typeof s !== 'object') return new Set();
      if (depth > 32) throw new Error(`${file}: ${at}: nested deeper than 32 (a recursive schema?)`);
      const types = new Set();
      if (s.type) for (const t of [s.type].flat()) types.add(t);
      if ('const' in s) types.add(jsonType(s.const));
      if (s.enum) for (const v of s.enum) types.add(jsonType(v));
      for (const alt of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) for (const t of visit(alt, at, depth + 1)) types.add(t);
      for (const [name, sub] of Object.entries(s.properties ?? {}))
        note(at ? `${at}.${name}` : name, sub, (s.required ?? []).includes(name), depth);
      if (s.additionalProperties && typeof s.additionalProperties === 'object') note(`${at}.*`, s.additionalProperties, false, depth);
      if (s.items) visit(s.items, `${at}[]`, depth + 1);
      return types;
    };
    const note = (p, sub, required, depth) => {
      const entry = props.get(p) ?? { versions: new Set(), types: new Set(), defaults: new Set(), required: new Set() };
      props.set(p, entry);
      entry.versions.add(version);
      entry.required.add(required);
      for (const t of visit(sub, p, depth + 1)) entry.types.add(t);
      const d = resolve(sub)?.default;
      if (d !== undefined) entry.defaults.add(JSON.stringify(d));
    };
    visit(root, '');
  }
  return props;
}
