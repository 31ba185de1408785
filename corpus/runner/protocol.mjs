// The client side of the backend line protocol (backends/README.md): one adapter
// process, commands written to its stdin, answers read from its stdout. Every answer has
// a deadline, and an adapter that exits, stops answering or writes outside the contract
// becomes an AdapterError naming it, never a hang.
import { spawn } from 'node:child_process';
import { ProtocolError } from './quote.mjs';
import { DUMP_TAGS, parseDump, parseModeAnswer, parseKeypadAnswer, parseStyled, parseMatches } from './dump.mjs';

export class AdapterError extends Error {}

const STDERR_KEPT = 4096;
const END = Buffer.from('end');
// Writes the adapter has not answered yet make the next deadline longer: one second per
// MiB, for slow emulators fed long inputs.
const MS_PER_MIB = 1000;

export class AdapterProcess {
  /** spec: {name, command, args, cwd?, env?}; timeoutMs: the deadline of one answer. */
  constructor(spec, { timeoutMs = 10000 } = {}) {
    this.spec = spec;
    this.timeoutMs = timeoutMs;
    // Lines read and not yet taken: lines[head] onwards (an index, not shift(), since a
    // batch of dumps queues many thousands).
    this.lines = [];
    this.head = 0;
    this.partial = [];
    this.waiter = null;
    this.stderr = '';
    this.exit = null;
    this.pendingBytes = 0;
    this.killed = false;
    this.child = spawn(spec.command, spec.args ?? [], {
      cwd: spec.cwd, env: spec.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.on('error', (e) => this._ended(`could not be started: ${e.message}`));
    // 'close' comes after stdout is read to its end, so a last answer is not lost.
    this.child.on('close', (code, signal) => this._ended(signal ? `was killed by ${signal}` : `exited with status ${code}`));
    this.child.stdin.on('error', () => {}); // EPIPE: the exit handler says why
    this.child.stdout.on('data', (chunk) => this._onData(chunk));
    this.child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
  }

  get alive() { return this.exit === null; }

  _ended(why) {
    if (this.exit !== null) return;
    this.exit = why;
    this._wake();
  }

  _onData(chunk) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl < 0) break;
      // a line wholly inside this chunk is a view of it, not a copy (a dump is thousands)
      const piece = chunk.subarray(start, nl);
      this.lines.push(this.partial.length ? Buffer.concat([...this.partial, piece]) : piece);
      this.partial = [];
      start = nl + 1;
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
    this._wake();
  }

  _wake() {
    const w = this.waiter;
    this.waiter = null;
    if (w) w();
  }

  _error(what) {
    const err = this.stderr.trim();
    return new AdapterError(`backend ${this.spec.name} ${what}${err ? `; its stderr: ${err.split('\n').slice(-5).join(' | ')}` : ''}`);
  }

  _deadline() {
    return Date.now() + this.timeoutMs + Math.ceil((this.pendingBytes / (1 << 20)) * MS_PER_MIB);
  }

