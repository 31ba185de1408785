// Finding the byte at which a backend leaves the reference: both replay the recording up
// to the last checkpoint where they agreed, then are fed the rest up to the first one
// where they differ unit by unit (a whole sequence, control or character at a time),
// compared after each, so the first unit after which they differ is named exactly.
import { BATCH, openCommand, commandsOf, screensAfter, screenDiff } from './sessions_replay.mjs';

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
  const prefix = rec.events.slice(0, before + 1).flatMap(commandsOf);
  for (const p of [proc, refProc]) {
    await p.send(openCommand(rec));
    for (const c of prefix) await p.send(c);
  }
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
