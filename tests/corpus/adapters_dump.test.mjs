// The backend adapters (corpus/backends/) fed the same known byte streams: each dump must
// say what the sequences do, worked out from the sequences (ECMA-48, xterm's ctlseqs),
// for every adapter that reports the item; then what only some adapters report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADAPTER_NAMES as NAMES, runScript, parseAnswers, hex } from './adapters_lib.mjs';

function answersOf(name, lines) {
  const r = runScript(name, lines);
  assert.equal(r.status, 0, `${name} adapter exited ${r.status ?? r.signal}: ${r.stderr}`);
  return parseAnswers(r.stdout);
}

// OSC 0 names title and icon; "ab", then CPR asked at row 1 col 3 (1-based); bold red on
// blue "B" on the next row, two bells, a wide character (two cells), the cursor hidden.
const COMMON = '\x1b]0;Hi\x07ab\x1b[6n\r\n\x1b[1;31;44mB\x1b[m\x07\x07中\x1b[?25l';

for (const name of NAMES) {
  test(`${name}: a known stream gives the screen, cursor, cells, title, bells and replies`, () => {
    const [d, hide, wrap] = answersOf(name, ['open 3 10 5', `feed ${hex(COMMON)}`, 'dump',
                                             'mode ?25', 'mode ?7']);
    assert.deepEqual(d.size, ['3', '10']);
    assert.deepEqual(d.rows, ['ab        ', 'B中       ', '          ']);
    assert.deepEqual(d.cursor.slice(0, 3), ['1', '3', 'hidden']);
    assert.deepEqual(d.title, ['Hi']);
    assert.deepEqual(d.icon, ['Hi']);
    assert.deepEqual(d.bell, ['2']);
    assert.deepEqual(d.replies, ['\x1b[1;3R']);
    const b = d.cells['1,0'];
    assert.deepEqual([b.text, b.width, b.fg, b.bg, b.attrs, b.underline], ['B', '1', '1', '4', 'bold', 'none']);
    const wide = d.cells['1,1'], tail = d.cells['1,2'];
    assert.deepEqual([wide.text, wide.width, wide.fg, wide.bg], ['中', '2', 'default', 'default']);
    assert.deepEqual([tail.text, tail.width], ['', '0']);
    assert.equal(d.cells['0,0'].text, 'a');
    assert.equal(d.cells['0,2'], undefined, 'a plain blank has no cell line');
    // DECTCEM was reset, DECAWM is set from the start: DECRPM 2 and 1.
    assert.equal(hide, 'mode ?25 2');
    assert.equal(wrap, 'mode ?7 1');
  });

  test(`${name}: lines scrolled off go to the scrollback; resize pads; reset clears`, () => {
    const [d, grown, reset] = answersOf(name, ['open 3 10 5', `feed ${hex('1\r\n2\r\n3\r\n4')}`,
                                               'dump', 'resize 3 12', 'dump', 'reset', 'dump']);
    assert.deepEqual(d.scrollback.map((s) => s.trimEnd()), ['1']);
    assert.deepEqual(d.rows.map((s) => s.trimEnd()), ['2', '3', '4']);
    assert.deepEqual(d.cursor.slice(0, 2), ['2', '1']);
    assert.deepEqual(grown.size, ['3', '12']);
    assert.deepEqual(grown.rows, ['2' + ' '.repeat(11), '3' + ' '.repeat(11), '4' + ' '.repeat(11)]);
    assert.deepEqual(reset.rows, Array(3).fill(' '.repeat(12)));
    assert.deepEqual(reset.cursor.slice(0, 2), ['0', '0']);
    assert.deepEqual(reset.replies, [''], 'the replies were taken by the first dump');
  });
}

// What tessera reports beyond the others: mouse button tracking with SGR encoding (?1002,
// ?1006), the application keypad (DECKPAM), an OSC 52 store, a curly underline (SGR 4:3)
// coloured 3 (SGR 58;5;3), a protected cell (DECSCA 1), an OSC 8 link, an ignored MC
// (CSI 5 i), dim (SGR 2), and a full last row whose cursor waits to wrap.
const RICH = '\x1b[?1002h\x1b[?1006h\x1b=\x1b]52;c;aGk=\x07\x1b[4:3m\x1b[58;5;3mU\x1b[m' +
  '\x1b[1"qP\x1b[0"q\x1b]8;;http://x/\x07L\x1b]8;;\x07\x1b[5i\x1b[3;1H\x1b[2mdim\x1b[m' +
  '\x1b[4;1H0123456789';

