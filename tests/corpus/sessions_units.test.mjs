// The session differentials' pieces without any backend: a stream cut into units and
// printed decoded, recordings read with their events' places and times, the checkpoints
// (dumps only between units) and the pieces a diverging stretch is fed in.
//
// usage: node --test tests/corpus/sessions_units.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { unitsOf, boundariesOf, decodeUnits } from '../../corpus/runner/sessions_bytes.mjs';
import { readEvents } from '../../corpus/runner/recording.mjs';
import { readSession } from '../../corpus/runner/sessions_load.mjs';
import { piecesBetween } from '../../corpus/runner/sessions_locate.mjs';
import { screenDiff } from '../../corpus/runner/sessions_replay.mjs';
import { scratch } from './corpus_fixture.mjs';
import { castText, journalBytes } from './sessions_fixture.mjs';

const decoded = (s) => {
  const b = Buffer.isBuffer(s) ? s : Buffer.from(s, 'utf8');
  return decodeUnits(b, unitsOf(b));
};

test('escape sequences print as their bytes, parameters whole', () => {
  assert.equal(decoded('\x1b[?1049l'), 'ESC [ ? 1049 l');
  assert.equal(decoded('\x1b[38;5;196mX'), 'ESC [ 38 ; 5 ; 196 m "X"');
  assert.equal(decoded('\x1b(0q\x1b(B'), 'ESC ( 0 "q" ESC ( B');
  assert.equal(decoded('\x1b#8\x1b7\x1b='), 'ESC # 8 ESC 7 ESC =');
  assert.equal(decoded('\x1b[4:3m'), 'ESC [ 4 : 3 m');
});

test('strings print their text quoted, with their terminator', () => {
  assert.equal(decoded('\x1b]0;a "title"\x07'), 'ESC ] 0 ; "a \\"title\\"" BEL');
  assert.equal(decoded('\x1b]8;;http://x\x1b\\'), 'ESC ] 8 ; ";http://x" ESC \\');
  assert.equal(decoded('\x1bP+q544e\x1b\\'), 'ESC P "+q544e" ESC \\');
});

test('text is UTF-8 decoded and joined, controls are named, bad bytes are hex', () => {
  assert.equal(decoded('ab\r\nçé中 😀\b\x7f'), '"ab" CR LF "çé中 😀" BS DEL');
  assert.equal(decoded(Buffer.from([0x61, 0xff, 0xc3, 0x28, 0x62])), '"a" \\xff \\xc3 "(b"');
  assert.equal(decoded(Buffer.from([0xed, 0xa0, 0x80])), '\\xed \\xa0 \\x80', 'a surrogate is not a character');
});

test('an unfinished unit is marked, and is not a boundary', () => {
  const b = Buffer.from('a\x1b[1');
  const units = unitsOf(b);
  assert.deepEqual(units.at(-1), { start: 1, end: 4, kind: 'csi', open: true });
  assert.equal(decodeUnits(b, units), '"a" ESC [ 1 (cut off)');
  assert.deepEqual([...boundariesOf(units)], [0, 1]);
  const cut = Buffer.from('é').subarray(0, 1);
  assert.deepEqual([...boundariesOf(unitsOf(cut))], [0]);
});

test('a sequence aborted by ESC, CAN or SUB ends there', () => {
  assert.deepEqual(unitsOf(Buffer.from('\x1b[12\x1b[m')).map((u) => [u.start, u.end]), [[0, 4], [4, 7]]);
  assert.deepEqual(unitsOf(Buffer.from('\x1b[12\x18x')).map((u) => [u.start, u.end]), [[0, 5], [5, 6]]);
  assert.deepEqual(unitsOf(Buffer.from('\x1b]0;t\x1b[m')).map((u) => [u.start, u.end]), [[0, 5], [5, 8]]);
});