  // Waits until cond() holds, the process ends, or the deadline passes.
  async _until(cond, deadline, doing) {
    while (!cond()) {
      if (!this.alive) throw this._error(`${this.exit} while ${doing}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        this.kill();
        const e = this._error(`did not answer within ${Math.round(this.timeoutMs / 1000)} s while ${doing}`);
        e.timedOut = true;
        throw e;
      }
      await new Promise((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => { clearTimeout(t); resolve(); };
      });
    }
  }

  /** Writes one command line (a byte per character, as quote() gives); waits while the pipe is full. */
  async send(line) {
    if (!this.alive) throw this._error(`${this.exit} before "${line.slice(0, 40)}"`);
    this.pendingBytes += line.length;
    if (this.child.stdin.write(Buffer.from(line + '\n', 'latin1'))) return;
    let drained = false;
    this.child.stdin.once('drain', () => { drained = true; this._wake(); });
    await this._until(() => drained, this._deadline(), `reading "${line.slice(0, 40)}"`);
  }

  async _line(doing, deadline) {
    if (this.head >= this.lines.length) await this._until(() => this.head < this.lines.length, deadline, doing);
    return this._take();
  }

  // The next line read; only when there is one.
  _take() {
    const line = this.lines[this.head++];
    if (this.head === this.lines.length) {
      this.lines = [];
      this.head = 0;
    }
    return line;
  }

  // Sends a command and reads its answer: one line, or lines up to `end` when `tags`
  // (the first words its lines may have) is given, so garbage is caught at its first
  // line rather than at the deadline. Returns {unsupported: true} or {lines}.
  async _ask(command, tags = null) {
    this._nothingUnasked(command);
    await this.send(command);
    return this._answer(command, tags);
  }

  _nothingUnasked(command) {
    if (this.head < this.lines.length) {
      throw this._error(`printed "${this.lines[this.head].toString('utf8').slice(0, 80)}" unasked, before "${command.split(' ')[0]}"`);
    }
  }

  // Reads the answer of a command already sent (see _ask).
  async _answer(command, tags) {
    const name = command.split(' ')[0];
    const deadline = this._deadline();
    const first = await this._line(`answering "${name}"`, deadline);
    this.pendingBytes = 0;
    if (first.toString('latin1') === `unsupported ${name}`) return { unsupported: true };
    if (!tags) return { lines: [first] };
    const lines = [];
    for (let l = first; !l.equals(END);) {
      const space = l.indexOf(0x20);
      const tag = l.toString('latin1', 0, space < 0 ? l.length : space);
      if (!tags.has(tag)) {
        this.kill();
        throw this._error(`answered "${name}" outside the protocol: an unexpected "${tag.slice(0, 40)}"`);
      }
      lines.push(l);
      // Lines already read are taken without a wait: a dump is thousands of them.
      l = this.head < this.lines.length ? this._take() : await this._line(`answering "${name}"`, deadline);
    }
    return { lines };
  }

  // Runs a parser over an answer, turning its complaints into an AdapterError.
  _parsed(command, parse, answer) {
    if (answer.unsupported) return { unsupported: true };
    try {
      return { value: parse(answer.lines) };
    } catch (e) {
      if (e instanceof ProtocolError) {
        this.kill();
        throw this._error(`answered "${command.slice(0, 40)}" outside the protocol: ${e.message}`);
      }
      throw e;
    }
  }

  /** The state, parsed (dump.mjs, with parseOptions); {unsupported} or {value}. */
  async dump(parseOptions = {}) {
    return this._parsed('dump', (lines) => parseDump(lines, parseOptions), await this._ask('dump', DUMP_TAGS));
  }

  /**
   * Writes the commands at once, then reads the answer of each `dump` among them, in
   * order: a batch costs one round trip, not one per dump. The adapter's answers are read
   * while the commands are written, so a long batch cannot fill both pipes. Returns
   * [{unsupported} | {value}] with values parsed by parseDump(lines, parseOptions). An
   * AdapterError says in `answered` how many dumps were answered before it.
   */
  async dumps(commands, parseOptions = {}) {
    this._nothingUnasked(commands[0] ?? 'dump');
    const out = [];
    try {
      for (const c of commands) await this.send(c);
      for (const c of commands) {
        if (c !== 'dump') continue;
        out.push(this._parsed('dump', (lines) => parseDump(lines, parseOptions), await this._answer('dump', DUMP_TAGS)));
      }
    } catch (e) {
      // A dead adapter's last answers may be read but not taken: they count too.
      const queued = this.lines.slice(this.head).filter((l) => l.equals(END)).length;
      if (e instanceof AdapterError) e.answered = out.length + (this.alive ? 0 : queued);
      throw e;
    }
    return out;
  }

  /** DECRQM value of a mode ("?N" or "N"). */
  async mode(spec) {
    return this._parsed(`mode ${spec}`, ([l]) => parseModeAnswer(l, spec), await this._ask(`mode ${spec}`));
  }

  async keypad() {
    return this._parsed('keypad', ([l]) => parseKeypadAnswer(l), await this._ask('keypad'));
  }

  async styled() {
    return this._parsed('styled', parseStyled, await this._ask('styled', new Set(['styled'])));
  }

  async find(args) {
    return this._parsed('find', parseMatches, await this._ask(`find ${args}`, new Set(['match'])));
  }

  kill() {
    this.killed = true;
    if (this.alive) this.child.kill('SIGKILL');
  }

  /** Fit for the next command: running, and not killed. */
  get usable() { return this.alive && !this.killed; }

  /** Asks the adapter to quit, kills it when it does not in time, and waits for its end. */
  async close() {
    if (this.usable) {
      this.child.stdin.end('quit\n');
      try {
        await this._until(() => !this.alive, Date.now() + Math.min(this.timeoutMs, 5000), 'quitting');
      } catch {
        this.kill();
      }
    }
    this.kill();
    if (this.alive) await new Promise((resolve) => this.child.once('close', resolve));
  }
}
