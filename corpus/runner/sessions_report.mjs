// What the session differentials say: a divergence as a plain object (where, the bytes
// around it decoded, both screens), its lines for a person, and its --json records.
import path from 'node:path';
import { decodeUnits } from './sessions_bytes.mjs';
import { screenDiff } from './sessions_replay.mjs';
import { gridDiff, gridCells } from './grid.mjs';
import { visible } from './quote.mjs';

// How much of the stream is printed around the diverging unit.
const BEFORE = { units: 32, bytes: 64 };
const AFTER = { units: 24, bytes: 40 };

// Units from `from` onwards (step 1) or backwards (step -1), within the limits.
function unitsNear(units, from, step, limit) {
  const out = [];
  let bytes = 0;
  for (let i = from; i >= 0 && i < units.length && out.length < limit.units; i += step) {
    const u = units.at(i);
    bytes += u.end - u.start;
    if (out.length && bytes > limit.bytes) break;
    out.push(u);
  }
  return step < 0 ? out.reverse() : out;
}

// A resize or reset as a word among the bytes.
const markOf = (ev) => ({ at: ev.at, word: ev.resize ? `(resize to ${ev.resize.cols} columns, ${ev.resize.rows} rows)` : '(reset)' });

// The resizes and resets whose place in the stream is in [from, to] (`from` only if
// inclusive), but those of the piece itself.
const marksIn = (rec, piece, from, to, inclusive) => rec.events
  .filter((ev) => !ev.feed && !piece.actions.includes(ev) && (inclusive ? ev.at >= from : ev.at > from) && ev.at <= to).map(markOf);

// A piece's actions as words: its bytes decoded, a resize or reset named.
function pieceWords(rec, piece) {
  const first = rec.units.indexAt(piece.start);
  const units = piece.end > piece.start ? rec.units.slice(first, rec.units.indexAt(piece.end - 1) + 1) : [];
  const marks = piece.actions.filter((a) => !a.feed).map(markOf);
  return decodeUnits(rec.stream, units, marks);
}

function contextOf(rec, piece) {
  const first = rec.units.indexAt(piece.start);
  const last = piece.end > piece.start ? rec.units.indexAt(piece.end - 1) : first - 1;
  const before = unitsNear(rec.units, first - 1, -1, BEFORE);
  const after = unitsNear(rec.units, last + 1, 1, AFTER);
  const from = before[0]?.start ?? piece.start, to = after.at(-1)?.end ?? piece.end;
  return {
    before: (from > 0 ? '… ' : '') + decodeUnits(rec.stream, before, marksIn(rec, piece, from, piece.start, false)),
    after: decodeUnits(rec.stream, after, marksIn(rec, piece, piece.end, to - 1, true)) + (to < rec.stream.length ? ' …' : ''),
  };
}

const differsNames = (d) => [
  ...(d.rows.length ? [`row${d.rows.length > 1 ? 's' : ''} ${d.rows.join(', ')}`] : []),
  ...(d.cursor ? ['cursor position'] : []), ...(d.visible ? ['cursor visibility'] : []), ...(d.altScreen ? ['alternate screen'] : []),
];

// An event as a place, before any unit of it is known.
const eventPlace = (ev) => ({
  event: ev.index, time: ev.time, action: ev.feed ? 'output' : ev.resize ? 'resize' : 'reset',
  offset: null, streamOffset: null, unitStart: null, sequence: null, context: null,
});

/**
 * Where a piece (sessions_locate.mjs) is: {event, time, action, offset (bytes of its event
 * fed up to its end, null for a resize or reset), streamOffset (its end in the stream),
 * unitStart (its start there), sequence (decoded), context: {before, after}}.
 */
export function placeOf(rec, piece) {
  const ev = piece.event;
  return {
    ...eventPlace(ev), offset: ev.feed ? piece.end - ev.start : null, streamOffset: piece.end, unitStart: piece.start,
    sequence: pieceWords(rec, piece), context: contextOf(rec, piece),
  };
}

/**
 * The divergence at checkpoint `checkpoint` as a plain object: the place of the first
 * piece after which the screens differ (placeOf), what differs, both screens, and a note
 * when no piece shows it. `at` is locate()'s answer.
 */