test('a cast gives every event its index and time, a journal its frames after the size', () => {
  const cast = readEvents(Buffer.from(castText({ cols: 7, rows: 3 }, [[0.5, 'o', 'a'], [0.6, 'i', 'x'], [0.75, 'r', '9x4'], [0.8, 'm', 'here'], [1, 'o', 'b']])));
  assert.deepEqual(cast.size, { rows: 3, cols: 7 });
  assert.deepEqual(cast.events.map((e) => [e.index, e.time, e.feed?.toString() ?? e.resize]),
    [[0, 0.5, 'a'], [2, 0.75, { rows: 4, cols: 9 }], [4, 1, 'b']]);
  const size = Buffer.alloc(4);
  size.writeUInt16LE(5, 0);
  size.writeUInt16LE(11, 2);
  const journal = readEvents(journalBytes([[2, 1e9, size], [1, 1.5e9, Buffer.from('hi')], [6, 2e9, Buffer.from('k')], [3, 3e9, Buffer.alloc(0)]]));
  assert.deepEqual(journal.size, { rows: 5, cols: 11 });
  assert.deepEqual(journal.events.map((e) => [e.index, e.time, e.feed?.toString() ?? (e.reset ? 'reset' : '?')]),
    [[0, 0.5, 'hi'], [2, 2, 'reset']]);
});

// A recording read from a scratch file, for the checkpoints and pieces below.
function session(events) {
  const s = scratch();
  try {
    const file = path.join(s.dir, 'x.cast');
    writeFileSync(file, castText({ cols: 10, rows: 2 }, events));
    return readSession(file, { name: 'x.cast', bundled: true });
  } finally {
    s.cleanup();
  }
}

test('checkpoints skip an event that leaves a sequence open; the last event is one', () => {
  const rec = session([[0.1, 'o', 'ab\x1b['], [0.2, 'o', '1mc'], [0.3, 'r', '5x2'], [0.4, 'o', 'd\x1b]0;t']]);
  assert.deepEqual(rec.checkpoints, [1, 2, 3]);
  assert.equal(readSession('/nonexistent/x.cast', { name: 'x', bundled: false }).error.startsWith('ENOENT'), true);
});

test('pieces follow the units, across the events, a sequence split by them kept whole', () => {
  const rec = session([[0.1, 'o', 'ab\x1b['], [0.2, 'o', '1mc'], [0.3, 'r', '5x2'], [0.4, 'o', 'd']]);
  const pieces = piecesBetween(rec, -1, 2);
  const shown = pieces.map((p) => [p.event.index, p.start, p.end, p.actions.map((a) => a.feed?.toString('latin1') ?? 'resize')]);
  assert.deepEqual(shown, [
    [0, 0, 1, ['a']], [0, 1, 2, ['b']], [1, 2, 6, ['\x1b[', '1m']], [1, 6, 7, ['c']], [2, 7, 7, ['resize']],
  ]);
  assert.deepEqual(piecesBetween(rec, 2, 3).map((p) => [p.event.index, p.start, p.end]), [[3, 7, 8]]);
});

test('screens differ by rows, cursor, and visibility or alternate screen only where both report them', () => {
  const a = { rows: ['x', ''], cursor: { row: 0, col: 1, visible: true }, altScreen: false };
  assert.equal(screenDiff(a, { ...a }), null);
  assert.deepEqual(screenDiff(a, { ...a, rows: ['x', 'y'] }), { rows: [1] });
  assert.deepEqual(screenDiff(a, { ...a, cursor: { row: 0, col: 2 } }), { rows: [], cursor: true });
  assert.equal(screenDiff(a, { rows: a.rows, cursor: { row: 0, col: 1 } }), null, 'unreported visibility and alt-screen');
  assert.deepEqual(screenDiff(a, { ...a, cursor: { row: 0, col: 1, visible: false }, altScreen: true }), { rows: [], visible: true, altScreen: true });
});

test('text a hostile recording holds cannot reorder or hide its line: bidi controls and C1 are escaped', () => {
  // U+202E (right-to-left override) and U+2066 (isolate) would turn the rest of the line
  // around on a terminal; U+0085 is a C1 control; the joiners scripts need stay as they are.
  assert.equal(decoded('ab\u202ecd\u2066e\u0085f\u200dg'), '"ab<U+202E>cd<U+2066>e<U+0085>f\u200dg"');
});
