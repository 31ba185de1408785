#!/usr/bin/env node
// Backend adapter: real xterm (Debian's xterm 379 under Xvfb) behind the contract of
// corpus/backends/README.md. One xterm serves the whole run (xterm_x11_session.mjs); each
// `open` resets it (RIS), sizes it (CSI 8 t) and empties its title and icon name. The state
// comes from xterm itself: the screen and the saved lines from print jobs (media copy,
// xterm_x11_print.mjs), the cursor from CPR with DECOM and the margins taken into account,
// the modes from DECRQM, the cursor style and margins from DECRQSS, the title and icon
// from CSI 21 t and CSI 20 t. Every probe is preceded by a sentinel (DECRQM of ANSI mode
// 9999, which xterm answers as unknown), so what xterm sent before it is the case's own
// replies. xterm keeps no count of bells and shows no pending wrap, clipboard or hidden
// text to print; its scrollback cannot be sized per case (saveLines is set once), so the
// dump gives the newest SCROLLBACK saved lines. xterm never rewraps: `reflow` is ignored.
import { quote } from '../runner/quote.mjs';
import { parseCommand, inputLines, MalformedLine, shownLine } from './adapter_protocol.mjs';
import { parsePrintJob, lineText, cellLines } from './xterm_x11_print.mjs';
import { XtermSession, XtermError, closeDisplay } from './xterm_x11_session.mjs';

