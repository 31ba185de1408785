// The xterm.js adapter (corpus/backends/xterm.mjs) on known byte streams: what it prints
// is what the protocol says, and what xterm.js does. Then a case file of every kind it
// reports, through the runner, recordings included.
//
// usage: node --test tests/corpus/xterm_adapter.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, scratch, writeCases, runCorpus } from './corpus_fixture.mjs';

const ADAPTER = path.join(ROOT, 'corpus', 'backends', 'xterm.mjs');
const hex = (s) => Buffer.from(s, 'utf8').toString('hex');

// Runs commands (a `feed` takes a JS string here) and returns stdout's lines.
function talk(commands) {
  const script = commands.map((c) => (c.startsWith('feed ') ? `feed ${hex(c.slice(5))}` : c)).join('\n') + '\n';
  const r = spawnSync(process.execPath, [ADAPTER], { input: script });
  assert.equal(r.status, 0, r.stderr.toString());
  return r.stdout.toString('utf8').trimEnd().split('\n');
}

const dumpOf = (lines) => lines.slice(0, lines.indexOf('end'));
const line = (lines, tag) => lines.find((l) => l.startsWith(tag + ' '));

test('text, wide characters and cell attributes', () => {
  const d = dumpOf(talk(['open 3 10 100', 'feed h\u00e9\r\n\u6f22\u001b[1;3;4:3;38;2;1;2;3;48;5;17mX\u001b[m', 'dump']));
  assert.deepEqual(d.filter((l) => /^(row|cell|size|cursor)/.test(l)), [
    'size 3 10',
    'cursor 1 3 visible steady shape default',
    'row 0 "h\u00e9        "',
    'cell 0 0 "h" width 1 fg default bg default attrs none underline none ul-color default unprotected nolink',
    'cell 0 1 "\u00e9" width 1 fg default bg default attrs none underline none ul-color default unprotected nolink',
    'row 1 "\u6f22X       "',
    'cell 1 0 "\u6f22" width 2 fg default bg default attrs none underline none ul-color default unprotected nolink',
    'cell 1 1 "" width 0 fg default bg default attrs none underline none ul-color default unprotected nolink',
    'cell 1 2 "X" width 1 fg #010203 bg 17 attrs bold,italic underline curly ul-color default unprotected nolink',
    'row 2 "          "',
  ]);
});

test('pending wrap, cursor style and visibility', () => {
  const d = dumpOf(talk(['open 2 5 0', 'feed abcde\u001b[4 q\u001b[?25l', 'dump']));
  assert.equal(line(d, 'cursor'), 'cursor 0 4 hidden steady shape underline');
  assert.equal(line(d, 'pending-wrap'), 'pending-wrap 1');
  const off = dumpOf(talk(['open 2 5 0', 'feed \u001b[?7labcdef', 'dump']));
  assert.equal(line(off, 'pending-wrap'), 'pending-wrap 0');
  assert.equal(line(off, 'row'), 'row 0 "abcdf"');
});

test('modes through DECRQM, mouse, keypad and the alternate screen', () => {
  const out = talk(['open 2 5 0', 'mode ?7', 'mode ?2004', 'mode 4', 'mode ?9999',
    'feed \u001b[?7l\u001b[?1002h\u001b[?1006h\u001b=\u001b[?1049h', 'mode ?7', 'keypad', 'dump']);
  assert.deepEqual(out.slice(0, 6), ['mode ?7 1', 'mode ?2004 2', 'mode 4 2', 'mode ?9999 0', 'mode ?7 2', 'keypad app']);
  const d = dumpOf(out.slice(6));
  assert.equal(line(d, 'mouse'), 'mouse button sgr');
  assert.equal(line(d, 'keypad'), 'keypad app');
  assert.equal(line(d, 'alt-screen'), 'alt-screen 1');
  // The probes' answers are not replies.
  assert.equal(line(d, 'replies'), 'replies ""');
});

test('a row is read to the screen width: a narrowed alternate screen keeps cells past it unseen', () => {
  // xterm.js does not cut the alternate buffer's lines when the columns shrink; the cells
  // past the new width are not on the screen, so the row stops at it.
  const d = dumpOf(talk(['open 3 5 0', 'feed \u001b[?1049habcdefg', 'resize 3 3', 'dump']));
  assert.deepEqual(d.filter((l) => l.startsWith('row ')), ['row 0 "abc"', 'row 1 "fg "', 'row 2 "   "']);
});

test('title, bell and replies since the last dump', () => {
  const out = talk(['open 2 5 0', 'feed \u001b]2;T "x"\u0007\u0007\u0007\u001b[5n', 'dump', 'dump']);
  const first = dumpOf(out), second = dumpOf(out.slice(out.indexOf('end') + 1));
  assert.equal(line(first, 'title'), 'title "T \\x22x\\x22"');
  assert.equal(line(first, 'bell'), 'bell 2');
  assert.equal(line(first, 'replies'), 'replies "\\x1b[0n"');
  assert.equal(line(second, 'replies'), 'replies ""');
  // What xterm.js does not keep is not printed.
  for (const tag of ['icon', 'clipboard', 'unhandled', 'reverse-video']) assert.equal(line(first, tag), undefined, tag);
});

test('scrollback, hyperlinks and protection', () => {
  const d = dumpOf(talk(['open 2 5 10', 'feed 1\r\n2\r\n\u001b]8;;http://x\u0007L\u001b]8;;\u0007\u001b[1"qP', 'dump']));
  assert.deepEqual(d.filter((l) => l.startsWith('scrollback')), ['scrollback 0 "1    "']);
  assert.deepEqual(d.filter((l) => l.startsWith('row')), ['row 0 "2    "', 'row 1 "LP   "']);
  assert.match(line(d, 'cell 1 0'), / unprotected link "http:\/\/x"$/);
  assert.match(line(d, 'cell 1 1'), / protected nolink$/);
});

