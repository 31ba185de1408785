// launch(): a real program on a PTY through `tessera host`. Every stdout
// frame goes to the wasm Screen in order, one frame per engine call; the
// engine's replies are dropped because the host answers the program itself
// (native-host/host/HOST_PROTOCOL.md). Actions resolve with a receipt when the
// host's INPUT_ACK (or, for resize, the RESIZE frame) comes back.

import { loadEngine } from './engine.js';
import { FrameDecoder } from './frames.js';
import { Screen } from './screen.js';
import { Session } from './session.js';

// Node-only modules are loaded by launch(), so the package root still loads in browsers.
let node = null;
async function nodeModules() {
  if (!node) {
    const [{ spawn }, host] = await Promise.all([import('node:child_process'), import('./host.js')]);
    node = { spawn, findHost: host.findHost };
  }
  return node;
}

const CLOSE_GRACE_MS = 10_000; // the host needs ~500 ms to end a stubborn program group

export class TerminalError extends Error {
  constructor(message) { super(message); this.name = 'TerminalError'; }
}

/** Starts `command` with `args` on a PTY; resolves once the program runs. */
export async function launch(command, args = [], options = {}) {
  if (!Array.isArray(args)) { options = args ?? {}; args = []; }
  const engine = await loadEngine({ engine: options.engine });
  const { findHost } = await nodeModules();
  const hostPath = options.hostPath ?? findHost();
  const rows = options.rows ?? 24, cols = options.cols ?? 80;
  const screen = new Screen(engine, { rows, cols, reflow: options.reflow, history: options.history,
    scrollback: options.scrollback });
  const t = new Terminal(screen, { ...options, hostPath });
  t._start(command, args, { rows, cols });
  try {
    await t._send({ op: 'input', bytes: [] }, 'start'); // acked only once spawn has worked
  } catch (e) {
    await t.close();
    throw e;
  }
  t.lastAction = null; // the start probe is not a user action
  return t;
}

export class Terminal extends Session {
  constructor(screen, options) {
    super(screen, { timeoutMs: options.timeoutMs ?? 5000, startNs: process.hrtime.bigint() });
    this.options = options;
    this.hostPath = options.hostPath;
    this._nextId = 1;
    this._pending = new Map(); // action id -> {resolve, reject, what}
    this._resizes = [];        // FIFO of {resolve, reject}
    this._stderr = '';
    this.hostErrors = [];
    this.failure = null;       // a fatal error: malformed stream, host gone
    this._exitWaiters = [];
    this.keyboard = {
      press: (key) => this._send({ op: 'input', key }, `press ${JSON.stringify(key)}`),
      type: (text) => this._send({ op: 'input', text }, `type ${JSON.stringify(text)}`),
    };
    const mouse = (action) => (row, col, opts = {}) => this._send({ op: 'input', mouse: {
      action, row, col, button: opts.button ?? (action === 'move' ? 'none' : 'left'),
      ...(opts.mods ? { mods: opts.mods } : {}),
    } }, `mouse ${action} at ${row},${col}`);
    this.mouse = {
      click: mouse('click'), down: mouse('down'), up: mouse('up'), move: mouse('move'),
      /** wheel(row, col, 'up' | 'down') */
      wheel: (row, col, direction = 'down', opts = {}) => this._send({ op: 'input', mouse: {
        action: 'wheel', row, col, button: direction === 'up' ? 'wheelup' : 'wheeldown',
        ...(opts.mods ? { mods: opts.mods } : {}) } }, `mouse wheel ${direction} at ${row},${col}`),
    };
  }

