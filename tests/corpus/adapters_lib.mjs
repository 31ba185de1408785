// What the adapter tests share: how to start each backend adapter of corpus/backends/
// (started as the runner starts them), running a script through one, and reading
// its dumps back.
import { spawnSync } from 'node:child_process';
import { resolveBackend } from '../../corpus/backends/index.mjs';

/** The adapters whose dumps these tests share (the Rust, tmux and Ghostty ones have a file of their own). */
export const ADAPTER_NAMES = ['tessera', 'tessera-wasm', 'libvterm', 'pyte'];

/**
 * An adapter's argv, from the runner's registry (corpus/backends/index.mjs), so the tests
 * start each adapter exactly as the runner does. Throws, saying how to get it, when it
 * cannot start here: a missing adapter fails its tests.
 */
export function adapterArgv(name) {
  const b = resolveBackend(name);
  if (b.missing) throw new Error(`${name} adapter: ${b.missing}`);
  return [b.command, ...b.args];
}

/** Runs the script (lines joined with "\n", one at the end) through an adapter. */
export function runScript(name, lines) {
  const [cmd, ...args] = adapterArgv(name);
  const input = typeof lines === 'string' || Buffer.isBuffer(lines) ? lines : lines.join('\n') + '\n';
  const r = spawnSync(cmd, args, { input, maxBuffer: 1 << 28, timeout: 60_000 });
  if (r.error) throw new Error(`cannot run the ${name} adapter: ${r.error.message}`);
  return { status: r.status, signal: r.signal, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

export const hex = (s) => Buffer.from(s).toString('hex');

/** The adapter's quoted string as text: \xNN escapes undone, bytes read as UTF-8. */
export function unquote(q) {
  const bytes = [];
  const body = Buffer.from(q.slice(1, -1), 'utf8');
  for (let i = 0; i < body.length; i++) {
    if (body[i] === 0x5c && body[i + 1] === 0x78) {
      bytes.push(parseInt(body.subarray(i + 2, i + 4).toString(), 16));
      i += 3;
    } else {
      bytes.push(body[i]);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

// The quoted strings of a line, in order, and the words between them.
function tokens(line) {
  const out = [];
  const re = /"(?:[^"])*"|[^ ]+/g;
  for (const m of line.matchAll(re)) out.push(m[0].startsWith('"') ? { q: unquote(m[0]) } : m[0]);
  return out;
}

/**
 * The answers of a whole output, in order: a dump as an object (lines by their first
 * word; rows, scrollback and cells collected), a styled or find block as its lines,
 * and any other answer as its one line.
 */
export function parseAnswers(stdout) {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const answers = [];
  for (let i = 0; i < lines.length;) {
    const first = lines[i].split(' ')[0];
    if (first === 'size') {
      const d = { lines: [], rows: [], scrollback: [], cells: {}, styled: [] };
      for (; lines[i] !== 'end'; i++) {
        const t = tokens(lines[i]);
        d.lines.push(t[0]);
        if (t[0] === 'row') d.rows[+t[1]] = t[2].q;
        else if (t[0] === 'scrollback') d.scrollback[+t[1]] = t[2].q;
        else if (t[0] === 'cell') d.cells[`${t[1]},${t[2]}`] = cellOf(t.slice(3));
        else d[t[0]] = t.slice(1).map((x) => (typeof x === 'string' ? x : x.q));
      }
      i++;
      answers.push(d);
    } else if (first === 'styled' || first === 'match' || first === 'end') {
      const block = [];
      for (; lines[i] !== 'end'; i++) block.push(lines[i]);
      i++;
      answers.push(block);
    } else {
      answers.push(lines[i++]);
    }
  }
  return answers;
}

// `"text" width W fg C ...` as {text, width, fg, ...}; flag words as true.
function cellOf(t) {
  const cell = { text: t[0].q };
  for (let k = 1; k < t.length; k++) {
    if (['protected', 'unprotected', 'nolink'].includes(t[k])) cell[t[k]] = true;
    else if (t[k] === 'link') cell.link = t[++k].q;
    else cell[t[k]] = t[++k];
  }
  return cell;
}
