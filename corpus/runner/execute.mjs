// Running cases on one backend: one adapter process reused from case to case (`open`
// starts each afresh), a new one after an adapter died or was killed. Each case gives a
// result {backend, suite, case, file, status, checks, error?} where
//   status: 'pass' (no mismatch, something reported), 'fail' (a mismatch or an error),
//           'unreported' (the backend could report none of it);
//   checks: [{step, kind, field, expected, status, actual?, cells?, why?}];
//   error:  {step, message, timedOut?} when the adapter died, hung or wrote garbage.
import { AdapterProcess, AdapterError } from './protocol.mjs';
import { quote } from './quote.mjs';
import { phasesOf } from './plan.mjs';
import { unitsOf, REPLY_KINDS } from './expect.mjs';

// An adapter that hangs on this many cases in a row (each tried twice) is broken: the
// rest of its cases are errors without being run, so that it costs a minute, not hours.
const GIVE_UP_AFTER = 3;

async function act(proc, a) {
  if (a.feed) await proc.send(`feed ${a.feed.toString('hex')}`);
  else if (a.resize) await proc.send(`resize ${a.resize.rows} ${a.resize.cols}`);
  else if (a.reset) await proc.send('reset');
}

function findCommand(q) {
  const words = [quote(q.needle).toString('latin1')];
  if (q.exact) words.push('exact');
  if (q.area) words.push('in', q.area.row, q.area.col, q.area.rows, q.area.cols);
  return words.join(' ');
}

// The dump (its cell lines read only when a unit judges cells), then what the units need
// besides it, each asked once.
async function observe(proc, units) {
  const dump = (await proc.dump({ cells: units.some((u) => u.kind === 'expectedCells') })).value;
  const obs = { dump, modes: new Map() };
  const asked = new Set();
  for (const u of units) {
    for (const need of u.needs?.(dump) ?? []) {
      const key = JSON.stringify(need);
      if (asked.has(key)) continue;
      asked.add(key);
      if (need.mode) obs.modes.set(need.mode, (await proc.mode(need.mode)).value);
      else if (need.keypad) obs.keypad = (await proc.keypad()).value;
      else if (need.styled) obs.styled = (await proc.styled()).value;
      else if (need.find) obs.find = (await proc.find(findCommand(need.find))).value;
    }
  }
  return obs;
}

function statusOf(checks, error) {
  if (error || checks.some((c) => c.status === 'mismatch')) return 'fail';
  return checks.some((c) => c.status === 'pass') ? 'pass' : 'unreported';
}

async function runCase(proc, c, modes) {
  const { data } = c;
  const checks = [];
  let step = null;
  let error = null;
  try {
    await proc.send(`open ${data.rows} ${data.cols} ${data.scrollback ?? 1000}${data.reflow ? ' reflow' : ''}`);
    // Replies add up over dumps until an expectation takes them.
    let replies = Buffer.alloc(0);
    let repliesReported = true;
    for (const phase of phasesOf(c)) {
      step = phase.step;
      for (const a of phase.actions()) await act(proc, a);
      const units = unitsOf(phase.holder, phase.base, modes);
      if (!units.length) continue;
      const obs = await observe(proc, units);
      if (obs.dump?.replies === undefined) repliesReported = false;
      else replies = Buffer.concat([replies, obs.dump.replies]);
      obs.replies = repliesReported ? replies : undefined;
      for (const u of units) {
        const { kind, field, expected } = u;
        checks.push({ step, kind, field, expected, ...u.judge(obs) });
      }
      if (units.some((u) => REPLY_KINDS.has(u.kind))) replies = Buffer.alloc(0);
    }
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    error = { step, message: e.message, ...(e.timedOut ? { timedOut: true } : {}) };
  }
  return { suite: c.suite, case: c.name, file: c.file, status: statusOf(checks, error), checks, ...(error ? { error } : {}) };
}

/**
 * Runs the cases ({suite, name, file, data}) on one backend (spec: {name, command, args}),
 * in order; onResult(result) sees each as it comes. Returns the results.
 */
export async function runBackend(spec, cases, { modes, timeoutMs, onResult = () => {} }) {
  const results = [];
  let proc = null;
  const fresh = async () => {
    await proc?.close();
    proc = new AdapterProcess(spec, { timeoutMs });
  };
  let hungInARow = 0;
  try {
    for (const c of cases) {
      let r;
      if (hungInARow >= GIVE_UP_AFTER) {
        r = { suite: c.suite, case: c.name, file: c.file, status: 'fail', checks: [],
              error: { step: null, message: `not run: backend ${spec.name} hung on the ${GIVE_UP_AFTER} cases before it` } };
      } else {
        if (!proc?.usable) await fresh();
        r = await runCase(proc, c, modes);
        if (r.error) {
          // The adapter may have been broken by an earlier case (a corrupted heap shows
          // later): the case runs again on a fresh one, and that result stands.
          await fresh();
          r = await runCase(proc, c, modes);
          if (r.error) proc.kill();
        }
        hungInARow = r.error?.timedOut ? hungInARow + 1 : 0;
      }
      r = { backend: spec.name, ...r };
      results.push(r);
      onResult(r);
    }
  } finally {
    await proc?.close();
  }
  return results;
}