  _start(command, args, { rows, cols }) {
    const { spawn } = node;
    this.proc = spawn(this.hostPath, ['host'], { stdio: ['pipe', 'pipe', 'pipe'] });
    // 'close' comes after stdout and stderr have ended, so the host's last
    // error line is known when pending actions are rejected.
    this._hostExited = new Promise((resolve) => this.proc.on('close', (code, signal) => {
      this.hostExit = { code, signal };
      const cut = this._cutBytes ? ` (${this._cutBytes} bytes of a frame cut short)` : '';
      this._end(this.exitStatus ? 'output drained: EXIT frame received'
        : `host ended (${signal ? `signal ${signal}` : `exit ${code}`}) without an EXIT frame${cut}`);
      this._rejectAll(new TerminalError(`tessera host ended${this._stderrNote()}`));
      resolve();
    }));
    this.proc.on('error', (e) => this._fail(new TerminalError(`tessera host (${this.hostPath}): ${e.message}`)));
    this.proc.stdin.on('error', () => {}); // a closed pipe shows up as the host's exit
    const decoder = new FrameDecoder(this._screen.abi, 'tessera host');
    this.proc.stdout.on('data', (chunk) => {
      let frames;
      try { frames = decoder.push(chunk); } catch (e) { this._fail(e); this.close(); return; }
      for (const f of frames) this._frame(f);
    });
    this.proc.stdout.on('end', () => { this._cutBytes = decoder.pending; });
    this.proc.stderr.on('data', (chunk) => this._onStderr(chunk));
    const spawnCmd = { op: 'spawn', cmd: command, args: args.map(String), rows, cols };
    if (this.options.env) spawnCmd.env = this.options.env;
    if (this.options.cwd) spawnCmd.cwd = String(this.options.cwd);
    if (this.options.isolateHome) spawnCmd.isolateHome = true;
    this._write(spawnCmd);
  }

  _write(obj) {
    if (this._closing || !this.proc.stdin.writable) return false;
    this.proc.stdin.write(JSON.stringify(obj) + '\n');
    return true;
  }

