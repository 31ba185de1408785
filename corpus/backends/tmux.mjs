#!/usr/bin/env node
// Backend adapter: tmux (Debian 3.3a) behind the contract of corpus/backends/README.md.
// One private tmux server (its own socket in a temporary folder, no configuration) lives
// as long as the adapter, driven by one control-mode client (tmux_control.mjs): spawning
// a tmux process per command cost more than everything else in the corpus.
// Each `open` makes a new session and kills the one before. Its one pane runs a program
// that copies a FIFO to the pane's terminal: bytes written to the FIFO are what the pane's
// program prints, and tmux's emulator parses them. The control client hears every byte
// tmux reads from the pane, after it parsed them (tmux queues the copy, then parses, in
// one callback), so a feed waits until all its bytes came back: every byte was
// processed, and nothing was added to the stream to find that out.
// The state comes from `display-message -p` formats and `capture-pane -p -e -N`.
// The server dies with the adapter: on quit, end of input, any error and any signal we
// can catch; if the adapter is killed outright, the pane's `cat` sees the FIFO close and
// exits, and the pane, finding its FIFO still there (the adapter did not retire it),
// removes the temporary folder and kills the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ControlClient } from './tmux_control.mjs';
import { MalformedLine, inputLines, parseCommand, shownLine } from './adapter_protocol.mjs';
import { ATTR_ORDER, applySgr, plainPen } from './sgr_pen.mjs';

const WAIT_MS = 8000; // a stuck tmux is an error (before the runner's 10 s deadline), not a hang
const env = { ...process.env, LC_ALL: 'C.UTF-8' }; // tmux's wcwidth needs a UTF-8 locale
delete env.TMUX;
const FIFO_BATCH = 32; // FIFOs made by one mkfifo: one process per 32 cases, not per case

let server = null; // {dir, sock, pid, control, fifos, fifosMade, cases}
let pane = null; // the current case's: {name, id, fifo, writer, sent, received, waiter}

