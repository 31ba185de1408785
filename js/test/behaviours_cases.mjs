// The shared behaviours' cases (tests/behaviours/cases.json) for behaviours.test.mjs and
// behaviours_live.test.mjs: the file read once, how an outcome's kind reads in a failure's
// reason, a step's locator and predicate made as both packages make them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const { cases, live = [] } = JSON.parse(readFileSync(path.join(here, '..', '..', 'tests', 'behaviours', 'cases.json'), 'utf8'));
export const FAILURES = { timeout: 'timed out after', ambiguous: 'matches; a strict locator needs exactly one', ended: 'the program ended',
  golden: 'the screen differs from' };

/** A described predicate ({rowEquals: [row, text]} or {textIncludes: text}) as a function of a snapshot. */
export function predicateOf(d) {
  if (d.rowEquals) return (snap) => snap.rowText(d.rowEquals[0]) === d.rowEquals[1];
  if (d.textIncludes !== undefined) return (snap) => snap.text().includes(d.textIncludes);
  throw new Error(`unknown predicate ${JSON.stringify(d)}`);
}

export function targetOf(rec, step) {
  if (step.text === undefined && step.regex === undefined) return rec;
  let loc = rec.getByText(step.regex !== undefined ? new RegExp(step.regex) : step.text,
    { exact: step.exact ?? false, ...(step.style ? { style: step.style } : {}) });
  if (step.nth !== undefined) loc = loc.nth(step.nth);
  if (step.region !== undefined) loc = loc.region(step.region);
  return loc;
}
