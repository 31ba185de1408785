// The real-xterm adapter (corpus/backends/xterm_x11.mjs): its reading of xterm 379's print
// jobs, one adapter process answering a script as the protocol says (xterm's own screen,
// cursor, modes, replies and title), and that it leaves no process or folder behind,
// even when killed outright.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePrintJob, lineText, cellLines } from '../../corpus/backends/xterm_x11_print.mjs';
import { quote } from '../../corpus/runner/quote.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ADAPTER = path.join(REPO, 'corpus', 'backends', 'xterm_x11.mjs');
const hex = (s) => Buffer.from(s, 'utf8').toString('hex');
const q = (v) => quote(v).toString('latin1');

test('a print job: SGR per character, the unattributed ones plain, wide halves, combining marks', () => {
  // As xterm 379 prints "\e[1;4mC" then "D" after "\e[0m": D gets no SGR of its own.
  const job = Buffer.from('\x1b#5\x1b[0m\x1b[0;1;4mCD\x1b[0;38:5:200;48:2::1:2:3mX\x1b[0m \u4e2d\uffffe\u0301\x1b[0m\r\n' +
    '\x1b#6\x1b[0m\x1b[0;31;42;7mA\x1b[0;91mB\x1b[0m\r\n\r\n', 'utf8');
  const lines = parsePrintJob(job);
  assert.equal(lines.length, 3);
  assert.equal(lineText(lines[0], 10), 'CDX \u4e2de\u0301   ');
  assert.deepEqual(cellLines(0, lines[0], q), [
    'cell 0 0 "C" width 1 fg default bg default attrs bold underline single',
    'cell 0 1 "D" width 1 fg default bg default attrs none underline none',
    'cell 0 2 "X" width 1 fg 200 bg #010203 attrs none underline none',
    'cell 0 4 "\u4e2d" width 2 fg default bg default attrs none underline none',
    'cell 0 5 "" width 0 fg default bg default attrs none underline none',
    'cell 0 6 "e\u0301" width 1 fg default bg default attrs none underline none',
  ].map((l) => Buffer.from(l, 'utf8').toString('latin1')));
  assert.equal(lines[1].size, 6);
  assert.deepEqual(lines[1].cells.map((c) => [c.fg, c.bg, c.attrs.join()]), [['1', '2', 'inverse'], ['9', 'default', '']]);
  assert.deepEqual(lines[2].cells, []);
});

// Runs a script through one adapter; resolves {status, stdout, stderr}.
// Its temporary folders go to `tmp` (TMPDIR), so that what it leaves behind can be seen.
function runAdapter(script, { kill, tmp = os.tmpdir() } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ADAPTER], { timeout: 60_000, killSignal: 'SIGKILL', env: { ...process.env, TMPDIR: tmp } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d.toString('latin1'); kill?.(child, out); });
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', (status, signal) => resolve({ status: status ?? signal, stdout: out, stderr: err, pid: child.pid }));
    child.stdin.on('error', () => {});
    if (kill) child.stdin.write(script);
    else child.stdin.end(script);
  });
}

test('one xterm answers a script: screen, colours, cursor, modes, replies, title, resize', async () => {
  const script = [
    'open 3 12 0',
    `feed ${hex('\x1b[1;31mred\x1b[m \u6f22\x1b[38;2;1;2;3mz\x1b[m\r\nab\x1b[6n\x1b]2;T\x07\x1b=\x1b[?25l')}`,
    'dump', 'mode ?25', 'mode ?1049', 'keypad',
    'resize 2 8', 'dump',
    'open 2 5 0', 'dump',
    'feed 0001', 'quit', '',
  ].join('\n');
  const r = await runAdapter(script);
  assert.equal(r.status, 0, r.stderr);
  const dumps = r.stdout.split('end\n');
  const first = dumps[0].split('\n');
  assert.ok(first.includes('size 3 12'));
  assert.ok(first.includes('cursor 1 2 hidden steady shape block'), first.join('\n'));
  assert.ok(first.includes('row 0 "red \xe6\xbc\xa2z     "'), first.join('\n'));
  assert.ok(first.includes('row 1 "ab          "'));
  assert.ok(first.includes('cell 0 0 "r" width 1 fg 1 bg default attrs bold underline none'));
  assert.ok(first.includes('cell 0 4 "\xe6\xbc\xa2" width 2 fg default bg default attrs none underline none'));
  assert.ok(first.includes('cell 0 6 "z" width 1 fg #010203 bg default attrs none underline none'));
  assert.ok(first.includes('replies "\\x1b[2;3R"'), 'the case\'s own CPR is its reply');
  assert.ok(first.includes('title "T"') && first.includes('keypad app'));
  assert.ok(first.includes('scrollback-unknown'));
  const after = dumps[1].split('\n');
  assert.deepEqual(after.slice(0, 3), ['mode ?25 2', 'mode ?1049 2', 'keypad app']);
  assert.ok(after.includes('size 2 8') && after.includes('replies ""'), after.join('\n'));
  const fresh = dumps[2].split('\n');
  assert.ok(fresh.includes('size 2 5') && fresh.includes('title ""') && fresh.includes('keypad normal'), fresh.join('\n'));
  assert.ok(fresh.includes('row 0 "     "'));
});

test('a malformed line exits 2 naming it, after xterm started; nothing is left behind', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xterm-adapter-test-'));
  const r = await runAdapter('open 2 5 0\nfeed 41\nresize 0 5\n', { tmp });
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'xterm adapter: line 3: resize takes ROWS COLS (each from 1): "resize 0 5"\n');
  await settle(() => fs.readdirSync(tmp).length === 0);
  assert.deepEqual(fs.readdirSync(tmp), []);
  fs.rmdirSync(tmp);
});

test('killed outright, the adapter takes xterm, Xvfb and its folder with it', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xterm-adapter-test-'));
  let children = [];
  const r = await runAdapter('open 2 5 0\ndump\n', {
    kill: (child, out) => {
      if (!out.endsWith('end\n') || children.length) return;
      children = descendants(child.pid);
      child.kill('SIGKILL');
    },
    tmp,
  });
  assert.equal(r.status, 'SIGKILL');
  assert.ok(children.length >= 3, `xterm, Xvfb and the relay were running: ${children}`);
  await settle(() => children.every((pid) => !alive(pid)) && fs.readdirSync(tmp).length === 0);
  assert.deepEqual(children.filter(alive), [], 'no process of the adapter is left');
  assert.deepEqual(fs.readdirSync(tmp), [], 'no temporary folder is left');
  fs.rmdirSync(tmp);
});

function descendants(pid) {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).stdout.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const out = [];
  const walk = (p) => { for (const [c, pp] of ps) if (pp === p) { out.push(c); walk(c); } };
  walk(pid);
  return out;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return !/^\S+ Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^\d+ \(.*\) /, 'x '));
  } catch {
    return false;
  }
}

// Waits up to 10 s for `done` (processes end and folders go asynchronously).
async function settle(done) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
}
