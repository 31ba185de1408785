// The session differentials (corpus/README.md): every recording replayed on the reference
// (tessera) with a dump at every checkpoint, then on each other backend compared with it;
// at a backend's first divergence, the exact unit is found (sessions_locate.mjs). One
// adapter per backend, reused from recording to recording (`open` starts each afresh),
// a fresh one after an error, and the recording tried once more on it, as for cases.
import { AdapterProcess, AdapterError } from './protocol.mjs';
import { replay } from './sessions_replay.mjs';
import { locate, locateFailure } from './sessions_locate.mjs';
import { divergenceOf, placeOf } from './sessions_report.mjs';
import { SESSIONS } from './sessions_load.mjs';
import { mapLimited } from './pool.mjs';

export const REFERENCE = 'tessera';
// Recordings in a row on which a backend hangs before the rest are not run (execute.mjs).
const GIVE_UP_AFTER = 3;

// An adapter that is started when first needed and again after it broke.
function lazyAdapter(spec, timeoutMs) {
  let proc = null;
  return {
    async get() {
      if (!proc?.usable) {
        await proc?.close();
        proc = new AdapterProcess(spec, { timeoutMs });
      }
      return proc;
    },
    kill: () => proc?.kill(),
    close: async () => proc?.close(),
  };
}

// Runs job(rec, last) on each recording, twice at most (the second time, `last`, on fresh
// adapters), turning adapter errors into {error} (with `at`, where it failed, when the
// job found it); gives up after GIVE_UP_AFTER hangs in a row.
async function eachRecording(recs, adapters, name, job, onResult) {
  const results = [];
  let hungInARow = 0;
  for (const rec of recs) {
    let r;
    if (hungInARow >= GIVE_UP_AFTER) {
      r = { error: { message: `not run: backend ${name} hung on the ${GIVE_UP_AFTER} recordings before it` } };
    } else {
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          r = await job(rec, attempt === 1);
          break;
        } catch (e) {
          if (!(e instanceof AdapterError)) throw e;
          for (const a of adapters) a.kill();
          r = { error: { message: e.message, ...(e.timedOut ? { timedOut: true } : {}), ...(e.at ? { at: e.at } : {}) } };
        }
      }
      hungInARow = r.error?.timedOut ? hungInARow + 1 : 0;
    }
    const result = {
      backend: name, suite: SESSIONS, case: rec.name, file: rec.file, external: !rec.bundled, checks: [],
      status: r.error ? 'fail' : r.status, events: rec.events.length, ...r,
    };
    results.push(result);
    onResult(result);
  }
  return results;
}

// Replays on the adapter; when it fails the last time (not by hanging), finds where on
// a fresh one and says it in the error's `at`.
async function replayLocatingFailure(adapter, rec, against, last) {
  try {
    return await replay(await adapter.get(), rec, against);
  } catch (e) {
    if (!(e instanceof AdapterError) || e.timedOut || !last) throw e;
    try {
      const found = await locateFailure(adapter, rec, e.checkpoint ?? 0);
      if (found) e.at = placeOf(rec, found.piece);
    } catch (again) {
      if (!(again instanceof AdapterError)) throw again;
    }
    throw e;
  }
}

/** The reference's screens at every checkpoint: Map(name -> [screen]), and its results. */
export async function referenceScreens(spec, recs, { timeoutMs, onResult = () => {} }) {
  const screens = new Map();
  const ref = lazyAdapter(spec, timeoutMs);
  try {
    const results = await eachRecording(recs, [ref], spec.name, async (rec, last) => {
      screens.set(rec.name, (await replayLocatingFailure(ref, rec, null, last)).screens);
      return { status: 'pass' };
    }, onResult);
    return { screens, results };
  } finally {
    await ref.close();
  }
}

/**
 * One backend's results on the recordings, compared with the reference's screens:
 * status 'pass' (no divergence), 'fail' (a divergence or an error), 'unreported' (the
 * reference itself could not replay it). refSpec starts the reference again to locate
 * a divergence.
 */
export async function compareBackend(spec, refSpec, recs, screens, { timeoutMs, onResult = () => {} }) {
  const backend = lazyAdapter(spec, timeoutMs);
  const ref = lazyAdapter(refSpec, timeoutMs);
  try {
    return await eachRecording(recs, [backend, ref], spec.name, async (rec, last) => {
      const against = screens.get(rec.name);
      if (!against) return { status: 'unreported', note: `not compared: ${REFERENCE} could not replay it` };
      const { screens: got, first } = await replayLocatingFailure(backend, rec, against, last);
      if (first === null) return { status: 'pass' };
      const at = await locate(await backend.get(), await ref.get(), rec, first);
      return { status: 'fail', divergence: divergenceOf(rec, first, at, against[first], got[first]) };
    }, onResult);
  } finally {
    await backend.close();
    await ref.close();
  }
}

/**
 * The whole differential: the reference first, then every other selected backend (at
 * most `jobs` at once, each on recordingsFor(spec), all of them unless a slow one is
 * sampled; the highest costOf(spec) first). Returns the results of the selected backends
 * in the order of specs (the reference's own only when it is selected), and says one line
 * per backend as it ends.
 */
export async function runSessions({ specs, refSpec, recordings, recordingsFor = () => recordings, jobs, timeoutMs, say, costOf = () => 0 }) {
  const t0 = Date.now();
  const { screens, results: refResults } = await referenceScreens(refSpec, recordings, { timeoutMs });
  const refSeconds = (Date.now() - t0) / 1000;
  const count = (res, pred) => res.filter(pred).length;
  const tell = (name, res, seconds) => say(`corpus: sessions: ${name}: ${count(res, (r) => r.status === 'pass')} without divergence, ` +
    `${count(res, (r) => r.divergence)} diverging, ${count(res, (r) => r.error)} error(s) (${seconds.toFixed(1)} s)`);
  const compared = specs.filter((s) => s.name !== REFERENCE);
  const order = compared.map((spec, i) => i).sort((a, b) => costOf(compared[b]) - costOf(compared[a]));
  const others = new Array(compared.length);
  await mapLimited(order, jobs, async (i) => {
    const spec = compared[i];
    const started = Date.now();
    others[i] = await compareBackend(spec, refSpec, recordingsFor(spec), screens, { timeoutMs });
    tell(spec.name, others[i], (Date.now() - started) / 1000);
  });
  const own = specs.some((s) => s.name === REFERENCE) ? refResults : [];
  if (own.length) tell(REFERENCE, own, refSeconds);
  return [...own, ...others.flat()];
}
