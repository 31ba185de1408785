// launch(): a real program on a PTY through `tessera host`. Every stdout
// frame goes to the wasm Screen in order, one frame per engine call; the
// engine's replies are dropped because the host answers the program itself
// (native-host/host/HOST_PROTOCOL.md). Input actions wait, in the host, for the
// program to read its terminal (input_actions.js), and resolve with a receipt
// when the host's INPUT_ACK (or, for resize, the RESIZE frame) comes back. Each
// action and each assertion is a numbered step of the trace (web/README.md "Marks").

import { screenSection } from './diagnostics.js';
import { loadEngine } from './engine.js';
import { TerminalError, TerminalTimeoutError } from './errors.js';
import { FrameDecoder } from './frames.js';
import { mouseField, mouseInputs, readinessFields, readinessNote, readyBudget } from './input_actions.js';
import { HostKeepAlive } from './keepalive.js';
import { formatRange, middleOf } from './locator.js';
import { Screen } from './screen.js';
import { Session } from './session.js';
import { Trace } from './trace.js';

// Node-only modules are loaded by launch(), so the package root still loads in browsers.
let node = null;
async function nodeModules() {
  if (!node) {
    const [{ spawn }, host] = await Promise.all([import('node:child_process'), import('./host.js')]);
    node = { spawn, findHost: host.findHost };
  }
  return node;
}

export { TerminalError };

const KILLED_HOST_MS = 2000; // how long a SIGKILLed host may take to be reaped
const MAX_TIMER_MS = 2 ** 31 - 1; // setTimeout's limit (longer delays fire at once)
const NO_ACK = 'no acknowledgement from the host (the program has not taken the input)';

