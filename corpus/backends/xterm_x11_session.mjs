// One real xterm for the whole run of the xterm adapter (xterm_x11.mjs): xterm on a private
// Xvfb display, and two connections back over a Unix socket in a temporary folder
// (xterm_x11_relay.mjs) for the pty (what the adapter writes is what xterm's program
// prints; what xterm answers comes back), and a FIFO for the printer (xterm's print jobs,
// printAttributes: 2). The xterms an adapter starts (a case that leaves a title needs a new
// one) share one Xvfb: its start is 0.5 CPU seconds here, most of it the first touch of its
// 150 MB framebuffer (0.13 for a small screen).
// Nothing reads the X display: the screen is known from print jobs and reports.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RELAY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xterm_x11_relay.mjs');
export const WAIT_MS = 8000; // before the runner's 10 s deadline: a stuck xterm is an error
// 5x7 cells: the largest screen the protocol asks for (1000 x 1000) fits the display.
const FONT = '5x7';
const DISPLAY_SIZE = '5200x7200x24'; // 24 bits: xterm keeps direct colours only on such a display
// Everything else is xterm's default (decTerminalID vt420, saveLines, colours).
export const RESOURCES = [
  // xterm runs it for every print job (it closes the printer after each): a FIFO the
  // adapter holds open for reading and writing, so no job waits and none ends the stream.
  'printerCommand: cat > FIFO',
  'printerExtent: true', // CSI i prints the whole screen, not only the scrolling region
  'printAttributes: 2', // with the colours
  'printerFormFeed: true', // a form feed ends every job
  'printerAutoClose: false',
  'allowWindowOps: true', // resize (CSI 8 t) and the title reports (CSI 20 t, CSI 21 t)
  'precompose: false', // combining characters stay as the program sent them
  'boldColors: false', // bold keeps bright colours as they are (print would show them dim)
];

export class XtermError extends Error {}

// The process's Xvfb: { dir, hold, number }, number a promise of its display number. dir
// holds each session's folder. A shell holds Xvfb on a pipe from the adapter and, when the
// pipe closes (closeDisplay, or the adapter killed outright, even before an xterm joined),
// kills it and removes the folder, so neither is left behind.
let display = null;

function sharedDisplay() {
  if (display) return display;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-xterm-'));
  // -displayfd: Xvfb picks a free display and writes its number.
  const xvfb = spawn('sh', ['-c', 'Xvfb "$@" & x=$!; read _; kill $x 2>/dev/null; rm -rf -- "$TESSERA_XTERM_DIR"', 'sh',
    '-displayfd', '3', '-screen', '0', DISPLAY_SIZE, '-nolisten', 'tcp'],
  { stdio: ['pipe', 'ignore', 'ignore', 'pipe'], env: { ...process.env, TESSERA_XTERM_DIR: dir } });
  const number = new Promise((resolve, reject) => {
    let s = '';
    xvfb.stdio[3].on('data', (d) => { s += d; if (s.includes('\n')) resolve(s.trim()); });
    xvfb.on('error', (e) => reject(new XtermError(`cannot start Xvfb: ${e.message}`)));
    xvfb.on('exit', (code) => reject(new XtermError(`Xvfb exited (${code}) before it took a display`)));
  });
  number.catch(() => {}); // seen by the session that waits for it
  const own = { dir, hold: xvfb.stdin, number };
  // An Xvfb that ended (or never started) is not used again: the next session starts one.
  xvfb.on('exit', () => { if (display === own) display = null; });
  xvfb.on('error', () => { if (display === own) display = null; });
  display = own;
  return own;
}

/** Ends the process's Xvfb (and its folder); the sessions on it must be closed first. */
export function closeDisplay() {
  if (display) dropDisplay(display);
}

function dropDisplay(own) {
  own.hold.end(); // the shell holding Xvfb kills it
  if (display === own) display = null;
}

export class XtermSession {
  constructor() {
    this.display = sharedDisplay();
    // tessera-xterm-: the relay removes its folder on its way out (xterm_x11_relay.mjs)
    this.dir = fs.mkdtempSync(path.join(this.display.dir, 'tessera-xterm-'));
    this.socketPath = path.join(this.dir, 's');
    this.fifoPath = path.join(this.dir, 'print');
    this.received = ''; // pty bytes not yet consumed (latin1)
    this.printed = []; // print bytes not yet consumed (Buffers)
    this.waiter = null;
    this.pty = null;
    this.children = [];
    this.closed = false;
  }

