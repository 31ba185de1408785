// The Ghostty adapter (corpus/backends/ghostty.mjs, over ghostty-web's ghostty-vt.wasm) on
// known byte streams: what it prints is what the protocol says and what Ghostty does,
// each answer before the next command is written; it refuses what the other adapters
// refuse; a trap of the module is its crash; then a case file of every kind it reports,
// and a recording that crashes it, through the runner.
//
// One adapter process answers most checks (a process costs a Node start and a compile
// of the module): the malformed scripts of tests/adapters/malformed_commands.mjs go
// through the adapter's own line reader in this process, and only the exits are
// checked on processes.
//
// usage: node --test tests/corpus/ghostty_adapter.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { adapterArgv, runScript, parseAnswers, hex } from './adapters_lib.mjs';
import { scratch, writeCases, runCorpus } from './corpus_fixture.mjs';
import { MALFORMED, HOSTILE } from '../adapters/malformed_commands.mjs';
import { inputLines, parseCommand, MalformedLine } from '../../corpus/backends/adapter_protocol.mjs';

const LIMITS = { name: 'ghostty', size: 1000, scrollback: 1000000 };

// A live adapter: send(commands) writes them, then resolves with their answers parsed
// (parseAnswers) once all have come; nothing more is written before that.
function live() {
  const [cmd, ...args] = adapterArgv('ghostty');
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '', err = '', waiting = null;
  const complete = () => {
    if (!waiting) return;
    let at = 0;
    for (let n = 0; n < waiting.answers; n++) {
      const end = out.indexOf('\n', at);
      if (end < 0) return;
      if (out.startsWith('size ', at)) {
        const stop = out.indexOf('\nend\n', at);
        if (stop < 0) return;
        at = stop + 5;
      } else {
        at = end + 1;
      }
    }
    const { resolve } = waiting;
    waiting = null;
    const text = out.slice(0, at);
    out = out.slice(at);
    resolve(parseAnswers(text));
  };
  child.stdout.on('data', (d) => { out += d; complete(); });
  child.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return {
    send(commands) {
      const answers = commands.filter((c) => /^(dump|mode|keypad|styled|find)( |$)/.test(c)).length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(commands)} in 30 s; stderr: ${err}`)), 30_000);
        waiting = { answers, resolve: (x) => { clearTimeout(timer); resolve(x); } };
        child.stdin.write(commands.join('\n') + '\n');
        complete();
      });
    },
    async close() {
      child.stdin.end();
      return { status: await exited, err };
    },
  };
}

// The dump lines Ghostty's ABI gives nothing for.
const ABSENT = ['pending-wrap', 'bell', 'title', 'icon', 'clipboard', 'unhandled'];
const knownLines = (d) => d.lines.map((l, i) => [l, i]).filter(([l]) => l === 'known');

test('one adapter answers command by command: screen, cells, colours, modes, replies', async () => {
  const a = live();
  try {
    // OSC 0 (not exposed), "ab", CPR asked at row 1 col 3; bold red on blue "B", two
    // bells (not exposed), a wide character, the cursor hidden.
    const [d, hide, wrap] = await a.send(['open 3 10 5',
      `feed ${hex('\x1b]0;Hi\x07ab\x1b[6n\r\n\x1b[1;31;44mB\x1b[m\x07\x07中\x1b[?25l')}`, 'dump', 'mode ?25', 'mode ?7']);
    assert.deepEqual(d.lines.slice(0, 9), ['size', 'cursor', 'alt-screen', 'reverse-video', 'mouse', 'keypad', 'replies', 'known', 'known']);
    for (const line of ABSENT) assert.equal(d[line], undefined, `no ${line} line`);
    assert.equal(knownLines(d).length, 2);
    assert.deepEqual(d.rows, ['ab        ', 'B中       ', '          ']);
    assert.deepEqual(d.cursor, ['1', '3', 'hidden'], 'no cursor shape or blink');
    assert.deepEqual([d['alt-screen'], d['reverse-video'], d.mouse, d.keypad], [['0'], ['0'], ['off', 'default'], ['normal']]);
    assert.deepEqual(d.replies, ['\x1b[1;3R']);
    const b = d.cells['1,0'];
    assert.deepEqual([b.text, b.width, b.fg, b.bg, b.attrs, b.underline], ['B', '1', '1', '4', 'bold', 'none']);
    assert.deepEqual([d.cells['1,1'].text, d.cells['1,1'].width, d.cells['1,2'].text, d.cells['1,2'].width], ['中', '2', '', '0']);
    assert.equal(d.cells['0,2'], undefined, 'a plain blank has no cell line');
    assert.equal(hide, 'mode ?25 2');
    assert.equal(wrap, 'mode ?7 1');

    // Colours by index and RGB, every attribute Ghostty keeps, a curly underline.
    const [c] = await a.send([`feed ${hex('\x1b[3;1H\x1b[38;5;200mP\x1b[48;2;1;2;3mQ\x1b[0;91mR\x1b[1;2;3;5;7;8;9;53mS\x1b[0;4:3mU\x1b[m')}`, 'dump']);
    const cell = (k) => [c.cells[k].fg, c.cells[k].bg, c.cells[k].attrs, c.cells[k].underline];
    assert.deepEqual(cell('2,0'), ['200', 'default', 'none', 'none']);
    assert.deepEqual(cell('2,1'), ['200', '#010203', 'none', 'none']);
    assert.deepEqual(cell('2,2'), ['9', 'default', 'none', 'none']);
    assert.deepEqual(cell('2,3'), ['9', 'default', 'bold,dim,italic,blink,inverse,hidden,strike', 'none'], 'no overline');
    assert.deepEqual(cell('2,4'), ['default', 'default', 'none', 'single'], 'any underline style reads single');
    assert.deepEqual(c.replies, [''], 'the replies were taken by the dump before');

    // Reverse video swaps what Ghostty reports for the default colours: still default.
    const [rv] = await a.send([`feed ${hex('\x1b[?5h')}`, 'dump']);
    assert.deepEqual(rv['reverse-video'], ['1']);
    assert.deepEqual([rv.cells['0,0'].fg, rv.cells['0,0'].bg, rv.cells['2,0'].fg], ['default', 'default', '200']);

    // Keypad, mouse, the alternate screen; modes from Ghostty's bits: ?2027 (grapheme
    // clusters) is set by ghostty-web, ?9999 is no mode of Ghostty's.
    const [keypad, alt, unknown, irm, graphemes, m] = await a.send([`feed ${hex('\x1b[?5l\x1b=\x1b[?1002h\x1b[?1006h\x1b[?1049h')}`,
      'keypad', 'mode ?1049', 'mode ?9999', 'mode 4', 'mode ?2027', 'dump']);
    assert.deepEqual([keypad, alt, unknown, irm, graphemes], ['keypad app', 'mode ?1049 1', 'mode ?9999 0', 'mode 4 2', 'mode ?2027 1']);
    assert.deepEqual([m.keypad, m.mouse, m['alt-screen'], m.rows[0]], [['app'], ['button', 'sgr'], ['1'], ' '.repeat(10)]);
    const [both, styled, find] = await a.send([`feed ${hex('\x1b[?1016h')}`, 'dump', 'styled', 'find "x"']);
    assert.deepEqual(both.mouse, ['button'], 'SGR pixels besides SGR: the encoding is left out');
    assert.deepEqual([styled, find], ['unsupported styled', 'unsupported find']);

    // A new open is a new terminal: nothing of the last one shows (in one instance of the
    // module, a terminal made after another was freed starts with its cells).
    const [fresh] = await a.send(['open 3 10 5', `feed ${hex('hello')}`, 'open 3 10 5', 'dump']);
    assert.deepEqual([fresh.rows, fresh.keypad, fresh['alt-screen'], Object.keys(fresh.cells)], [Array(3).fill(' '.repeat(10)), ['normal'], ['0'], []]);

    // Scrollback, a wider resize, RIS.
    const [s, grown, reset] = await a.send([`feed ${hex('1\r\n2\r\n3\r\n4\x1b[5n')}`, 'dump', 'resize 3 12', 'dump', 'reset', 'dump']);
    assert.deepEqual(s.scrollback.map((x) => x.trimEnd()), ['1']);
    assert.deepEqual(s.rows.map((x) => x.trimEnd()), ['2', '3', '4']);
    assert.deepEqual([s.cursor.slice(0, 2), s.replies], [['2', '1'], ['\x1b[0n']]);
    assert.deepEqual([grown.size, grown.rows], [['3', '12'], ['2', '3', '4'].map((x) => x + ' '.repeat(11))]);
    assert.deepEqual([reset.rows, reset.scrollback, reset.cursor.slice(0, 2)], [Array(3).fill(' '.repeat(12)), [], ['0', '0']]);

    // Clusters: a wide character that does not fit wraps, leaving a blank; a combining
    // mark joins its base; an emoji with a skin tone is one two-column cluster.
    const [u] = await a.send(['open 2 5 0', `feed ${hex('abcd中e\u0301👍🏽')}`, 'dump']);
    assert.deepEqual(u.rows, ['abcd ', '中e\u0301👍🏽']);
    assert.equal(u.cells['0,4'], undefined, 'the blank before a wrapped wide character is plain');
    assert.deepEqual([u.cells['1,2'].text, u.cells['1,2'].width], ['e\u0301', '1']);
    assert.deepEqual([u.cells['1,3'].text, u.cells['1,3'].width], ['👍🏽', '2']);
  } finally {
    const { status, err } = await a.close();
    assert.equal(status, 0, err);
  }
});

// The scripts' lines through the adapter's reader (inputLines, parseCommand with its
// limits): the first it refuses, and why.
async function refusal(script) {
  let number = 0, opened = false;
  for await (const line of inputLines(Readable.from([Buffer.from(script, 'latin1')]))) {
    number++;
    try {
      const c = parseCommand(line, opened, LIMITS);
      if (c.name === 'quit') return null;
      opened ||= c.name === 'open';
    } catch (e) {
      if (e instanceof MalformedLine) return { number, why: e.message };
      throw e;
    }
  }
  return null;
}

test('the reader refuses every malformed script at its line, and takes every hostile one', async () => {
  const wrong = [];
  for (const [why, script, line] of MALFORMED) {
    const r = await refusal(script);
    if (r?.number !== line) wrong.push(`${why}: refused at ${JSON.stringify(r)}, not line ${line}`);
  }
  for (const [why, script] of HOSTILE) {
    const r = await refusal(script);
    if (r) wrong.push(`${why}: refused at line ${r.number}: ${r.why}`);
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(await refusal('open 3 10 5\nresize 3 1001\n'), { number: 2, why: 'resize: ghostty takes up to 1000 rows and columns' });
  assert.deepEqual(await refusal('open 1 1 1000001\n'), { number: 1, why: 'open: ghostty takes up to 1000 rows and columns and 1000000 lines of scrollback' });
});

test('a malformed line exits 2 naming it, after answering the lines before', () => {
  const r = runScript('ghostty', ['open 2 5 0', 'feed', 'styled', 'resize 3', 'dump']);
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'ghostty adapter: line 4: resize takes ROWS COLS (each from 1): "resize 3"\n');
  assert.equal(r.stdout, 'unsupported styled\n');
});

test('the hostile scripts are answered and end with status 0', () => {
  // The ones about how input ends run alone; the others, each starting with its own
  // open, one after another in one process.
  const ENDS = ['nothing at all', 'open and the end of input without a newline', 'quit, then lines that are never read'];
  const ends = HOSTILE.filter(([why]) => ENDS.includes(why));
  const rest = HOSTILE.filter((h) => !ends.includes(h));
  assert.equal(ends.length, ENDS.length);
  for (const [why, script] of ends) {
    const r = runScript('ghostty', script);
    assert.deepEqual([why, r.status, r.stderr], [why, 0, '']);
  }
  const r = runScript('ghostty', rest.map(([, script]) => script).join(''));
  assert.deepEqual([r.status, r.stderr], [0, '']);
  assert.ok(parseAnswers(r.stdout).length >= rest.length, 'every script was answered');
});

// Ghostty 0.4.0's own crash, found by fuzzing: REP of a wide character after these steps
// reads outside the module's memory (a trap, so the adapter exits 3 with its message).
const CRASH = [['output', '\x1bc劐'], ['resize', 5, 45], ['output', '\x1b[193b\x1b[96b\x1b[184b\x1b[128b\u0302\x1bc'],
  ['resize', 1, 21], ['output', '兠\x1b[128b']];

test('a case file of every kind Ghostty reports passes through the runner; its crashes are located', async () => {
  const s = scratch();
  try {
    const casesDir = path.dirname(writeCases(s.dir, 'demo', 'a.json', []));
    writeFileSync(path.join(casesDir, 'r.cast'), [
      '{"version": 2, "width": 10, "height": 2}', '[0.1, "o", "abc"]', '[0.2, "r", "4x3"]', '[0.3, "o", "\\r\\nde"]', ''].join('\n'));
    const sessions = path.join(s.dir, 'corpus', 'sessions', 'fixtures');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(path.join(sessions, 'crash.cast'), [JSON.stringify({ version: 2, width: 9, height: 11 }),
      ...CRASH.map(([k, a, b], i) => JSON.stringify(k === 'output' ? [i / 10, 'o', a] : [i / 10, 'r', `${b}x${a}`])), '[0.9, "o", "x"]', ''].join('\n'));
    writeCases(s.dir, 'demo', 'a.json', [
      { name: 'grid', rows: 3, input: 'ab\r\n\u6f22\x1b[1;31;44mX', expectedScreen: ['ab', '\u6f22X'], expectedRows: { 1: '\u6f22X' },
        expectedExact: ['ab        ', '\u6f22X       ', '          '],
        expectedCursor: { row: 1, col: 3, visible: true, shape: 'default', blink: false, pendingWrap: false },
        expectedCells: [{ row: 1, col: 0, text: '\u6f22', width: 2 }, { row: 1, col: 1, text: '', width: 0 },
          { row: 1, col: 2, text: 'X', fg: '1', bg: '4', attrs: ['bold'], underline: 'none', underlineColor: 'default', protected: false, link: null }] },
      { name: 'state', input: '\x1b[?1000h\x1b[?1006h\x1b=\x1b[?1049h\x1b[?7l', expectedModes: { DECAWM: false, mouseNormal: true, altScreenSaveCursor: true },
        expectedMouse: { tracking: 'normal', encoding: 'sgr' }, expectedKeypad: 'application', expectedAltScreen: true },
      { name: 'replies', steps: [{ input: '\x1b[5n' }, { input: '\x1b[6n', expectedReplies: '\x1b[0n\x1b[1;1R' }, { expectedReplies: '' }] },
      { name: 'scroll', scrollback: 5, input: '1\r\n2\r\n3\r\n4', expectedScrollback: ['1', '2'], expectedScrollbackLines: 2 },
      { name: 'bytes', inputHex: '1b5b33316d41', chunking: 'bytewise', expectedCells: [{ row: 0, col: 0, text: 'A', fg: '1' }] },
      { name: 'repeat', input: 'ab', repeat: 3, expectedScreen: ['ababab'] },
      { name: 'cast', recordingRef: 'r.cast', expectedScreen: ['abc', 'de'], expectedCursor: { row: 1, col: 2 } },
      { name: 'resized', steps: [{ input: 'abcdef' }, { resize: { rows: 3, cols: 4 }, expectedRows: { 0: 'abcd' } }, { reset: true, expectedScreen: [] }] },
      { name: 'not-kept', input: '\x1b]0;t\x07\x07', expectedTitle: 't', expectedBell: 1, expectedIcon: 't',
        expectedClipboard: { selection: 'c', payload: '' }, expectedStyled: [''], expectedFind: { needle: 'a', matches: [] },
        expectedUnhandledCount: 0 },
    ]);
    const json = path.join(s.dir, 'out.json');
    const r = await runCorpus(['--corpus', path.join(s.dir, 'corpus'), '--backend', 'ghostty', '--json', json]);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const doc = JSON.parse(readFileSync(json, 'utf8'));
    const failed = doc.records.filter((x) => !['pass', 'unreported'].includes(x.type));
    assert.deepEqual(failed.map((x) => [x.type, x.case]), [['error', 'corpus/sessions/fixtures/crash.cast']]);
    assert.match(failed[0].message, /^backend ghostty exited with status 3 .*its stderr: ghostty adapter: line \d+: ghostty-vt\.wasm failed: memory access out of bounds: "feed [0-9a-f]+"$/);
    assert.deepEqual([failed[0].at.event, failed[0].at.sequence], [4, 'ESC [ 128 b'], 'the bisection names the unit Ghostty crashes on');
    assert.deepEqual(doc.cases.filter((x) => x.suite === 'demo').map((x) => [x.case, x.status]), [['grid', 'pass'], ['state', 'pass'],
      ['replies', 'pass'], ['scroll', 'pass'], ['bytes', 'pass'], ['repeat', 'pass'], ['cast', 'pass'], ['resized', 'pass'],
      ['not-kept', 'unreported']]);
    assert.deepEqual(doc.records.filter((x) => x.type === 'unreported').map((x) => x.kind).sort(), ['expectedBell', 'expectedCells',
      'expectedCells', 'expectedCells', 'expectedClipboard', 'expectedCursor', 'expectedCursor', 'expectedCursor', 'expectedFind',
      'expectedIcon', 'expectedStyled', 'expectedTitle', 'expectedUnhandledCount']);
  } finally {
    s.cleanup();
  }
});