/** Starts `command` with `args` on a PTY; resolves once the program runs. */
export async function launch(command, args = [], options = {}) {
  if (!Array.isArray(args)) { options = args ?? {}; args = []; }
  options.signal?.throwIfAborted();
  readyBudget(options.readyBudgetMs); // a bad budget fails before anything starts
  const engine = await loadEngine({ engine: options.engine });
  const { findHost } = await nodeModules();
  const hostPath = options.hostPath ?? findHost();
  const rows = options.rows ?? 24, cols = options.cols ?? 80;
  const screen = new Screen(engine, { rows, cols, reflow: options.reflow, history: options.history,
    scrollback: options.scrollback });
  const t = new Terminal(screen, { ...options, hostPath });
  t._start(command, args, { rows, cols });
  t._closeAutomatically(options);
  try {
    await t._send([{ op: 'input', bytes: [], now: true }], 'start', undefined, { traced: false }); // acked once spawn has worked; now: nothing is typed, so nothing waits for readiness
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
    this._readyBudgetMs = readyBudget(options.readyBudgetMs);
    this._nextId = 1;
    this._pending = new Map(); // input id -> {resolve, reject, what, notes, probe}
    this._resizes = [];        // FIFO of {resolve, reject}
    this._stderr = '';
    this.hostErrors = [];
    this.failure = null;       // a fatal error: malformed stream, host gone
    this._exitWaiters = [];
    this.keyboard = {
      press: (key, opts) => this._act([{ key }], `press ${JSON.stringify(key)}`, opts),
      type: (text, opts) => this._act([{ text }], `type ${quoteShort(text)}`, opts),
    };
    const mouse = (action) => (row, col, opts = {}) => this._act([{ mouse: mouseField(action, row, col, opts) }],
      `mouse ${action} at ${row},${col}`, opts);
    this.mouse = {
      click: mouse('click'), down: mouse('down'), up: mouse('up'), move: mouse('move'),
      dblclick: (row, col, opts = {}) => this._act(mouseInputs('dblclick', row, col, opts), `mouse dblclick at ${row},${col}`, opts),
      /** wheel(row, col, 'up' | 'down') */
      wheel: (row, col, direction = 'down', opts = {}) => this._act(mouseInputs(`wheel ${direction === 'up' ? 'up' : 'down'}`, row, col, opts),
        `mouse wheel ${direction} at ${row},${col}`, opts),
    };
  }

  _start(command, args, { rows, cols }) {
    const { spawn } = node;
    // The trace a failed assertion writes out (artifacts.js): the frames from the host and
    // the test's steps as marks, after the size it starts at; its last 64 MiB (trace.js).
    this._trace = new Trace(this._screen, { rows, cols, timeNs: process.hrtime.bigint(),
      maxBytes: this.options.traceMaxBytes });
    this.proc = spawn(this.hostPath, ['host'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this._keepAlive = new HostKeepAlive(this.proc);
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
    if (this.options.inheritHome) spawnCmd.inheritHome = true;
    if (this.options.isolateHome) spawnCmd.isolateHome = true; // the default, said (with inheritHome: the host's error)
    this._write(spawnCmd);
  }

  _write(obj) {
    if (this._closing || !this.proc.stdin.writable) return false;
    this.proc.stdin.write(JSON.stringify(obj) + '\n');
    return true;
  }

  // Closes the terminal when options.signal aborts, when the node:test
  // context's signal aborts, and after that test (t.after).
  _closeAutomatically({ signal, test }) {
    if (test && typeof test.after !== 'function') throw new TypeError('launch({ test }): a node:test context (test(name, (t) => ...))');
    test?.after(() => this.close());
    for (const s of [signal, test?.signal]) {
      if (!s) continue;
      const onAbort = () => this.close().catch(() => {}); // the close is the abort's outcome
      s.addEventListener('abort', onAbort, { once: true });
      this._hostExited.then(() => s.removeEventListener('abort', onAbort));
    }
  }

  /** The deadline of one wait: options.timeoutMs, else the launch's. */
  _deadlineMs(opts, what) {
    const ms = opts?.timeoutMs ?? this.timeoutMs;
    if (typeof ms !== 'number' || !(ms > 0)) throw new TypeError(`${what}: timeoutMs must be a number > 0, got ${ms}`);
    return ms;
  }

  _timeoutError(what, ms, reason) {
    return new TerminalTimeoutError({ what, timeoutMs: ms, reason, snapshot: this.screen,
      program: this.describeEnd(), exitStatus: this.exitStatus });
  }

  /**
   * `work` (a promise), or a TerminalTimeoutError with the screen once ms
   * have passed (then onTimeout() runs first). Node stays alive meanwhile.
   */
  _within(what, ms, reason, work, onTimeout) {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => {
        onTimeout?.();
        reject(this._timeoutError(what, ms, typeof reason === 'function' ? reason() : reason));
      }, Math.min(ms, MAX_TIMER_MS));
    });
    return this._keepAlive.during(Promise.race([work, late]).finally(() => clearTimeout(timer)));
  }

  // Keeps a frame in the trace (after the screen applied it, if it changes the screen).
  _keep(f) {
    this._trace?.keep(f);
  }

  /** Adds a mark (on the frames' clock) to the trace. */
  _mark(label) {
    this._keep({ type: 'mark', timeNs: process.hrtime.bigint(), data: new TextEncoder().encode(label) });
  }

  /**
   * Starts the trace's next step: marks `step N start: DESCRIPTION` and returns
   * { index, passed(detail), failed(reason) }, which mark its end once (web/README.md "Marks").
   */
  _beginStep(description) {
    const index = this._trace.steps++;
    const startNs = process.hrtime.bigint();
    this._mark(`step ${index} start: ${oneLine(description)}`);
    let ended = false;
    const end = (verdict, detail, reason) => {
      if (ended) return;
      ended = true;
      const ms = Number((process.hrtime.bigint() - startNs) / 1_000_000n);
      const more = detail ? `, ${oneLine(detail)}` : '';
      const why = reason === undefined ? '' : `: ${oneLine(reason) || 'no reason given'}`;
      this._mark(`step ${index} end: ${verdict} (${ms}ms${more})${why}`);
    };
    return { index, passed: (detail) => end('passed', detail), failed: (reason) => end('failed', '', reason) };
  }

  // How an action waits for readiness (input_actions.js): the `input` commands of its inputs,
  // the first with the readiness fields, and the notes its step's end starts with.
  // Bad options throw a TypeError.
  _readiness(opts, what) {
    const ready = readinessFields(opts, this._readyBudgetMs, what);
    return {
      commands: (inputs) => inputs.map((f, i) => ({ op: 'input', ...(i === 0 ? ready : {}), ...f })),
      notes: ready.now ? ['sent at once (now)'] : [],
    };
  }

  // An input action: its inputs (fields of `input` commands) sent as one step.
  _act(inputs, what, opts) {
    let r;
    try { r = this._readiness(opts, what); } catch (e) { return Promise.reject(e); }
    return this._send(r.commands(inputs), what, opts, { notes: r.notes });
  }

  // A locator action (locator.click(), dblclick(), wheel()): waits for the locator's one match
  // within the action's deadline, then acts at its middle cell, as one step.
  _actAt(locator, kind, opts = {}) {
    const what = `${kind} ${locator}`;
    let r;
    try { r = this._readiness(opts, what); } catch (e) { return Promise.reject(e); }
    const place = async (run, untilNs) => {
      run.reason = `no single match of ${locator} (an action needs exactly one)`;
      const at = await this._placeOf(locator, what, untilNs, run);
      run.reason = NO_ACK;
      if (!at) return null;
      r.notes.unshift(`at ${at.row},${at.col}`);
      return r.commands(mouseInputs(kind, at.row, at.col, opts));
    };
    // After the end, the final screen decides the message, as it would have during the wait.
    if (this.ended && !this._closing && !this.failure) {
      return this._placeOf(locator, what, 0n, { stopped: false, ms: 0 })
        .then(() => { throw new TerminalError(`${what}: the terminal is ended`); });
    }
    return this._send(place, what, opts, { notes: r.notes });
  }

  // Where a locator action acts: the middle of its one match, waited for until untilNs. Several
  // matches fail at once (strict, as assertions are); null once the action was given up.
  async _placeOf(locator, what, untilNs, run) {
    for (;;) {
      if (this.failure) throw this.failure;
      const snap = this.screen;
      const r = locator.resolve(snap);
      if (r.match) return middleOf(r.match);
      const fail = (why) => Object.assign(new TerminalError([`${what}: ${why}`,
        ...(r.candidates.length ? [`  candidates: ${r.candidates.map(formatRange).join('; ')}`] : []),
        screenSection(snap, 'failure')].join('\n')), { candidates: r.candidates, snapshot: snap });
      if (r.ambiguous) throw fail(`${r.candidates.length} matches; an action needs exactly one (use .nth(i) or .region(...))`);
      if (this.ended) throw fail('the program ended and its final screen has no match');
      if (run.stopped) return null;
      if (this.nowNs() >= untilNs) throw this._timeoutError(what, run.ms, run.reason);
      await this.waitForChange(untilNs);
    }
  }

  // An action: commands sent one after another, each with an id, each acknowledged by the host
  // (INPUT_ACK); the receipt is the last one's. `commands` is a list, or, for a locator action,
  // async (run, untilNs) => list (null: given up). A step of the trace unless untraced (the start
  // probe, readiness waits); its end mark carries the host's readiness notes for its inputs.
  _send(commands, what, opts, { traced = true, probe = false, notes = [] } = {}) {
    let ms;
    try { ms = this._deadlineMs(opts, what); } catch (e) { return Promise.reject(e); }
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended || this._closing) return Promise.reject(new TerminalError(`${what}: the terminal is ${this._closing ? 'closed' : 'ended'}`));
    const step = traced ? this._beginStep(what) : null;
    const run = { stopped: false, id: null, ms, reason: NO_ACK };
    const untilNs = this.nowNs() + BigInt(Math.round(ms * 1e6));
    const sent = (async () => {
      const list = typeof commands === 'function' ? await commands(run, untilNs) : commands;
      let receipt = null;
      for (let i = 0; list && i < list.length && !run.stopped; i++) {
        // The last acknowledgement ends the step, before later frames are kept.
        const last = i === list.length - 1;
        receipt = await this._command(list[i], what, run, { probe, notes,
          acked: last ? (r) => step?.passed([`revision ${r.revision}`, ...notes].join(', ')) : null });
      }
      return receipt;
    })();
    const failed = sent.catch((e) => {
      step?.failed(e instanceof TerminalTimeoutError ? `timed out after ${ms} ms: ${run.reason}` : withoutPrefix(e.message, `${what}: `));
      throw e;
    });
    return this._within(what, ms, () => run.reason, failed, () => {
      run.stopped = true;
      this._pending.delete(run.id);
      step?.failed(`timed out after ${ms} ms: ${run.reason}`);
    });
  }

  // One command with a fresh id; resolves with its receipt at the host's INPUT_ACK.
  _command(cmd, what, run, { probe, notes, acked }) {
    const id = this._nextId++;
    run.id = id;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { what, probe, notes, reject,
        resolve: (receipt) => { acked?.(receipt); resolve(receipt); } });
      this._write({ ...cmd, id });
    });
  }

  _frame(f) {
    let error = null;
    try { this._apply(f); } catch (e) { error = e; }
    this._keep(f); // after the screen applied it: a keyframe the trace makes now shows it
    if (error) { this._fail(error); return; }
    if (f.type === 'mark') {
      // The host's word on an input's readiness ("not reading after 1000ms (...): sent anyway"),
      // which comes just before its INPUT_ACK: the action's step end says it too.
      const r = readinessNote(new TextDecoder().decode(f.data));
      if (r) this._pending.get(r.id)?.notes?.push(r.note);
    } else if (f.type === 'input-ack') {
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
        r.step.passed(`revision ${receipt.revision}`);
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
        // A refused spawn (bad fields) leaves the host running: the start probe's "no program"
        // is its consequence, the spawn's line its reason.
        const reason = p.what === 'start' && this._lastHostError?.message.startsWith('tessera host: spawn') ? this._lastHostError : err;
        p.reject(new TerminalError(`${p.what}: ${reason.message}`));
      } else if (msg.op === 'resize' && this._resizes.length) {
        const r = this._resizes.shift();
        r.step.failed(err.message);
        r.reject(err);
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
    for (const r of this._resizes.splice(0)) { r.step.failed(err.message); r.reject(err); }
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
  paste(text, opts) { return this._act([{ paste: text }], `paste ${quoteShort(text)}`, opts); }
  /** Reports focus in (true) or out (false), if the program asked for it. */
  focus(focused = true, opts) { return this._act([{ focus: !!focused }], `focus ${focused}`, opts); }

  /**
   * Resolves once the program waits for input: its screen settled (the host's --settle) and the
   * PTY's foreground process group blocked reading the terminal (Linux /proc; elsewhere the
   * settled screen alone, with a warning in hostErrors). Rejects at timeoutMs (default: the
   * launch's). The receipt ({id, revision, timeNs}) does not replace lastAction.
   */
  waitForInputReady({ timeoutMs } = {}) {
    const ms = Math.max(1, Math.ceil(timeoutMs ?? this.timeoutMs));
    // The host's deadline comes first, so its reason is what a timeout reports; the JS
    // deadline, a second later, only ends the wait if the host never answers.
    return this._send([{ op: 'ready', timeoutMs: ms }], 'waitForInputReady', { timeoutMs: ms + 1000 },
      { traced: false, probe: true });
  }

  /** Resizes the terminal; the receipt is the revision after the RESIZE frame. */
  resize(rows, cols, opts) {
    const what = `resize to ${rows}x${cols}`;
    let ms;
    try { ms = this._deadlineMs(opts, what); } catch (e) { return Promise.reject(e); }
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended || this._closing) return Promise.reject(new TerminalError(`${what}: the terminal is ended`));
    // A late RESIZE frame still takes its place in the FIFO; resolving a
    // promise that already timed out does nothing.
    const step = this._beginStep(what);
    const done = new Promise((resolve, reject) => {
      this._resizes.push({ resolve, reject, step });
      this._write({ op: 'resize', rows, cols });
    });
    const reason = 'no RESIZE frame from the host';
    return this._within(what, ms, reason, done, () => step.failed(`timed out after ${ms} ms: ${reason}`));
  }

  /** The real monotonic clock (the host's frames use CLOCK_MONOTONIC too). */
  nowNs() { return process.hrtime.bigint(); }

  /** Resolves at the next revision, the end, or untilNs, whichever comes first. */
  waitForChange(untilNs) {
    if (this.ended || this.failure) return Promise.resolve();
    return this._keepAlive.during(new Promise((resolve) => {
      let timer = null;
      const unsub = this.subscribe(() => { clearTimeout(timer); unsub(); resolve(); });
      // setTimeout counts from the event loop's cached time, which can lag the
      // monotonic clock: a timer that fires early is armed again, not reported.
      const arm = () => {
        const left = untilNs - this.nowNs();
        if (left <= 0n) { unsub(); resolve(); return; }
        timer = setTimeout(arm, Math.min(Number(left / 1_000_000n) + 1, MAX_TIMER_MS));
      };
      arm();
    }));
  }

  /**
   * Resolves with {code, signal} once the program has exited and its output
   * is drained; rejects with the screen after timeoutMs (default the launch's).
   */
  waitForExit(opts) {
    const what = 'terminal.waitForExit()';
    let ms;
    try { ms = this._deadlineMs(opts, what); } catch (e) { return Promise.reject(e); }
    if (this.exitStatus) return Promise.resolve(this.exitStatus);
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.reject(new TerminalError(`tessera host ended without an exit status${this._stderrNote()}`));
    let waiter;
    const exited = new Promise((resolve, reject) => { waiter = { resolve, reject }; this._exitWaiters.push(waiter); });
    return this._within(what, ms, 'the program is still running', exited,
      () => this._exitWaiters.splice(this._exitWaiters.indexOf(waiter), 1));
  }

  /**
   * Ends the program (its whole process group) and the host; idempotent.
   * If the host has not ended within timeoutMs (default the launch's), it is
   * killed (its PTY hangs up, which ends the program) and close rejects with
   * the screen.
   */
  close(opts) {
    if (this._closed) return this._closed;
    let ms;
    try { ms = this._deadlineMs(opts, 'terminal.close()'); } catch (e) { return Promise.reject(e); }
    this._closing = true;
    const ended = (async () => {
      try {
        if (this.proc.stdin.writable) this.proc.stdin.end(JSON.stringify({ op: 'close' }) + '\n');
      } catch { /* the host is gone already */ }
      await this._hostExited;
      this._rejectAll(new TerminalError('the terminal was closed'));
    })();
    this._closed = this._within('terminal.close()', ms,
      'the host did not end the program in time; it was killed (SIGKILL)', ended, () => this._killHost());
    return this._closed;
  }

  // The last resort: the host stopped reading its commands (say, stuck
  // writing input the program never reads). Its pipes are destroyed too, in
  // case the program still holds them, so nothing keeps Node waiting.
  _killHost() {
    this.proc.kill('SIGKILL');
    const gone = new Promise((r) => { this.proc.once('exit', r); setTimeout(r, KILLED_HOST_MS).unref(); });
    gone.then(() => { for (const s of [this.proc.stdin, this.proc.stdout, this.proc.stderr]) s?.destroy(); });
  }

  [Symbol.asyncDispose ?? Symbol.for('Symbol.asyncDispose')]() { return this.close(); }
}

// A step's words on one line: a mark is one line of the trace.
const oneLine = (text) => String(text).split('\n')[0];
// An error's message without the step's own words in front (its start mark has them).
const withoutPrefix = (text, prefix) => (text.startsWith(prefix) ? text.slice(prefix.length) : text);

// An action's text in messages: quoted, and cut short when long.
function quoteShort(text) {
  const q = JSON.stringify(String(text));
  return q.length > 40 ? `${q.slice(0, 36)}..." (${String(text).length} chars)` : q;
}