export function divergenceOf(rec, checkpoint, at, refScreen, screen) {
  const d = {
    ...(at ? placeOf(rec, at.piece) : eventPlace(rec.events[rec.checkpoints[checkpoint]])),
    differs: differsNames(at ? at.diff : screenDiff(refScreen, screen)),
    expected: at ? at.reference : refScreen,
    actual: at ? at.actual : screen,
  };
  if (!at) d.note = 'fed a unit at a time the two agree: the difference depends on how the bytes are cut into writes';
  return d;
}

const seconds = (t) => (typeof t === 'number' ? `${t.toFixed(3)} s` : 'no time');
const cursorText = (s) => `cursor ${s.cursor.row},${s.cursor.col}${s.cursor.visible === undefined ? '' : s.cursor.visible ? ' visible' : ' hidden'}` +
  (s.altScreen === undefined ? '' : `, alternate screen ${s.altScreen ? 'on' : 'off'}`);

const placeText = (p) => `event ${p.event} (${p.action}, ${seconds(p.time)})` +
  (p.offset !== null ? `, after byte ${p.offset} of the event (byte ${p.streamOffset} of the stream)` : p.action !== 'output' ? `, at its ${p.action}` : '');
const bytesLine = (p) => `    bytes: ${p.context.before} >>> ${p.sequence} <<< ${p.context.after}`.trimEnd();

/** Lines for a session result that failed (or diverged, when external); grids with verbose. */
export function describeSession(r, { verbose = false, reason = null, reference = 'tessera' } = {}) {
  const tag = reason !== null ? 'LEDGERED' : r.external ? (r.error ? 'ERROR' : 'DIVERGES') : 'FAIL';
  const head = `${tag} ${r.backend} ${r.suite}::${r.case}`;
  const out = [];
  if (r.error) {
    out.push(`${head}: ${r.error.message}`);
    if (r.error.at) out.push(`    it fails at ${placeText(r.error.at)}`, bytesLine(r.error.at));
  }
  const d = r.divergence;
  if (d) {
    out.push(`${head}: differs from ${reference} at ${placeText(d)}: ${d.differs.join(', ')}`);
    if (d.sequence !== null) out.push(bytesLine(d));
    if (d.note) out.push(`    ${d.note}`);
    if (verbose) {
      out.push(`    ${reference}: ${cursorText(d.expected)}; ${r.backend}: ${cursorText(d.actual)}`);
      out.push(gridDiff(d.expected.rows, d.actual.rows, '    ', [reference, r.backend]));
      out.push(`    the screen after the whole event: tessera replay --event ${d.event + 1} ${shortFile(r.file)}`);
    }
  }
  if (reason !== null && verbose) out.push(`    ledger: ${reason}`);
  return out;
}

const shortFile = (f) => (path.isAbsolute(f) && !path.relative(process.cwd(), f).startsWith('..') ? path.relative(process.cwd(), f) : f);

/**
 * The --json records of session results: one per backend and recording, of type pass,
 * divergence, error or unreported, in the runner's record shape (step null, kind
 * "session"), a divergence's fields and its differing cells added.
 */
export function sessionRecords(results) {
  return results.map((r) => {
    const base = { backend: r.backend, suite: r.suite, case: r.case, file: r.file, step: null, kind: 'session', ...(r.external ? { external: true } : {}) };
    if (r.error) return { type: 'error', ...base, message: r.error.message, ...(r.error.at ? { at: r.error.at } : {}) };
    if (r.divergence) return { type: 'divergence', ...base, ...r.divergence, cells: gridCells(r.divergence.expected.rows, r.divergence.actual.rows) };
    if (r.status === 'unreported') return { type: 'unreported', ...base, why: r.note };
    return { type: 'pass', ...base, events: r.events };
  });
}

/** A recording that could not be read, as a line and as a record. */
export const unreadableLine = (u) => `UNREADABLE ${u.file}: ${visible(u.error)}`;
export const unreadableRecord = (u, suite) => ({ type: 'unreadable', suite, case: u.name, file: u.file, message: u.error });
