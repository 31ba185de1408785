#!/usr/bin/env node
// The differential runner of the conformance corpus (corpus/README.md): every selected
// case on every selected backend, and the session differentials (recordings compared
// with tessera after every event), the mismatches and divergences judged against the ledger.
// Exit 0 when the ledger holds, 1 when it does not, 2 for bad cases, a bad ledger,
// a missing backend or bad arguments.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, USAGE, UsageError } from './runner/args.mjs';
import { loadCorpus, casesOf } from './runner/load.mjs';
import { makeValidator, formatError } from './runner/validate.mjs';
import { selectCases, samplePerSuite } from './runner/select.mjs';
import { runBackend } from './runner/execute.mjs';
import { mapLimited } from './runner/pool.mjs';
import { readLedger, ledgerProblems, judgeLedger, updatedLedger, writeLedger, ledgerKey, TODO } from './runner/ledger.mjs';
import { describeFailure, recordsOf } from './runner/report.mjs';
import { matrixMarkdown } from './runner/summary.mjs';
import { witnessCounts, witnessMarkdown, tooFewWitnessed, MAX_UNWITNESSED } from './runner/witness.mjs';
import { SESSIONS, bundledSessions, externalSessions } from './runner/sessions_load.mjs';
import { REFERENCE, runSessions } from './runner/sessions.mjs';
import { describeSession, sessionRecords, unreadableLine, unreadableRecord } from './runner/sessions_report.mjs';
import { BACKEND_NAMES, DEFAULT_BACKENDS, OWN_BACKENDS, OWN_SUITE, REPO, resolveBackend, sampleSizeOf } from './backends/index.mjs';

const CORPUS = path.dirname(fileURLToPath(import.meta.url));
const EXTERNAL_COLUMN = `${SESSIONS} (external)`;
const say = (line) => console.log(line);
// A path inside the repository relative to it, any other as it is.
const shortPath = (f) => (path.relative(REPO, f).startsWith('..') ? f : path.relative(REPO, f));
const bad = (line) => { console.error(`corpus: ${line}`); return 2; };
// A failure's lines, a session's or a case's.
const describe = (r, opts) => (r.suite === SESSIONS ? describeSession(r, opts) : describeFailure(r, opts));

// Loads and validates every suite (so the ledger can be checked against all cases);
// returns {suites, cases} or the exit status.
function loadValid(corpusDir, modes) {
  const { suites, errors } = loadCorpus(corpusDir);
  const check = makeValidator(path.join(CORPUS, 'case-v1.schema.json'), modes);
  for (const s of suites) errors.push(...check(s));
  if (errors.length) {
    for (const e of errors) console.error(formatError(e));
    return bad(`${errors.length} error(s) in the case files; no backend was started`);
  }
  return { suites, cases: new Map(suites.map((s) => [s.name, casesOf(s)])) };
}