  async start(rows, cols) {
    if (spawnSync('mkfifo', [this.fifoPath]).status !== 0) throw new XtermError(`cannot make ${this.fifoPath}`);
    const fd = fs.openSync(this.fifoPath, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
    this.printer = new net.Socket({ fd, readable: true, writable: false });
    this.printer.on('data', (d) => { this.printed.push(d); this.wake(); });
    const server = net.createServer();
    this.server = server;
    const ptyReady = new Promise((resolve, reject) => {
      server.once('connection', (sock) => {
        this.pty = sock;
        sock.on('data', (x) => { this.received += x.toString('latin1'); this.wake(); });
        sock.on('close', () => { if (!this.closed) this.fail('xterm closed its program\'s terminal'); });
        sock.on('error', () => {});
        resolve();
      });
      server.on('error', reject);
    });
    server.listen(this.socketPath);

    let display;
    try {
      display = await this.within(this.display.number, 'Xvfb did not start');
    } catch (e) {
      dropDisplay(this.display); // one that did not start in time is not waited for again
      throw e;
    }
    const resources = RESOURCES.map((r) => r.replace('FIFO', this.fifoPath));
    const args = ['-display', `:${display}`, '-u8', '-fn', FONT, '-geometry', `${cols}x${rows}`, '-T', '', '-n', '',
      ...resources.flatMap((r) => ['-xrm', `XTerm*${r}`]),
      '-e', 'sh', '-c', `stty raw -echo && exec node "$0" "$1"`, RELAY, this.socketPath];
    // TMPDIR is the session's folder: xterm makes a cursor theme folder there while it starts
    // (removed once its window is up), which a spare ended while starting would leave behind.
    const env = { ...process.env, LC_ALL: 'C.UTF-8', TERM: 'xterm', TMPDIR: this.dir };
    const xterm = spawn('xterm', args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    this.children.push(xterm);
    let stderr = '';
    xterm.stderr.on('data', (d) => { stderr += d; });
    xterm.on('error', (e) => this.fail(`cannot start xterm: ${e.message}`));
    xterm.on('exit', (code, signal) => { if (!this.closed) this.fail(`xterm exited (${code ?? signal}) ${stderr.trim()}`); });
    await this.within(ptyReady, 'xterm did not start its program');
  }

  // A promise with the adapter's deadline.
  async within(promise, what) {
    let timer;
    const deadline = new Promise((_, reject) => { timer = setTimeout(() => reject(new XtermError(what)), WAIT_MS); });
    try {
      return await Promise.race([promise, deadline, this.failure()]);
    } finally {
      clearTimeout(timer);
    }
  }

  failure() {
    if (!this.failed) this.failed = new Promise((_, reject) => { this.rejectFailure = reject; });
    this.failed.catch(() => {});
    return this.failed;
  }

  fail(message) {
    this.failure();
    this.rejectFailure(new XtermError(message));
  }

  wake() {
    const w = this.waiter;
    if (w && w.ready()) { this.waiter = null; w.resolve(); }
  }

  until(ready, what) {
    if (ready()) return Promise.resolve();
    return this.within(new Promise((resolve) => { this.waiter = { ready, resolve }; }), what);
  }

  write(bytes) {
    return new Promise((resolve, reject) => this.pty.write(bytes, (e) => (e ? reject(new XtermError(`writing to xterm: ${e.message}`)) : resolve())));
  }

  /** Writes bytes, then waits until what xterm sent back ends as `end` matches; returns it all. */
  async ask(bytes, end, what) {
    await this.write(bytes);
    await this.until(() => end.test(this.received), what);
    const all = this.received;
    this.received = '';
    return all;
  }

  /** The next `count` print jobs, each a Buffer without its form feed. */
  async printJobs(count) {
    const feeds = () => Buffer.concat(this.printed).reduce((n, b) => n + (b === 0x0c ? 1 : 0), 0);
    await this.until(() => feeds() >= count, 'xterm did not print');
    const all = Buffer.concat(this.printed);
    const jobs = [];
    let from = 0;
    for (let k = 0; k < count; k++) {
      const ff = all.indexOf(0x0c, from);
      jobs.push(all.subarray(from, ff));
      from = ff + 1;
    }
    this.printed = from < all.length ? [all.subarray(from)] : [];
    return jobs;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.pty?.destroy();
    this.printer?.destroy();
    this.server?.close();
    for (const c of this.children) {
      try { c.kill('SIGKILL'); } catch { /* gone */ }
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