// Ends the server with SIGKILL, not kill-server: a control client whose reader is gone
// keeps tmux 3.3a's server alive for good (it waits to write that client's last output).
// The FIFOs go first, so that no relay takes its FIFO closing for the adapter's end.
function cleanup() {
  if (!server) return;
  const s = server;
  const p = pane;
  server = null;
  pane = null;
  s.control?.close();
  if (p) retire(p);
  if (s.pid) {
    fs.rmSync(s.dir, { recursive: true, force: true });
    try {
      process.kill(s.pid, 'SIGKILL'); // our own server: its panes end with their terminals
    } catch {
      // already gone
    }
  } else {
    // The server's first command failed: no control client, so kill-server is enough.
    spawnSync('tmux', ['-S', s.sock, 'kill-server'], { env, stdio: 'ignore', timeout: 5000 });
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
}

function fail(message, status) {
  cleanup();
  process.stderr.write(`tmux adapter: ${message}\n`);
  process.exit(status);
}
// tmux failing is the emulator's crash: status 3, as the protocol says.
const broken = (message) => fail(message, 3);

process.on('exit', cleanup);
for (const [signal, number] of [['SIGHUP', 1], ['SIGINT', 2], ['SIGTERM', 15], ['SIGPIPE', 13]]) {
  process.on(signal, () => {
    cleanup();
    process.exit(128 + number);
  });
}
process.on('uncaughtException', (e) => broken(e.stack || String(e)));
process.stdout.on('error', (e) => fail(`writing stdout: ${e.message}`, 2));

// Runs tmux commands (arrays of arguments) in order; resolves to each one's output.
async function tmux(...commands) {
  return (await server.control.run(commands)).map((out) => out.toString('utf8'));
}

// A path quoted for sh.
const sq = (text) => `'${text.replace(/'/g, "'\\''")}'`;

// Resolves when the stream opened (a FIFO opens once its other end is open too).
function opened(stream, what) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => broken(`${what} did not open`), WAIT_MS);
    stream.once('open', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// A FIFO not used yet, from a batch made ahead.
function newFifo() {
  if (server.fifos.length === 0) {
    const made = server.fifosMade;
    server.fifosMade += FIFO_BATCH;
    server.fifos = Array.from({ length: FIFO_BATCH }, (_, i) => path.join(server.dir, `in${made + i}`));
    const mk = spawnSync('mkfifo', server.fifos);
    if (mk.status !== 0) broken(`mkfifo failed: ${mk.stderr}`);
  }
  return server.fifos.shift();
}

// Bytes the control client saw the pane print: tmux parsed them.
function heard(id, bytes) {
  if (!pane || pane.id !== id) return; // a pane retired, or not set up yet
  pane.received += bytes;
  if (pane.waiter && pane.received >= pane.sent) pane.waiter();
}

// The server's settings, set once. (Not window-size: tmux 3.3a crashes making a window
// while the global one is manual, so each window gets its own.)
const SERVER_SETUP = [['start-server'], ['set', '-g', 'status', 'off'], ['set', '-g', 'default-shell', '/bin/sh']];

// Starts the server with a plain client, so that its pid is known before any control
// client can hold it up (see cleanup), and runs the first case's commands in it.
function start(commands) {
  const argv = [...SERVER_SETUP, ...commands].flatMap((c, i) => (i ? [';', ...c] : c));
  const r = spawnSync('tmux', ['-u', '-S', server.sock, '-f', '/dev/null', ...argv], { env, timeout: WAIT_MS });
  if (r.error) broken(`tmux: ${r.error.message}`);
  if (r.status !== 0) broken(`tmux exited ${r.status}: ${r.stderr.toString().trim()}`);
  return r.stdout.toString('utf8');
}

// A new session for the case, the old one killed; the server started at the first.
async function open(rows, cols, scrollback) {
  if (!server) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-tmux-'));
    server = { dir, sock: path.join(dir, 'sock'), fifos: [], fifosMade: 0, cases: 0 };
  }
  const s = server;
  const name = `case${s.cases++}`;
  const fifo = newFifo();
  const old = pane;
  pane = null;
  // Gone first, so that the old pane, ending, does not take it for the adapter's end.
  if (old) fs.unlinkSync(old.fifo);
  const made = [
    ['set', '-g', 'history-limit', String(scrollback)],
    // raw: no output processing (LF stays LF) and no echo of tmux's replies. The FIFO
    // closing while it is still there means the adapter was killed outright: the relay
    // removes the folder and kills its parent, the server (see cleanup for why kill).
    ['new-session', '-d', '-s', name, '-x', String(cols), '-y', String(rows), '-P', '-F', '#{pid} #{pane_id}',
      `stty raw -echo && cat ${sq(fifo)}; test -p ${sq(fifo)} && { rm -rf ${sq(s.dir)}; kill -9 $PPID; }`],
    ['set', '-w', '-t', name, 'window-size', 'manual'],
    // A fresh pane's title is the host name; the contract's fresh terminal has none.
    ['select-pane', '-t', name, '-T', ''],
  ];
  // The control client hears only its session's panes; moved, it survives the old one.
  const attach = [['attach-session', '-t', name], ...(old ? [['kill-session', '-t', old.name]] : [])];
  const p = { name, id: null, fifo, sent: 0, received: 0, waiter: null, retired: false };
  // Opened while tmux works: the open ends when the pane's cat opens its end.
  p.writer = fs.createWriteStream(fifo);
  p.writer.on('error', (e) => !p.retired && broken(`writing to the pane: ${e.message}`));
  let shown;
  if (s.control) {
    [[, shown]] = await Promise.all([tmux(...made, ...attach), opened(p.writer, 'the pane')]);
  } else {
    shown = start(made);
    s.pid = Number(shown.split(' ')[0]); // before anything can end the adapter
    const lost = (message) => server === s && broken(message);
    s.control = new ControlClient(['-u', '-S', s.sock, '-f', '/dev/null'], attach,
      { env, waitMs: WAIT_MS, onOutput: heard, onLost: lost });
    await Promise.all([s.control.ready, opened(p.writer, 'the pane')]);
  }
  if (old) retire(old);
  p.id = shown.trim().split(' ')[1];
  pane = p;
}

// Closes a pane's FIFO, the pane's session killed (its relay then ends without a word).
function retire(p) {
  p.retired = true;
  p.writer.destroy();
}

