// A tmux control-mode client (`tmux -C`, man tmux: CONTROL MODE) kept open over pipes, so
// one tmux process serves a whole run instead of one process per command.
// Commands go in one a line; tmux answers each with a block: `%begin TIME NUMBER FLAGS`,
// the command's output, then `%end` or `%error` with the same three words. A line of
// several commands gets a block for each unless it fails to parse, so we send one a line
// and match blocks to commands in order. Between blocks come notifications; only two
// matter here: `%output %PANE DATA`, what a pane's program printed (bytes below 0x20 and
// `\` written as \ooo), and `%exit`. tmux queues a pane's output for control clients just
// before it parses the same bytes, in one callback (window.c), so output seen here was
// parsed already.
import { spawn } from 'node:child_process';

const PERCENT = 0x25;
const BACKSLASH = 0x5c;
const OUTPUT = Buffer.from('%output ');
const BEGIN = Buffer.from('%begin ');

// One argument as tmux's command parser reads it: bare when plain, else in double quotes
// with every other byte as \ooo, so nothing ($, ~, quotes, newlines) is expanded.
export function tmuxWord(arg) {
  if (/^[A-Za-z0-9_./,:=+@-]+$/.test(arg)) return arg;
  let out = '"';
  for (const b of Buffer.from(arg, 'utf8')) {
    out += /[A-Za-z0-9_./,:=+@ -]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

// Commands (arrays of arguments) as tmux's argv: separated by `;` words.
const argvOf = (commands) => commands.flatMap((c, i) => (i ? [';', ...c] : c));

export class ControlClient {
  /**
   * Starts `tmux ARGS -C` running `commands` first (the last must attach it to a session,
   * or it exits). hooks: onOutput(pane, bytes) for each %output, onLost(message) when
   * tmux fails, stops answering within waitMs or ends before close().
   */
  constructor(args, commands, { env, waitMs, onOutput, onLost }) {
    this.waitMs = waitMs;
    this.onOutput = onOutput;
    this.onLost = onLost;
    this.pending = []; // {name, resolve} for each command not answered yet, in order
    this.block = null; // {guard, lines} while a reply is read
    this.partial = [];
    this.stderr = '';
    this.closed = false;
    // Its own process group: a Ctrl-C meant for the adapter must not end it first.
    this.child = spawn('tmux', [...args, '-C', ...argvOf(commands)], { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.on('error', (e) => this._lost(`tmux -C: ${e.message}`));
    this.child.on('exit', (code, signal) => this._lost(`tmux -C ended (${signal ?? `status ${code}`})`));
    this.child.stdin.on('error', (e) => this._lost(`writing to tmux -C: ${e.message}`));
    this.child.stdout.on('data', (chunk) => this._read(chunk));
    this.child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000);
    });
    this.ready = this._answers(commands);
  }

  /** Runs the commands (arrays of arguments); resolves to each one's output, a Buffer. */
  run(commands) {
    const answers = this._answers(commands);
    this.child.stdin.write(commands.map((c) => c.map(tmuxWord).join(' ') + '\n').join(''));
    return answers;
  }

  /** Stops listening; the caller ends the server, and with it this client. */
  close() {
    this.closed = true;
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.child.unref();
  }

  _answers(commands) {
    const replies = commands.map((c) => new Promise((resolve) => this.pending.push({ name: c[0], resolve })));
    const timer = setTimeout(() => this._lost(`tmux did not answer ${commands.map((c) => c[0]).join(', ')}`), this.waitMs);
    return Promise.all(replies).finally(() => clearTimeout(timer));
  }

  _lost(message) {
    if (this.closed) return;
    const err = this.stderr.trim();
    this.onLost(err ? `${message}: ${err}` : message);
  }

  _read(chunk) {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.partial.push(chunk.subarray(start, nl));
      const line = this.partial.length === 1 ? this.partial[0] : Buffer.concat(this.partial);
      this.partial = [];
      start = nl + 1;
      this._line(line);
    }
    if (start < chunk.length) this.partial.push(Buffer.from(chunk.subarray(start)));
  }

  _line(line) {
    const b = this.block;
    if (b) {
      // Inside a block only the closing guard ends it; any other line is output.
      if (line[0] === PERCENT && (line.equals(b.end) || line.equals(b.error))) {
        this.block = null;
        this._answered(b, line.equals(b.error));
      } else {
        b.lines.push(line);
      }
      return;
    }
    if (line[0] !== PERCENT) return;
    if (line.subarray(0, OUTPUT.length).equals(OUTPUT)) {
      const space = line.indexOf(0x20, OUTPUT.length);
      let bytes = line.length - space - 1;
      for (let i = line.indexOf(BACKSLASH, space); i >= 0; i = line.indexOf(BACKSLASH, i + 1)) bytes -= 3;
      this.onOutput(line.toString('latin1', OUTPUT.length, space), bytes);
    } else if (line.subarray(0, BEGIN.length).equals(BEGIN)) {
      const guard = line.toString('latin1', BEGIN.length);
      this.block = { end: Buffer.from(`%end ${guard}`), error: Buffer.from(`%error ${guard}`), lines: [] };
    } else if (line.toString('latin1').startsWith('%exit')) {
      this._lost(`tmux -C exited: ${line.toString('utf8')}`);
    }
  }

  _answered(block, failed) {
    const command = this.pending.shift();
    if (!command) return this._lost('tmux -C answered a command never sent');
    // The output as a tmux client would print it: each line ending in a newline.
    const out = Buffer.concat(block.lines.flatMap((l) => [l, Buffer.from('\n')]));
    if (failed) return this._lost(`tmux ${command.name}: ${out.toString('utf8').trim()}`);
    command.resolve(out);
  }
}