  _send(cmd, what) {
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended || this._closing) return Promise.reject(new TerminalError(`${what}: the terminal is ${this._closing ? 'closed' : 'ended'}`));
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, what });
      this._write({ ...cmd, id });
    });
  }

  _frame(f) {
    try {
      this._apply(f);
    } catch (e) { this._fail(e); return; }
    if (f.type === 'input-ack') {
      const id = Number(f.actionId);
      const p = this._pending.get(id);
      if (p) {
        this._pending.delete(id);
        const receipt = Object.freeze({ id, revision: this._screen.revision, timeNs: f.timeNs });
        if (!p.probe) this.lastAction = receipt; // a readiness answer is not an action
        p.resolve(receipt);
      }
    } else if (f.type === 'resize') {
      const r = this._resizes.shift();
      if (r) {
        const receipt = Object.freeze({ id: null, revision: this._screen.revision, timeNs: f.timeNs });
        this.lastAction = receipt;
        r.resolve(receipt);
      }
    } else if (f.type === 'exit') {
      for (const w of this._exitWaiters.splice(0)) w.resolve(this.exitStatus);
      this._end('output drained: EXIT frame received');
    }
  }

  _onStderr(chunk) {
    this._stderr += chunk.toString('utf8');
    let nl;
    while ((nl = this._stderr.indexOf('\n')) >= 0) {
      const line = this._stderr.slice(0, nl);
      this._stderr = this._stderr.slice(nl + 1);
      if (!line.trim()) continue;
      let msg;
      try { msg = JSON.parse(line); } catch { msg = { error: line }; }
      this.hostErrors.push(msg);
      const err = new TerminalError(`tessera host: ${msg.op ?? 'error'}${msg.id !== undefined ? ` ${msg.id}` : ''}: ${msg.error}`);
      if (msg.id !== undefined && this._pending.has(msg.id)) {
        const p = this._pending.get(msg.id);
        this._pending.delete(msg.id);
        err.message = `${p.what}: ${err.message}`;
        p.reject(err);
      } else if (msg.op === 'resize' && this._resizes.length) {
        this._resizes.shift().reject(err);
      } else if (msg.warning === undefined && (msg.op === 'spawn' || msg.id === undefined)) {
        this._lastHostError = err; // e.g. could not start: reported when the host ends
      }
    }
  }

  _stderrNote() {
    return this._lastHostError ? `: ${this._lastHostError.message.replace(/^tessera host: /, '')}` : '';
  }

  _rejectAll(err) {
    for (const [, p] of this._pending) p.reject(new TerminalError(`${p.what}: ${err.message}`));
    this._pending.clear();
    for (const r of this._resizes.splice(0)) r.reject(err);
    for (const w of this._exitWaiters.splice(0)) {
      if (this.exitStatus) w.resolve(this.exitStatus); else w.reject(err);
    }
  }

  _fail(err) {
    if (!this.failure) this.failure = err;
    this._rejectAll(err);
    this._emit({ type: 'end' });
  }

  /** Pastes text (bracketed when the program asked for it). */
  paste(text) { return this._send({ op: 'input', paste: text }, 'paste'); }
  /** Reports focus in (true) or out (false), if the program asked for it. */
  focus(focused = true) { return this._send({ op: 'input', focus: !!focused }, `focus ${focused}`); }

  /**
   * Resolves once the program waits for input: its screen settled (the host's --settle) and the
   * PTY's foreground process group blocked reading the terminal (Linux /proc; elsewhere the
   * settled screen alone, with a warning in hostErrors). Rejects at timeoutMs (default: the
   * launch's). The receipt ({id, revision, timeNs}) does not replace lastAction.
   */
  waitForInputReady({ timeoutMs } = {}) {
    const id = this._nextId;
    const ms = Math.max(1, Math.ceil(timeoutMs ?? this.timeoutMs));
    const answer = this._send({ op: 'ready', timeoutMs: ms }, 'waitForInputReady');
    const pending = this._pending.get(id);
    if (pending) pending.probe = true;
    return answer;
  }

  /** Resizes the terminal; the receipt is the revision after the RESIZE frame. */
  resize(rows, cols) {
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended || this._closing) return Promise.reject(new TerminalError('resize: the terminal is ended'));
    return new Promise((resolve, reject) => {
      this._resizes.push({ resolve, reject });
      this._write({ op: 'resize', rows, cols });
    });
  }

  /** The real monotonic clock (the host's frames use CLOCK_MONOTONIC too). */
  nowNs() { return process.hrtime.bigint(); }

  /** Resolves at the next revision, the end, or untilNs, whichever comes first. */
  waitForChange(untilNs) {
    if (this.ended || this.failure) return Promise.resolve();
    return new Promise((resolve) => {
      let timer = null;
      const unsub = this.subscribe(() => { clearTimeout(timer); unsub(); resolve(); });
      // setTimeout counts from the event loop's cached time, which can lag the
      // monotonic clock: a timer that fires early is armed again, not reported.
      const arm = () => {
        const left = untilNs - this.nowNs();
        if (left <= 0n) { unsub(); resolve(); return; }
        timer = setTimeout(arm, Number(left / 1_000_000n) + 1);
      };
      arm();
    });
  }

  /** Resolves with {code, signal} once the program has exited and its output is drained. */
  waitForExit() {
    if (this.exitStatus) return Promise.resolve(this.exitStatus);
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.reject(new TerminalError(`tessera host ended without an exit status${this._stderrNote()}`));
    return new Promise((resolve, reject) => this._exitWaiters.push({ resolve, reject }));
  }

  /** Ends the program (its whole process group) and the host; idempotent. */
  close() {
    if (this._closed) return this._closed;
    this._closing = true;
    this._closed = (async () => {
      try {
        if (this.proc.stdin.writable) this.proc.stdin.end(JSON.stringify({ op: 'close' }) + '\n');
      } catch { /* the host is gone already */ }
      let timer;
      const late = new Promise((r) => { timer = setTimeout(r, CLOSE_GRACE_MS, 'late'); });
      const how = await Promise.race([this._hostExited, late]);
      clearTimeout(timer);
      if (how === 'late') { this.proc.kill('SIGKILL'); await this._hostExited; }
      this._rejectAll(new TerminalError('the terminal was closed'));
    })();
    return this._closed;
  }

  [Symbol.asyncDispose ?? Symbol.for('Symbol.asyncDispose')]() { return this.close(); }
}