// Writes the bytes to the pane and waits until tmux parsed every one of them.
function feed(bytes) {
  if (bytes.length === 0) return Promise.resolve();
  const p = pane;
  p.sent += bytes.length;
  p.writer.write(bytes);
  return new Promise((resolve) => {
    const timer = setTimeout(() => broken(`tmux did not read ${p.sent - p.received} bytes`), WAIT_MS);
    p.waiter = () => {
      clearTimeout(timer);
      p.waiter = null;
      resolve();
    };
    if (p.received >= p.sent) p.waiter();
  });
}

const FORMATS = ['cursor_x', 'cursor_y', 'cursor_flag', 'alternate_on', 'pane_width', 'pane_height',
  'history_size', 'keypad_flag', 'keypad_cursor_flag', 'insert_flag', 'origin_flag', 'wrap_flag',
  'mouse_standard_flag', 'mouse_button_flag', 'mouse_all_flag', 'mouse_utf8_flag', 'mouse_sgr_flag',
  'pane_title'];

// The command that shows the pane's state, one format after another.
const showState = () => ['display-message', '-p', '-t', pane.name, FORMATS.map((f) => `#{${f}}`).join('\t')];

// The state by format name; the title comes last, so it may hold any character.
function stateOf(out) {
  const fields = out.replace(/\n$/, '').split('\t');
  const st = {};
  FORMATS.forEach((f, i) => {
    st[f] = i < FORMATS.length - 1 ? Number(fields[i]) : fields.slice(i).join('\t');
  });
  return st;
}

const state = async () => stateOf((await tmux(showState()))[0]);

// DEC private modes the formats tell; everything else is unknown (0).
const PRIVATE_MODES = {
  1: 'keypad_cursor_flag', 6: 'origin_flag', 7: 'wrap_flag', 25: 'cursor_flag',
  47: 'alternate_on', 1047: 'alternate_on', 1049: 'alternate_on', 1000: 'mouse_standard_flag',
  1002: 'mouse_button_flag', 1003: 'mouse_all_flag', 1005: 'mouse_utf8_flag', 1006: 'mouse_sgr_flag',
};
const ANSI_MODES = { 4: 'insert_flag' };

// Display width as tmux's wcwidth gives it in C.UTF-8: 0 for marks and format
// characters (tmux adds them to the cell before), 2 for East Asian Wide and Fullwidth
// (ranges from Unicode 14's EastAsianWidth.txt, assigned code points), else 1.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\u200b]$/u;
const WIDE = ('1100-115f 231a-231b 2329-232a 23e9-23ec 23f0 23f3 25fd-25fe 2614-2615 2648-2653 267f ' +
  '2693 26a1 26aa-26ab 26bd-26be 26c4-26c5 26ce 26d4 26ea 26f2-26f3 26f5 26fa 26fd 2705 270a-270b ' +
  '2728 274c 274e 2753-2755 2757 2795-2797 27b0 27bf 2b1b-2b1c 2b50 2b55 2e80-303e 3041-3247 ' +
  '3250-4dbf 4e00-a4c6 a960-a97c ac00-d7a3 f900-fad9 fe10-fe19 fe30-fe6b ff01-ff60 ffe0-ffe6 ' +
  '16fe0-1b2fb 1f004 1f0cf 1f18e 1f191-1f19a 1f200-1f320 1f32d-1f335 1f337-1f37c 1f37e-1f393 ' +
  '1f3a0-1f3ca 1f3cf-1f3d3 1f3e0-1f3f0 1f3f4 1f3f8-1f43e 1f440 1f442-1f4fc 1f4ff-1f53d 1f54b-1f54e ' +
  '1f550-1f567 1f57a 1f595-1f596 1f5a4 1f5fb-1f64f 1f680-1f6c5 1f6cc 1f6d0-1f6d2 1f6d5-1f6df ' +
  '1f6eb-1f6ec 1f6f4-1f6fc 1f7e0-1f7f0 1f90c-1f93a 1f93c-1f945 1f947-1f9ff 1fa70-1faf6 20000-3fffd')
  .split(' ').map((r) => r.split('-').map((h) => parseInt(h, 16)));

