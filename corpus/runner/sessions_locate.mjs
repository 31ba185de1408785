// Finding the byte at which a backend leaves the reference: both replay the recording up
// to the last checkpoint where they agreed, then are fed the rest up to the first one
// where they differ unit by unit (a whole sequence, control or character at a time),
// compared after each, so the first unit after which they differ is named exactly.
import { BATCH, openCommand, commandsOf, screensAfter, screenDiff } from './sessions_replay.mjs';
import { AdapterError } from './protocol.mjs';

/**
 * The pieces between two checkpoints: [{actions, event, start, end}], each ending where
 * the stream is between units (or at a resize or reset there). event is the recording's
 * event holding the piece's last byte (or its resize or reset); start and end are the
 * piece's bytes in the whole stream (equal for a resize or reset).
 */
export function piecesBetween(rec, fromEvent, toEvent) {
  const pieces = [];
  let actions = [];
  let start = null;
  let at = fromEvent < 0 ? 0 : rec.events[fromEvent].end ?? rec.events[fromEvent].at;
  const close = (event) => {
    pieces.push({ actions, event, start: start ?? at, end: at });
    actions = [];
    start = null;
  };
  for (let i = fromEvent + 1; i <= toEvent; i++) {
    const ev = rec.events[i];
    if (!ev.feed) {
      actions.push(ev);
      if (rec.boundaries.has(at)) close(ev);
      continue;
    }
    let from = ev.start;
    for (let o = ev.start + 1; o <= ev.end; o++) {
      if (!rec.boundaries.has(o) && o !== ev.end) continue;
      if (o > from) actions.push({ feed: rec.stream.subarray(from, o) });
      start ??= from;
      from = o;
      at = o;
      if (rec.boundaries.has(o)) close(ev);
    }
  }
  if (actions.length) close(rec.events[toEvent]);
  return pieces;
}

/**
 * Replays `rec` on the backend and on the reference up to the checkpoint before
 * `checkpoint` (the first that differs), then piece by piece up to it. Returns
 * {piece, index, pieces, reference, actual, diff}: the first piece after which they
 * differ and both screens then; or null when no piece shows the difference (the
 * backend depends on how the bytes are cut into writes).
 */
export async function locate(proc, refProc, rec, checkpoint) {
  const before = checkpoint > 0 ? rec.checkpoints[checkpoint - 1] : -1;
  const pieces = piecesBetween(rec, before, rec.checkpoints[checkpoint]);
  for (const p of [proc, refProc]) await replayTo(p, rec, before);
  for (let from = 0; from < pieces.length; from += BATCH) {
    const groups = pieces.slice(from, from + BATCH).map((p) => p.actions);
    const [reference, actual] = await Promise.all([screensAfter(refProc, groups), screensAfter(proc, groups)]);
    for (let k = 0; k < groups.length; k++) {
      const diff = screenDiff(reference[k], actual[k]);
      if (diff) return { piece: pieces[from + k], index: from + k, pieces, reference: reference[k], actual: actual[k], diff };
    }
  }
  return null;
}

// A fresh `open`, then every event up to `last` (an index into rec.events), without dumps.
async function replayTo(proc, rec, last) {
  await proc.send(openCommand(rec));
  for (const c of rec.events.slice(0, last + 1).flatMap(commandsOf)) await proc.send(c);
}

/**
 * Where an adapter fails (dies, or answers outside the protocol) on a recording, given
 * the checkpoints it got through before: the rest of the recording as pieces, and a
 * bisection over how many of them are fed before a dump, on fresh adapters (adapter:
 * {get, kill}, get() giving a live one) replayed up to the last checkpoint it passed.
 * Returns {piece, message} for the first piece after which it fails, or null when it
 * does not fail again.
 */
export async function locateFailure(adapter, rec, checkpoint) {
  const before = checkpoint > 0 ? rec.checkpoints[Math.min(checkpoint, rec.checkpoints.length) - 1] : -1;
  const pieces = piecesBetween(rec, before, rec.events.length - 1);
  let proc = null, fed = 0, message = null;
  // Whether the adapter fails once the first n pieces are fed and it is dumped; a live
  // adapter fed fewer pieces goes on from there.
  const failsAfter = async (n) => {
    if (!proc?.usable || fed > n) {
      adapter.kill();
      proc = await adapter.get();
      await replayTo(proc, rec, before);
      fed = 0;
    }
    try {
      for (const c of pieces.slice(fed, n).flatMap((p) => p.actions).flatMap(commandsOf)) await proc.send(c);
      await screensAfter(proc, [[]]);
      fed = n;
      return false;
    } catch (e) {
      if (!(e instanceof AdapterError) || e.timedOut) throw e;
      proc.kill();
      message = e.message;
      return true;
    }
  };
  if (!(await failsAfter(pieces.length))) return null;
  let works = 0, fails = pieces.length;
  while (fails - works > 1) {
    const mid = (works + fails) >> 1;
    if (await failsAfter(mid)) fails = mid;
    else works = mid;
  }
  return { piece: pieces[fails - 1], message };
}