test('styled and find are unsupported; a malformed command exits 2', () => {
  assert.deepEqual(talk(['open 1 5 0', 'styled', 'find "x"']), ['unsupported styled', 'unsupported find']);
  const r = spawnSync(process.execPath, [ADAPTER], { input: 'open 1 5 0\nfeed xyz\n' });
  assert.equal(r.status, 2);
  assert.match(r.stderr.toString(), /feed takes HEX/);
  assert.equal(spawnSync(process.execPath, [ADAPTER], { input: 'dump\n' }).status, 2);
});

// A journal: the magic line, then frames (type, version 1, reserved, length, time, payload).
function journal(frames) {
  const parts = [Buffer.from('tessera-journal 1\n')];
  for (const [type, payload] of frames) {
    const h = Buffer.alloc(16);
    h[0] = type; h[1] = 1; h.writeUInt32LE(payload.length, 4);
    parts.push(h, payload);
  }
  return Buffer.concat(parts);
}
const size = (rows, cols) => { const b = Buffer.alloc(4); b.writeUInt16LE(rows, 0); b.writeUInt16LE(cols, 2); return b; };

test('a case file of every kind xterm.js reports passes through the runner', async () => {
  const s = scratch();
  try {
    const casesDir = path.dirname(writeCases(s.dir, 'demo', 'a.json', []));
    writeFileSync(path.join(casesDir, 'r.cast'), [
      '{"version": 2, "width": 10, "height": 2}', '[0.1, "o", "abc"]', '[0.2, "r", "4x3"]', '[0.3, "i", "ignored"]', '[0.4, "o", "\\r\\nde"]', ''].join('\n'));
    writeFileSync(path.join(casesDir, 'r.journal'), journal([[2, size(2, 10)], [1, Buffer.from('xy')], [6, Buffer.from('in')], [2, size(2, 4)], [1, Buffer.from('\r\nz')]]));
    writeCases(s.dir, 'demo', 'a.json', [
      { name: 'grid', rows: 3, input: 'ab\r\n\u6f22', expectedScreen: ['ab', '\u6f22'], expectedRows: { 1: '\u6f22' },
        expectedExact: ['ab        ', '\u6f22        ', '          '], expectedCursor: { row: 1, col: 2, visible: true, pendingWrap: false, shape: 'default', blink: false },
        expectedCells: [{ row: 1, col: 0, text: '\u6f22', width: 2 }, { row: 1, col: 1, text: '', width: 0 }, { row: 2, col: 9, text: ' ', fg: 'default', attrs: [], link: null, protected: false }] },
      { name: 'state', input: '\u001b[?1000h\u001b[?1006h\u001b=\u001b]2;t\u0007\u0007\u001b[?1049h\u001b[?7l',
        expectedModes: { DECAWM: false, mouseNormal: true, altScreenSaveCursor: true }, expectedMouse: { tracking: 'normal', encoding: 'sgr' },
        expectedKeypad: 'application', expectedTitle: 't', expectedBell: 1, expectedAltScreen: true },
      { name: 'replies', steps: [{ input: '\u001b[5n' }, { input: '\u001b[6n', expectedReplies: '\u001b[0n\u001b[1;1R' },
        { input: '\u001b[c', expectedRepliesLike: '\u001b[?*c' }, { expectedReplies: '' }] },
      { name: 'scroll', scrollback: 5, input: '1\r\n2\r\n3\r\n4', expectedScrollback: ['1', '2'], expectedScrollbackLines: 2 },
      { name: 'bytes', inputHex: '1b5b33316d41', chunking: 'bytewise', expectedCells: [{ row: 0, col: 0, text: 'A', fg: '1' }] },
      { name: 'repeat', input: 'ab', repeat: 3, expectedScreen: ['ababab'] },
      { name: 'cast', recordingRef: 'r.cast', expectedScreen: ['abc', 'de'], expectedCursor: { row: 1, col: 2 } },
      { name: 'journal', recordingRef: 'r.journal', expectedScreen: ['xy', 'z'] },
      { name: 'resized', steps: [{ input: 'abcdef' }, { resize: { rows: 3, cols: 4 }, expectedRows: { 0: 'abcd' } }, { reset: true, expectedScreen: [] }] },
      { name: 'own-kinds', input: 'a', expectedIcon: '', expectedClipboard: { selection: 'c', payload: '' }, expectedStyled: ['a'],
        expectedFind: { needle: 'a', matches: [{ row: 0, col: 0, cells: 1 }] }, expectedUnhandledCount: 0 },
    ]);
    const json = path.join(s.dir, 'out.json');
    const r = await runCorpus(['--corpus', path.join(s.dir, 'corpus'), '--backend', 'xterm.js', '--json', json]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const doc = JSON.parse(readFileSync(json, 'utf8'));
    assert.deepEqual(doc.records.filter((x) => x.type !== 'pass' && x.type !== 'unreported'), []);
    assert.deepEqual(doc.records.filter((x) => x.type === 'unreported').map((x) => x.kind),
      ['expectedStyled', 'expectedIcon', 'expectedClipboard', 'expectedFind', 'expectedUnhandledCount']);
    assert.equal(doc.cases.find((c) => c.case === 'own-kinds').status, 'unreported');
    assert.equal(doc.records.filter((x) => x.type === 'pass').length, 39);
  } finally {
    s.cleanup();
  }
});