for (const name of ['tessera', 'tessera-wasm']) {
  test(`${name}: every optional line and cell token, styled rows, find and keypad`, () => {
    const [d, styled, dim, exact, area, keypad, modeAlt] = answersOf(name, [
      'open 4 10 0', `feed ${hex(RICH)}`, 'dump', 'styled', 'find "dim"', 'find "9" exact',
      'find "0123456789" exact in 3 0 1 0', 'keypad', 'mode ?1049']);
    assert.deepEqual(d.lines.slice(0, 13), ['size', 'cursor', 'pending-wrap', 'alt-screen',
      'reverse-video', 'mouse', 'keypad', 'bell', 'title', 'icon', 'replies', 'clipboard', 'unhandled']);
    assert.deepEqual(d.cursor, ['3', '9', 'visible', 'steady', 'shape', 'default']);
    assert.deepEqual(d['pending-wrap'], ['1']);
    assert.deepEqual(d.mouse, ['button', 'sgr']);
    assert.deepEqual(d.keypad, ['app']);
    assert.deepEqual(d.clipboard, ['c', 'aGk=']);
    assert.deepEqual(d.unhandled, ['1']);
    assert.deepEqual(d['alt-screen'], ['0']);
    assert.deepEqual(d.rows, ['UPL       ', '          ', 'dim       ', '0123456789']);
    const u = d.cells['0,0'], p = d.cells['0,1'], l = d.cells['0,2'];
    assert.deepEqual([u.underline, u['ul-color'], u.unprotected, u.nolink], ['curly', '3', true, true]);
    assert.deepEqual([p.protected, p.underline, p['ul-color']], [true, 'none', 'default']);
    assert.deepEqual([l.link, l.unprotected], ['http://x/', true]);
    assert.equal(d.cells['2,1'].attrs, 'dim');
    assert.deepEqual(styled, ['styled 0 "{underline=curly ul=3}U{}PL"', 'styled 1 ""',
                              'styled 2 "{dim}dim"', 'styled 3 "{}0123456789"']);
    assert.deepEqual(dim, ['match 2 0 3']);
    assert.deepEqual(exact, [], 'no row is exactly "9"');
    assert.deepEqual(area, ['match 3 0 10']);
    assert.equal(keypad, 'keypad app');
    assert.equal(modeAlt, 'mode ?1049 2');
  });

  test(`${name}: a mode probe's answer stays out of the replies; open reflow rewraps`, () => {
    const [mode, d, wrapped] = answersOf(name, [
      'open 2 6 10 reflow', `feed ${hex('\x1b[5nabcdefgh')}`, 'mode ?25', 'dump', 'resize 2 8', 'dump']);
    assert.equal(mode, 'mode ?25 1');
    assert.deepEqual(d.replies, ['\x1b[0n'], 'DSR 5 answered, DECRQM kept apart');
    assert.deepEqual(d.rows, ['abcdef', 'gh    ']);
    assert.deepEqual(wrapped.rows, ['abcdefgh', '        '], 'the soft-wrapped line joined');
  });
}

test('tessera native and wasm dump every byte value alike', () => {
  const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const script = ['open 5 20 3', `feed ${all.toString('hex').repeat(3)}`, 'dump', 'styled',
                  'mode ?1', 'mode 20', 'keypad', 'resize 3 7', 'dump', 'reset', 'dump'];
  const native = runScript('tessera', script), wasm = runScript('tessera-wasm', script);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(wasm.status, 0, wasm.stderr);
  assert.equal(wasm.stdout, native.stdout);
});

test('libvterm: open reflow accepted, styled and find unsupported, mouse with encoding, keypad', () => {
  const answers = answersOf('libvterm', [
    'open 2 10 0 reflow', `feed ${hex('\x1b[?1000h\x1b[?1006h\x1b=')}`, 'dump', 'styled',
    'find "x"', 'keypad', `feed ${hex('\x1b[?1000l')}`, 'dump', 'quit', 'this line is never read']);
  const [d, styled, find, keypad, off] = answers;
  assert.deepEqual(d.mouse, ['click', 'sgr'], '?1000 is click tracking; ?1006 told by DECRQM');
  assert.deepEqual(d.keypad, ['app']);
  assert.equal(d['pending-wrap'], undefined, 'libvterm 0.1 has no pending-wrap flag');
  assert.equal(styled, 'unsupported styled');
  assert.equal(find, 'unsupported find');
  assert.equal(keypad, 'keypad app');
  assert.deepEqual(off.mouse, ['off']);
  assert.equal(answers.length, 5);
});

test('pyte: colours as indices and #rrggbb, what it lacks left out or unsupported', () => {
  // SGR 33 is pyte's "brown" (index 3); SGR 93 shares the name and sets bold (pyte 0.8),
  // which stays for what follows; SGR 38;5;200 is stored as its rgb: 200-16 = 184 =
  // 5*36 + 0*6 + 4 -> ff 00 d7. ?5h is DECSCNM (reverse video), which pyte shows by
  // marking every cell reverse; ?1049 is no mode pyte tracks.
  const [d, keypad, alt, styled, find, rv] = answersOf('pyte', [
    'open 2 10 0 reflow', `feed ${hex('\x1b[33mA\x1b[93mB\x1b[38;5;200mC\x1b[38;2;1;2;3mD\x1b[m')}`,
    'dump', 'keypad', 'mode ?1049', 'styled', 'find "A"', `feed ${hex('\x1b[?5h')}`, 'dump']);
  const fgs = ['0,0', '0,1', '0,2', '0,3'].map((k) => [d.cells[k].fg, d.cells[k].attrs]);
  assert.deepEqual(fgs, [['3', 'none'], ['3', 'bold'], ['#ff00d7', 'bold'], ['#010203', 'bold']]);
  assert.deepEqual(d['reverse-video'], ['0']);
  assert.deepEqual(rv['reverse-video'], ['1']);
  assert.equal(rv.cells['0,0'].attrs, 'inverse');
  assert.deepEqual(d.cursor, ['0', '4', 'visible'], 'no blink or shape: pyte keeps none');
  for (const line of ['alt-screen', 'mouse', 'keypad', 'clipboard', 'unhandled'])
    assert.equal(d[line], undefined, `pyte reports no ${line}`);
  assert.equal(keypad, 'keypad unknown');
  assert.equal(alt, 'mode ?1049 0');
  assert.equal(styled, 'unsupported styled');
  assert.equal(find, 'unsupported find');
});