const NAME = 'xterm';
const MAX_SIZE = 1000; // what the display holds at 5x7 pixels a cell
const q = (v) => quote(v).toString('latin1');
const SENTINEL = '\x1b[9999$p';
const SENTINEL_REPLY = '\x1b[9999;0$y';
const SHAPES = ['block', 'block', 'block', 'underline', 'underline', 'bar', 'bar'];
const MOUSE = [['?1003', 'any'], ['?1002', 'button'], ['?1000', 'normal'], ['?9', 'x10']];
const ENCODINGS = [['?1006', 'sgr'], ['?1015', 'urxvt'], ['?1005', 'utf8']];
// The reports a dump asks for, in order (after the sentinel); print jobs go between them.
const PROBES = [
  ['decom', '\x1b[?6$p'], ['stbm', '\x1bP$qr\x1b\\'], ['lrmm', '\x1b[?69$p'], ['slrm', '\x1bP$qs\x1b\\'],
  ['cpr', '\x1b[6n'], ['size', '\x1b[18t'], ['style', '\x1bP$q q\x1b\\'], ['?25', '\x1b[?25$p'],
  ['?1049', '\x1b[?1049$p'], ['?47', '\x1b[?47$p'], ['?1047', '\x1b[?1047$p'], ['?5', '\x1b[?5$p'],
  ...[...MOUSE, ...ENCODINGS].map(([m]) => [m, `\x1b[${m}$p`]), ['?66', '\x1b[?66$p'],
  ['title', '\x1b[21t'], ['icon', '\x1b[20t'],
];
const PRINT = '\x1b[i'; // the screen (printerExtent)
const DONE = ['done', '\x1b[5n'];
// The alternate screen emptied (RIS leaves its contents, which ?47 would show again), then RIS.
const CLEAR_ALL = '\x1b[?1049h\x1b[2J\x1b[?1049l\x1bc';
// Under the runner's 10 s deadline for a command (a stuck resize is an error, not a hang).
const RESIZE_WAIT_MS = 5000;
const DONE_AFTER_SENTINEL = /\x1b\[9999;0\$y[\s\S]*\x1b\[0n$/;
// One report: CSI ... final, DCS ... ST or OSC ... ST.
const REPORT = /\x1b\[[0-9;?$]*[A-Za-z]|\x1bP[^\x1b]*\x1b\\|\x1b\][^\x1b]*\x1b\\/g;

class Backend {
  constructor() {
    this.session = null;
    this.replies = '';
    this.largest = { rows: 0, cols: 0 }; // the largest size this xterm has had
  }

  // A fresh terminal for each case: RIS, after emptying the alternate screen (RIS leaves
  // its contents, which ?47 would show again). The title and icon name survive RIS and
  // xterm shows its own name for an empty one, and the title stack survives too: a case
  // that left a title or used the stack gets a new xterm (started with both empty).
  // A spare xterm starts beside the one in use, so a new one is ready when a case needs it.
  async open(rows, cols) {
    if (this.session && (this.stackUsed || (await this.titled()))) {
      this.session.close();
      this.session = null;
    }
    if (!this.session) {
      const next = this.spare ?? startSession();
      this.spare = startSession();
      await next.ready;
      this.session = next.session;
      this.largest = { rows: 0, cols: 0 };
    }
    // xterm keeps what lies beyond a narrowed screen and shows it again when the screen
    // grows: RIS clears only what is shown, so it clears at the largest size used first.
    const { largest } = this;
    if (largest.rows > rows || largest.cols > cols) {
      await this.resize(largest.rows, largest.cols);
      await this.probe(CLEAR_ALL, []);
    }
    await this.resize(rows, cols);
    await this.probe(CLEAR_ALL, []);
    this.replies = '';
    this.stackUsed = false;
  }

  // CSI 8 t asks the X server for the new size, which xterm takes when the server says so,
  // later than its next answers: a case goes on once xterm reports the size (CSI 18 t).
  async resize(rows, cols) {
    this.largest.rows = Math.max(this.largest.rows, rows);
    this.largest.cols = Math.max(this.largest.cols, cols);
    const deadline = Date.now() + RESIZE_WAIT_MS;
    let ask = `\x1b[8;${rows};${cols}t`;
    for (;;) {
      const a = await this.probe(ask, [['size', '\x1b[18t']]);
      if (a.size === `\x1b[8;${rows};${cols}t`) return;
      if (Date.now() > deadline) throw new XtermError(`xterm is ${JSON.stringify(a.size)} after resizing to ${rows}x${cols}`);
      ask = '';
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close() {
    this.session?.close();
    this.spare?.session.close();
    closeDisplay();
  }

  async titled() {
    const a = await this.probe('', [['title', '\x1b[21t'], ['icon', '\x1b[20t']]);
    return a.title !== '\x1b]l\x1b\\' || a.icon !== '\x1b]L\x1b\\';
  }

  async feed(bytes) {
    // CSI 22 t and CSI 23 t push and pop titles.
    if (/\x1b\[2[23][;t]/.test(bytes.toString('latin1'))) this.stackUsed = true;
    if (bytes.length) await this.session.write(bytes);
  }

  // Sends the sentinel, then `bytes`, then the probes, then DSR 5 to know all arrived; the
  // bytes before the sentinel's answer are the case's replies. Returns the probes' answers.
  async probe(bytes, probes) {
    const sent = SENTINEL + bytes + probes.map(([, b]) => b).join('') + DONE[1];
    // Done is DSR 5's answer after the sentinel's: a case that asked DSR 5 itself gets its
    // answer before the sentinel's, which a late answer must not be taken for the end.
    const all = await this.session.ask(sent, DONE_AFTER_SENTINEL, 'xterm did not answer');
    const at = all.lastIndexOf(SENTINEL_REPLY);
    if (at < 0) throw new XtermError('xterm did not answer the sentinel');
    this.replies += all.slice(0, at);
    const reports = all.slice(at + SENTINEL_REPLY.length).match(REPORT) ?? [];
    reports.pop(); // DSR's
    const asked = probes.filter(([name]) => name);
    if (reports.length !== asked.length) throw new XtermError(`xterm answered ${reports.length} of ${asked.length} reports`);
    return Object.fromEntries(asked.map(([name], i) => [name, reports[i]]));
  }

  async mode(spec) {
    const a = await this.probe('', [['m', `\x1b[${spec}$p`]]);
    const m = /^\x1b\[\??\d+;(\d)\$y$/.exec(a.m);
    return [`mode ${spec} ${m ? m[1] : 0}`];
  }

  async keypad() {
    const a = await this.probe('', [['?66', '\x1b[?66$p']]);
    return [`keypad ${modeValue(a['?66']) === 1 ? 'app' : 'normal'}`];
  }

  async dump() {
    // The prints come after the cursor and mode reports and before the title's: an empty
    // name is bytes sent that xterm answers on the printer, not on the pty.
    const a = await this.probe('', [...PROBES.slice(0, -2), ['', PRINT], ...PROBES.slice(-2)]);
    const [screenJob] = await this.session.printJobs(1);
    return this.describe(a, parsePrintJob(screenJob));
  }

  describe(a, screen) {
    const size = /^\x1b\[8;(\d+);(\d+)t$/.exec(a.size);
    if (!size) throw new XtermError(`xterm reported its size as ${JSON.stringify(a.size)}`);
    const [rows, cols] = [Number(size[1]), Number(size[2])];
    const set = (name) => modeValue(a[name]) === 1;
    // CPR counts from the scrolling region's corner under DECOM.
    const cpr = /^\x1b\[(\d+);(\d+)R$/.exec(a.cpr);
    const stbm = /^\x1bP1\$r(\d+);(\d+)r\x1b\\$/.exec(a.stbm);
    const slrm = /^\x1bP1\$r(\d+);(\d+)s\x1b\\$/.exec(a.slrm);
    let row = Number(cpr?.[1] ?? 1) - 1, col = Number(cpr?.[2] ?? 1) - 1;
    if (set('decom')) {
      row += stbm ? Number(stbm[1]) - 1 : 0;
      col += set('lrmm') && slrm ? Number(slrm[1]) - 1 : 0;
    }
    const style = Number(/^\x1bP1\$r(\d+) q\x1b\\$/.exec(a.style)?.[1] ?? 1);
    const blink = style === 0 || style % 2 === 1;
    const tracking = MOUSE.find(([m]) => set(m))?.[1] ?? 'off';
    const encoding = ENCODINGS.find(([m]) => set(m))?.[1] ?? 'default';
    const text = (report, code) => {
      const m = new RegExp(`^\\x1b\\]${code}([^\\x1b]*)\\x1b\\\\$`).exec(report ?? '');
      return m ? Buffer.from(m[1], 'latin1').toString('utf8') : '';
    };
    const out = [
      `size ${rows} ${cols}`,
      `cursor ${row} ${col} ${set('?25') ? 'visible' : 'hidden'} ${blink ? 'blink' : 'steady'} shape ${SHAPES[style] ?? 'block'}`,
      `alt-screen ${set('?1049') || set('?47') || set('?1047') ? 1 : 0}`,
      `reverse-video ${set('?5') ? 1 : 0}`,
      `mouse ${tracking} ${encoding}`,
      `keypad ${set('?66') ? 'app' : 'normal'}`,
      `title ${q(text(a.title, 'l'))}`,
      `icon ${q(text(a.icon, 'L'))}`,
      `replies ${q(Buffer.from(this.replies, 'latin1'))}`,
      'known attrs bold,dim,italic,blink,inverse,strike',
      'known underline none,single,double',
      'known shape block,underline,bar',
      'scrollback-unknown',
    ];
    this.replies = '';
    for (let r = 0; r < rows; r++) {
      const line = screen[r] ?? { size: 5, cells: [] };
      out.push(`row ${r} ${q(lineText(line, cols))}`, ...cellLines(r, line, q));
    }
    out.push('end');
    return out;
  }
}

// {session, ready}: an xterm starting; `ready` settles when it can be used.
function startSession() {
  const session = new XtermSession();
  const ready = session.start(24, 80).catch((e) => {
    session.close();
    throw e;
  });
  ready.catch(() => {}); // a spare's failure is seen when it is taken
  return { session, ready };
}

const modeValue = (report) => Number(/^\x1b\[\??\d+;(\d)\$y$/.exec(report ?? '')?.[1] ?? 0);

async function main() {
  const backend = new Backend();
  const say = (lines) => new Promise((resolve) => (lines.length ? process.stdout.write(Buffer.from(lines.join('\n') + '\n', 'latin1'), resolve) : resolve()));
  let n = 0;
  let opened = false;
  const end = (status, message) => {
    backend.close();
    if (message) process.stderr.write(`${NAME} adapter: ${message}\n`);
    process.exit(status);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGPIPE']) process.on(sig, () => end(1, `ended by ${sig}`));
  try {
    for await (const line of inputLines(process.stdin)) {
      n++;
      let cmd;
      try {
        cmd = parseCommand(line, opened);
      } catch (e) {
        if (e instanceof MalformedLine) end(2, `line ${n}: ${e.message}: ${shownLine(Buffer.from(line, 'latin1'))}`);
        throw e;
      }
      switch (cmd.name) {
        case 'quit': end(0);
          break;
        case 'open':
          if (cmd.rows > MAX_SIZE || cmd.cols > MAX_SIZE) end(2, `line ${n}: open takes ROWS COLS up to ${MAX_SIZE}: ${shownLine(Buffer.from(line, 'latin1'))}`);
          await backend.open(cmd.rows, cmd.cols);
          opened = true;
          break;
        case 'feed': await backend.feed(cmd.bytes); break;
        case 'resize':
          if (cmd.rows > MAX_SIZE || cmd.cols > MAX_SIZE) end(2, `line ${n}: resize takes ROWS COLS up to ${MAX_SIZE}: ${shownLine(Buffer.from(line, 'latin1'))}`);
          await backend.resize(cmd.rows, cmd.cols);
          break;
        case 'reset': await backend.session.write('\x1bc'); break;
        case 'mode': await say(await backend.mode(`${cmd.ansi ? '' : '?'}${cmd.mode}`)); break;
        case 'keypad': await say(await backend.keypad()); break;
        case 'dump': await say(await backend.dump()); break;
        default: await say([`unsupported ${cmd.name}`]);
      }
    }
  } catch (e) {
    end(3, e instanceof XtermError ? e.message : e.stack);
  }
  end(0);
}

main();
