// Finding and reading the suites: every folder of the corpus that has a `cases/` folder
// is a suite, and each `cases/*.json` in it a case file. Reading only; validate.mjs
// judges what was read.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Returns {suites: [{name, dir, files: [{file, data}]}], errors: [{file, pointer, message}]}
 * with suites, files and cases in a stable order (sorted by name).
 */
export function loadCorpus(corpusDir) {
  const suites = [];
  const errors = [];
  const names = readdirSync(corpusDir).sort();
  for (const name of names) {
    const dir = path.join(corpusDir, name);
    const casesDir = path.join(dir, 'cases');
    if (!statSync(dir).isDirectory() || !existsSync(casesDir)) continue;
    const files = [];
    for (const f of readdirSync(casesDir).filter((x) => x.endsWith('.json')).sort()) {
      const file = path.join(casesDir, f);
      try {
        files.push({ file, data: JSON.parse(readFileSync(file, 'utf8')) });
      } catch (e) {
        errors.push({ file, case: null, pointer: '', message: `not a JSON file: ${e.message}` });
      }
    }
    suites.push({ name, dir, files });
  }
  return { suites, errors };
}

/** The cases of a suite's valid files: [{suite, name, file, index, data}]. */
export function casesOf(suite) {
  return suite.files.flatMap(({ file, data }) =>
    data.cases.map((c, index) => ({ suite: suite.name, name: c.name, file, index, data: c })));
}
