// The ledger, corpus/known-gaps.json: "<backend>::<suite>::<case>" -> reason. It ratchets
// both ways: a failing case without an entry fails the run, and so does an entry whose
// case no longer fails; "TODO" (written by --update-ledger for a new failure) is not a
// reason and fails the run too.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

export const TODO = 'TODO';

export const ledgerKey = (backend, suite, name) => `${backend}::${suite}::${name}`;

/** {entries} or {error}; a missing file is an empty ledger. */
export function readLedger(file) {
  if (!existsSync(file)) return { entries: {} };
  let entries;
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { error: `${file}: not a JSON file: ${e.message}` };
  }
  if (!entries || typeof entries !== 'object' || Array.isArray(entries)) {
    return { error: `${file}: the ledger is an object of "backend::suite::case": "reason"` };
  }
  return { entries };
}

/**
 * The problems that make the ledger bad: malformed keys or reasons, a backend or case
 * that does not exist, an entry for our own backends on our own suites (tessera, sessions).
 * known: {backends: Set, cases: Set of "suite::case", own: Set of backend names, ownSuites: Set}.
 */
export function ledgerProblems(entries, known) {
  const problems = [];
  for (const [key, reason] of Object.entries(entries)) {
    const parts = key.split('::');
    if (parts.length !== 3 || parts.some((p) => p === '')) {
      problems.push(`"${key}": a key is "backend::suite::case"`);
      continue;
    }
    const [backend, suite, name] = parts;
    if (typeof reason !== 'string' || reason.trim() === '') problems.push(`"${key}": the reason is a non-empty string`);
    if (!known.backends.has(backend)) problems.push(`"${key}": there is no backend "${backend}"`);
    if (!known.cases.has(`${suite}::${name}`)) problems.push(`"${key}": there is no case "${name}" in a suite "${suite}"`);
    if (known.own.has(backend) && known.ownSuites.has(suite)) {
      problems.push(`"${key}": our own backends carry no entry for the ${suite} suite`);
    }
  }
  return problems;
}

const fails = (r) => r.status === 'fail';

/**
 * Judges the case results of a run against the ledger:
 * {unledgered: [result], stale: [key], todo: [key], ledgered: [result]}.
 */
export function judgeLedger(entries, results) {
  const out = { unledgered: [], stale: [], todo: [], ledgered: [] };
  for (const r of results) {
    const key = ledgerKey(r.backend, r.suite, r.case);
    const reason = entries[key];
    if (reason === TODO) out.todo.push(key);
    if (fails(r)) (reason === undefined ? out.unledgered : out.ledgered).push(r);
    else if (reason !== undefined) out.stale.push(key);
  }
  return out;
}

/**
 * The ledger after a run: entries of cases that no longer fail or no longer exist are
 * dropped, a new failure gets "TODO" (except ours on our own suites, which are never ledgered),
 * and every other reason is kept.
 */
export function updatedLedger(entries, results, known) {
  const next = {};
  for (const [key, reason] of Object.entries(entries)) {
    const [backend, suite, name] = key.split('::');
    if (known.backends.has(backend) && known.cases.has(`${suite}::${name}`)) next[key] = reason;
  }
  for (const r of results) {
    const key = ledgerKey(r.backend, r.suite, r.case);
    if (!fails(r)) delete next[key];
    else if (next[key] === undefined && !(known.own.has(r.backend) && known.ownSuites.has(r.suite))) next[key] = TODO;
  }
  return Object.fromEntries(Object.keys(next).sort().map((k) => [k, next[k]]));
}

export function writeLedger(file, entries) {
  writeFileSync(file, JSON.stringify(entries, null, 2) + '\n');
}