function width(ch) {
  if (ZERO_WIDTH.test(ch) && ch !== '\u00ad') return 0;
  const cp = ch.codePointAt(0);
  return WIDE.some(([lo, hi = lo]) => cp >= lo && cp <= hi) ? 2 : 1;
}

const blankCell = () => ({ text: '', width: 1, pen: { ...plainPen(), graphics: false } });

// tmux keeps a DEC special graphics character as its ASCII byte with a charset flag,
// which capture-pane -e writes as SO ... SI: the characters it shows, for 0x60-0x7e.
const DEC_GRAPHICS = [...'\u25c6\u2592\u2409\u240c\u240d\u240a\u00b0\u00b1\u2424\u240b\u2518\u2510' +
  '\u250c\u2514\u253c\u23ba\u23bb\u2500\u23bc\u23bd\u251c\u2524\u2534\u252c\u2502\u2264\u2265' +
  '\u03c0\u2260\u00a3\u00b7'];
const graphic = (ch) => (ch >= '`' && ch <= '~' ? DEC_GRAPHICS[ch.charCodeAt(0) - 0x60] : ch);

// One captured line into exactly `cols` cells; the pen carries over from the line
// before, as capture-pane -e writes only the changes.
function lineCells(line, cols, pen) {
  const cells = [];
  const re = /\x1b\[([0-9;:]*)m|([\s\S])/gu;
  for (const m of line.matchAll(re)) {
    if (m[1] !== undefined) {
      applySgr(pen, m[1]);
      continue;
    }
    if (m[2] === '\x0e' || m[2] === '\x0f') {
      pen.graphics = m[2] === '\x0e';
      continue;
    }
    const ch = pen.graphics ? graphic(m[2]) : m[2];
    const w = width(ch);
    if (w === 0 && cells.length) {
      const last = cells.findLast((c) => c.width > 0);
      last.text = (last.text || ' ') + ch;
      continue;
    }
    const look = { ...pen, attrs: new Set(pen.attrs) };
    cells.push({ text: ch === ' ' ? '' : ch, width: Math.max(w, 1), pen: look });
    if (w === 2) cells.push({ text: '', width: 0, pen: look });
  }
  cells.length = Math.min(cells.length, cols);
  while (cells.length < cols) cells.push(blankCell());
  return cells;
}

// Bytes below 0x20, 0x7f, '"' and '\' as \xNN; everything else as it is.
function quoted(text) {
  const parts = ['"'];
  for (const b of Buffer.from(text, 'utf8')) {
    parts.push(b < 0x20 || b === 0x7f || b === 0x22 || b === 0x5c ? `\\x${b.toString(16).padStart(2, '0')}` : String.fromCharCode(b));
  }
  parts.push('"');
  return parts.join(''); // a string of bytes, written out as latin1
}

function isPlain(c) {
  return c.width === 1 && c.text === '' && c.pen.fg === 'default' && c.pen.bg === 'default' &&
    c.pen.ul === 'default' && c.pen.attrs.size === 0 && c.pen.underline === 'none';
}

function rowLines(tag, index, cells) {
  const text = cells.filter((c) => c.width > 0).map((c) => c.text || ' ').join('');
  const lines = [`${tag} ${index} ${quoted(text)}`];
  if (tag !== 'row') return lines;
  cells.forEach((c, col) => {
    if (isPlain(c)) return;
    const attrs = ATTR_ORDER.filter((a) => c.pen.attrs.has(a)).join(',') || 'none';
    lines.push(`cell ${index} ${col} ${quoted(c.text)} width ${c.width} fg ${c.pen.fg} bg ${c.pen.bg} ` +
      `attrs ${attrs} underline ${c.pen.underline} ul-color ${c.pen.ul}`);
  });
  return lines;
}

async function dump() {
  const [shown, captured] = await tmux(showState(),
    ['capture-pane', '-p', '-e', '-N', '-t', pane.name, '-S', '-', '-E', '-']);
  const st = stateOf(shown);
  const cols = st.pane_width;
  const lines = captured.replace(/\n$/, '').split('\n');
  if (lines.length !== st.history_size + st.pane_height) {
    broken(`capture-pane gave ${lines.length} lines for ${st.history_size} + ${st.pane_height}`);
  }
  const pen = { ...plainPen(), graphics: false }; // graphics: between SO and SI
  const grid = lines.map((l) => lineCells(l, cols, pen));
  const tracking = st.mouse_all_flag ? 'any' : st.mouse_button_flag ? 'button' : st.mouse_standard_flag ? 'normal' : 'off';
  const encoding = st.mouse_sgr_flag ? 'sgr' : st.mouse_utf8_flag ? 'utf8' : 'default';
  // tmux leaves the cursor one past the last column while a wrap is pending.
  const out = [
    `size ${st.pane_height} ${cols}`,
    `cursor ${st.cursor_y} ${Math.min(st.cursor_x, cols - 1)} ${st.cursor_flag ? 'visible' : 'hidden'}`,
    `pending-wrap ${st.cursor_x >= cols ? 1 : 0}`,
    `alt-screen ${st.alternate_on}`,
    `mouse ${tracking} ${encoding}`,
    `keypad ${st.keypad_flag ? 'app' : 'normal'}`,
    `title ${quoted(st.pane_title)}`,
    'known tokens ul-color', // every attribute and underline style; no links
  ];
  grid.slice(0, st.history_size).forEach((cells, i) => out.push(...rowLines('scrollback', i, cells)));
  grid.slice(st.history_size).forEach((cells, i) => out.push(...rowLines('row', i, cells)));
  out.push('end');
  return out;
}

// Commands are read strictly by adapter_protocol.mjs, as the other adapters read them;
// tmux adds its own limits on sizes.
const MAX_SIZE = 1000;
const MAX_SCROLLBACK = 1000000;

// Answers one parsed command: the lines to print; exits at `quit`.
async function command(cmd, refuse) {
  switch (cmd.name) {
    case 'quit':
      cleanup();
      process.exit(0);
      break;
    case 'open':
      if (cmd.rows > MAX_SIZE || cmd.cols > MAX_SIZE || cmd.scrollback > MAX_SCROLLBACK) {
        refuse(`open: tmux takes up to ${MAX_SIZE} rows and columns and ${MAX_SCROLLBACK} lines of scrollback`);
      }
      await open(cmd.rows, cmd.cols, cmd.scrollback); // tmux always rewraps: reflow or not
      return [];
    case 'feed':
      await feed(cmd.bytes);
      return [];
    case 'resize':
      if (cmd.rows > MAX_SIZE || cmd.cols > MAX_SIZE) refuse(`resize: tmux takes up to ${MAX_SIZE} rows and columns`);
      await tmux(['resize-window', '-t', pane.name, '-x', String(cmd.cols), '-y', String(cmd.rows)]);
      return [];
    case 'mode': {
      const format = (cmd.ansi ? ANSI_MODES : PRIVATE_MODES)[cmd.mode];
      const value = format ? ((await state())[format] ? 1 : 2) : 0;
      return [`mode ${cmd.ansi ? '' : '?'}${cmd.mode} ${value}`];
    }
    case 'reset':
      await feed(Buffer.from('\x1bc', 'latin1'));
      return [];
    case 'keypad':
      return [`keypad ${(await state()).keypad_flag ? 'app' : 'normal'}`];
    case 'dump':
      return await dump();
    default: // styled and find: tmux cannot render styled rows or search
      return [`unsupported ${cmd.name}`];
  }
}

let lineNumber = 0;
for await (const line of inputLines(process.stdin)) {
  lineNumber++;
  // Exits 2 naming the line: `tmux adapter: line N: WHAT: "LINE"`.
  const refuse = (what) => fail(`line ${lineNumber}: ${what}: ${shownLine(Buffer.from(line, 'latin1'))}`, 2);
  let cmd;
  try {
    cmd = parseCommand(line, server !== null);
  } catch (e) {
    if (!(e instanceof MalformedLine)) throw e;
    refuse(e.message);
  }
  const out = await command(cmd, refuse);
  if (out.length) process.stdout.write(Buffer.from(out.join('\n') + '\n', 'latin1'));
}
cleanup();
process.exit(0);