async function main(argv) {
  let o;
  try {
    o = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`corpus: ${e.message}\n${USAGE}`);
    return 2;
  }
  if (o.help) { say(USAGE); return 0; }
  const corpusDir = o.corpus ? path.resolve(o.corpus) : CORPUS;
  const modes = JSON.parse(readFileSync(path.join(CORPUS, 'modes.json'), 'utf8')).modes;

  const loaded = loadValid(corpusDir, modes);
  if (typeof loaded === 'number') return loaded;
  // The bundled recordings are read first too: the ledger names them.
  const bundled = bundledSessions(corpusDir);
  const unreadable = bundled.filter((r) => r.error);
  if (unreadable.length) {
    for (const r of unreadable) console.error(`corpus: ${shortPath(r.file)}: ${r.error}`);
    return bad(`${unreadable.length} bundled recording(s) cannot be read; no backend was started`);
  }
  const suiteNames = loaded.suites.map((s) => s.name);
  const caseSuites = o.suites.filter((s) => s !== SESSIONS);
  const unknownSuite = caseSuites.find((s) => !suiteNames.includes(s));
  if (unknownSuite) return bad(`there is no suite "${unknownSuite}" (suites: ${[...suiteNames, SESSIONS].join(', ')})`);
  // --sessions is --suite sessions; without either and without --suite, everything runs.
  const sessionsAsked = o.sessions || o.suites.includes(SESSIONS);
  const suites = caseSuites.length ? suiteNames.filter((s) => caseSuites.includes(s)) : sessionsAsked ? [] : suiteNames;
  const cases = suites.flatMap((s) => selectCases(loaded.cases.get(s), o));
  const withSessions = sessionsAsked || !o.suites.length;
  const external = withSessions ? externalSessions() : [];
  const recordings = withSessions ? selectCases([...bundled, ...external.filter((r) => !r.error)], o) : [];

  const names = [...new Set(o.backends.length ? o.backends : [...DEFAULT_BACKENDS, ...Object.keys(o.adapters)])];
  const specs = names.map((n) => resolveBackend(n, { extra: o.adapters }));
  const refSpec = recordings.length ? specs.find((s) => s.name === REFERENCE) ?? resolveBackend(REFERENCE, { extra: o.adapters }) : null;
  const missing = [...specs, ...(refSpec && !specs.includes(refSpec) ? [refSpec] : [])].filter((s) => s.missing);
  if (missing.length) {
    for (const m of missing) console.error(`corpus: backend ${m.name} cannot start: ${m.missing}`);
    return bad(`${missing.length} backend(s) missing; install or build them, or choose others with --backend`);
  }

  const ledgerFile = path.join(corpusDir, 'known-gaps.json');
  const ledger = readLedger(ledgerFile);
  if (ledger.error) return bad(ledger.error);
  const known = {
    backends: new Set([...BACKEND_NAMES, ...Object.keys(o.adapters)]),
    cases: new Set([...[...loaded.cases.values()].flat().map((c) => `${c.suite}::${c.name}`), ...bundled.map((r) => `${SESSIONS}::${r.name}`)]),
    own: OWN_BACKENDS, ownSuites: new Set([OWN_SUITE, SESSIONS]),
  };
  const problems = ledgerProblems(ledger.entries, known);
  if (problems.length && !o.updateLedger) {
    for (const p of problems) console.error(`corpus: ${path.relative(REPO, ledgerFile)}: ${p}`);
    return bad(`the ledger is bad (${problems.length} problem(s)); --update-ledger drops entries of cases that are gone`);
  }

  // A slow backend takes an even sample of each suite unless it was named or --long asked
  // for everything; what it does not take is neither passed nor failed (nor stale).
  const sampled = new Map(specs.map((s) => [s.name, o.long || o.backends.includes(s.name) ? null : sampleSizeOf(s.name)]));
  const casesFor = (spec) => {
    const n = sampled.get(spec.name);
    return n ? samplePerSuite(cases, n) : cases;
  };
  const recordingsFor = (spec) => {
    const n = sampled.get(spec.name);
    return n ? selectCases(recordings, { sample: n }) : recordings;
  };
  for (const [name, n] of sampled) if (n) say(`corpus: ${name}: at most ${n} case(s) of each suite and ${n} recording(s), evenly spread (--long or --backend ${name} takes all)`);

  const started = Date.now();
  if (suites.length) say(`corpus: ${cases.length} case(s) of ${suites.length} suite(s) on ${specs.length} backend(s)`);
  const caseSeconds = new Map();
  const perBackend = !suites.length ? [] : await mapLimited(specs, o.jobs, async (spec) => {
    const t0 = Date.now();
    const res = await runBackend(spec, casesFor(spec), { modes, timeoutMs: o.timeoutMs });
    caseSeconds.set(spec.name, Date.now() - t0);
    const n = (st) => res.filter((r) => r.status === st).length;
    say(`corpus: ${spec.name}: ${n('pass')} passed, ${n('fail')} failed, ${n('unreported')} with nothing reported`);
    return res;
  });
  const caseResults = perBackend.flat();
  let sessionResults = [];
  let sessionSeconds = null;
  if (recordings.length) {
    const t0 = Date.now();
    say(`corpus: sessions: ${recordings.length} recording(s) (${recordings.filter((r) => !r.bundled).length} external) on ${specs.length} backend(s), compared with ${REFERENCE} after every event`);
    // The backends slowest on the cases start first, so the last two end together.
    const costOf = (spec) => caseSeconds.get(spec.name) ?? 0;
    sessionResults = await runSessions({ specs, refSpec, recordings, recordingsFor, jobs: o.jobs, timeoutMs: o.timeoutMs, say, costOf });
    sessionSeconds = (Date.now() - t0) / 1000;
    say(`corpus: sessions: done in ${sessionSeconds.toFixed(1)} s`);
  }
  const externalResults = sessionResults.filter((r) => r.external);
  // What the ledger judges: the cases and the bundled recordings.
  const results = [...caseResults, ...sessionResults.filter((r) => !r.external)];
  const unreadableExternal = external.filter((r) => r.error);

  let entries = ledger.entries;
  if (o.updateLedger) {
    entries = updatedLedger(ledger.entries, results, known);
    writeLedger(ledgerFile, entries);
    const added = Object.keys(entries).filter((k) => entries[k] === TODO && ledger.entries[k] !== TODO).length;
    const dropped = Object.keys(ledger.entries).filter((k) => !(k in entries)).length;
    say(`corpus: wrote ${path.relative(REPO, ledgerFile)}: ${added} new entr(ies) to give a reason, ${dropped} dropped`);
  }
  const verdict = judgeLedger(entries, results);
  for (const r of verdict.unledgered) for (const l of describe(r, { verbose: o.verbose })) say(l);
  if (o.verbose) for (const r of verdict.ledgered) for (const l of describe(r, { verbose: true, reason: entries[ledgerKey(r.backend, r.suite, r.case)] })) say(l);
  // External recordings are reported, never judged.
  for (const r of externalResults.filter((x) => x.status === 'fail')) for (const l of describeSession(r, { verbose: o.verbose })) say(l);
  for (const u of unreadableExternal) say(unreadableLine(u));
  for (const k of verdict.stale) say(`STALE ${k}: the case no longer fails; remove the entry (--update-ledger)`);
  for (const k of verdict.todo) say(`TODO ${k}: write the reason (what the emulator does, and the standard it departs from)`);

  let status = verdict.unledgered.length || verdict.stale.length || verdict.todo.length ? 1 : 0;
  let witness = null;
  const witnesses = specs.map((s) => s.name).filter((n) => !OWN_BACKENDS.has(n));
  if (suites.includes(OWN_SUITE)) {
    witness = witnessCounts({ cases: cases.filter((c) => c.suite === OWN_SUITE), results: caseResults, witnesses, ledger: entries, modes });
    // Only a run of every case on every backend can say how much is witnessed.
    const full = !o.backends.length && !o.caseGlob && !o.sample;
    if (full && tooFewWitnessed(witness)) {
      say(`FAIL ${witness.combined.unwitnessed} of ${witness.total} expectations of the ${OWN_SUITE} suite are unwitnessed; they must stay under ${MAX_UNWITNESSED * 100}%`);
      status = 1;
    }
  }
  say(`corpus: ${results.length} result(s) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${verdict.unledgered.length} unledgered failure(s), ${verdict.ledgered.length} ledgered, ` +
      `${verdict.stale.length} stale entr(ies), ${verdict.todo.length} TODO reason(s)`);
  const sessionColumns = !recordings.length ? [] : externalResults.length ? [SESSIONS, EXTERNAL_COLUMN] : [SESSIONS];
  if (o.summary) {
    say('');
    const columns = sessionResults.map((r) => (r.external ? { ...r, suite: EXTERNAL_COLUMN } : r));
    const labels = new Map([...sampled].filter(([, n]) => n).map(([name, n]) => [name, `${name} (at most ${n} of each, --long for all)`]));
    say(matrixMarkdown([...caseResults, ...columns], specs.map((s) => s.name), [...suites, ...sessionColumns], labels));
    if (recordings.length) say(`\nIn ${sessionColumns.join(' and ')}: recordings replayed without diverging from ${REFERENCE}, of recordings replayed.`);
    if (witness) say('\n' + witnessMarkdown(witness, OWN_SUITE, labels));
  }
  if (o.json) {
    const doc = {
      version: 1, backends: specs.map((s) => s.name), suites: [...suites, ...sessionColumns.slice(0, 1)],
      cases: [...caseResults, ...sessionResults].map(({ checks, divergence, ...r }) => ({ ...r, file: shortPath(r.file), ledger: r.external ? null : entries[ledgerKey(r.backend, r.suite, r.case)] ?? null })),
      records: [...recordsOf(caseResults), ...sessionRecords(sessionResults), ...unreadableExternal.map((u) => unreadableRecord(u, SESSIONS))]
        .map((x) => ({ ...x, file: shortPath(x.file) })),
      sessions: recordings.length ? { recordings: recordings.length, external: recordings.filter((r) => !r.bundled).length, unreadable: unreadableExternal.length, seconds: sessionSeconds } : null,
      ledger: { unledgered: verdict.unledgered.map((r) => ledgerKey(r.backend, r.suite, r.case)), stale: verdict.stale, todo: verdict.todo },
      witness, status,
    };
    writeFileSync(o.json, JSON.stringify(doc, null, 1) + '\n');
  }
  return status;
}

process.exitCode = await main(process.argv.slice(2));
