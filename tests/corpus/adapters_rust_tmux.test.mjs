// The vt100, alacritty_terminal and tmux backend adapters (corpus/backends/README.md):
// known byte streams in, whole dumps out, every expected value worked out from the
// sequences fed; malformed commands exit 2; tmux leaves no process and no file behind,
// however the adapter ends.
//
// The adapters start as the runner starts them (corpus/backends/index.mjs: the Rust ones
// from $TESSERA_BUILD_DIR or build/, corpus-rust/release/, which bash scripts/build.sh
// builds). A missing adapter or a missing tmux is a failure, never a skip.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adapterArgv, hex } from './adapters_lib.mjs';
import { checkAdapter } from '../adapters/malformed_commands.mjs';

const NAMES = ['vt100', 'alacritty', 'tmux'];

// Processes that name `dir` on their command line or hold a file inside it.
function holders(dir) {
  const found = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^[0-9]+$/.test(p))) {
    if (Number(pid) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const fds = fs.readdirSync(`/proc/${pid}/fd`).map((fd) => {
        try {
          return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      });
      if (cmd.includes(dir) || fds.some((t) => t.startsWith(dir))) found.push(`${pid}: ${cmd}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

// The program name (/proc/PID/comm) of a `holders` line; '' once it is gone.
function programOf(line) {
  try {
    return fs.readFileSync(`/proc/${line.split(':')[0]}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

// Waits (at most 10 s) until nothing of a tmux adapter's run is left in `dir`.
async function assertNothingLeft(dir) {
  const deadline = Date.now() + 10000;
  let left;
  for (;;) {
    left = [...holders(dir), ...fs.readdirSync(dir).map((f) => `file ${f}`)];
    if (left.length === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(left, [], 'the tmux adapter left processes or files behind');
}

// A process given `input`, its output kept: {status, signal, stdout, stderr}, or {error}.
// Asynchronous, so the backends' tests run beside each other (each waits on its adapter).
function spawnCollect(cmd, args, { input, env, timeout }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, timeout, killSignal: 'SIGKILL' });
    const out = [], err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (error) => resolve({ error }));
    child.on('close', (status, signal) => resolve({ status, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }));
    child.stdin.on('error', () => {}); // an adapter that exits early closes its stdin
    child.stdin.end(input);
  });
}

// Runs one adapter over the commands; tmux gets a private TMPDIR, checked empty after.
async function run(name, commands) {
  const [cmd, ...args] = adapterArgv(name);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adapters-test-'));
  const r = await spawnCollect(cmd, args, {
    input: commands.join('\n') + '\n',
    env: { ...process.env, TMPDIR: tmp },
    timeout: 60000,
  });
  if (name === 'tmux') await assertNothingLeft(tmp);
  fs.rmSync(tmp, { recursive: true, force: true });
  assert.equal(r.error, undefined);
  assert.equal(r.signal, null, `${name} was killed (${r.signal}): ${r.stderr}`);
  return { status: r.status, out: r.stdout.toString('utf8').split('\n').slice(0, -1), err: r.stderr.toString() };
}

async function answers(name, commands) {
  const r = await run(name, commands);
  assert.equal(r.status, 0, r.err);
  return r.out;
}

// The dump's first lines as each backend reports them: vt100 has no cursor shape or
// blink and no replies; alacritty_terminal no icon; tmux no bell, icon or replies.
function header(name, { rows, cols, cursor, visible = true, wrap = 0, alt = 0, mouse = 'off default',
  keypad = 'normal', bell = 0, title = '', icon = '', replies = '' }) {
  const lines = [`size ${rows} ${cols}`,
    `cursor ${cursor[0]} ${cursor[1]} ${visible ? 'visible' : 'hidden'}${name === 'alacritty' ? ' steady shape block' : ''}`,
    `pending-wrap ${wrap}`, `alt-screen ${alt}`, `mouse ${mouse}`, `keypad ${keypad}`];
  if (name !== 'tmux') lines.push(`bell ${bell}`);
  lines.push(`title "${title}"`);
  if (name === 'vt100') lines.push(`icon "${icon}"`);
  if (name === 'alacritty') lines.push(`replies "${replies}"`);
  // What each keeps of the attributes, underline styles and shapes, and the cell tokens
  // it always knows.
  lines.push(...{
    vt100: ['known attrs bold,italic,inverse', 'known underline none,single'],
    alacritty: ['known attrs bold,dim,italic,inverse,hidden,strike', 'known shape block,underline,bar',
      'known tokens ul-color,link'],
    tmux: ['known tokens ul-color'],
  }[name]);
  return lines;
}

// A cell line; alacritty_terminal also reports underline colour and links, tmux the colour.
function cell(name, row, col, text, { width = 1, fg = 'default', bg = 'default', attrs = 'none', ul = 'none' } = {}) {
  const tail = { vt100: '', alacritty: ' ul-color default nolink', tmux: ' ul-color default' }[name];
  return `cell ${row} ${col} "${text}" width ${width} fg ${fg} bg ${bg} attrs ${attrs} underline ${ul}${tail}`;
}

// Every character of `text` is a plain cell of row `row` from column `col` on.
const plainCells = (name, row, col, text) => [...text].map((ch, i) => cell(name, row, col + i, ch));

// An adapter kept open over a pipe: `ask` writes commands and waits for the answer's
// last line, with stdin still open, as a runner holding one adapter for a case does.
function live(name, tmp) {
  const [cmd, ...args] = adapterArgv(name);
  const child = spawn(cmd, args, { env: { ...process.env, TMPDIR: tmp }, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let out = '';
  const ask = (commands, last) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: no ${JSON.stringify(last)} in 30 s`)), 30000);
    const check = () => {
      const at = out.indexOf(last);
      if (at < 0) return;
      clearTimeout(timer);
      child.stdout.off('data', more);
      const answer = out.slice(0, at + last.length);
      out = out.slice(at + last.length);
      resolve(answer);
    };
    const more = (d) => {
      out += d;
      check();
    };
    child.stdout.on('data', more);
    child.stdin.write(commands);
  });
  return { child, exited, ask };
}

// The backends' tests run beside each other (each adapter in its own process and TMPDIR);
// the survival test below runs alone, as it looks at every process.
describe('vt100, alacritty and tmux, each beside the others', { concurrency: true }, () => {
  for (const name of NAMES) describe(name, () => {
    test(`${name}: text, colours, attributes and a wide character`, async () => {
      // "ab", then bold red "c"; next line a wide 中 (two columns), "x", underlined "u",
      // then "Z" in colour 200 on #010203. The cursor ends after Z, at row 1 column 5.
      const out = await answers(name, ['open 3 6 10',
        `feed ${hex('ab\x1b[1;31mc\x1b[0m\r\n中x\x1b[4mu\x1b[0m\x1b[38;5;200;48;2;1;2;3mZ')}`, 'dump', 'quit']);
      assert.deepEqual(out, [
        ...header(name, { rows: 3, cols: 6, cursor: [1, 5] }),
        'row 0 "abc   "',
        ...plainCells(name, 0, 0, 'ab'),
        cell(name, 0, 2, 'c', { fg: 1, attrs: 'bold' }),
        'row 1 "中xuZ "',
        cell(name, 1, 0, '中', { width: 2 }),
        cell(name, 1, 1, '', { width: 0 }),
        cell(name, 1, 2, 'x'),
        cell(name, 1, 3, 'u', { ul: 'single' }),
        cell(name, 1, 4, 'Z', { fg: 200, bg: '#010203' }),
        'row 2 "      "',
        'end',
      ]);
    });

    test(`${name}: scrollback and the pending wrap`, async () => {
      // Six lines on two rows: 1 to 4 scroll off and a scrollback of 3 keeps 2, 3, 4.
      // "6789" fills the last row: the cursor stays on column 3 with a wrap pending.
      const out = await answers(name, ['open 2 4 3', `feed ${hex('1\r\n2\r\n3\r\n4\r\n5\r\n6789')}`, 'dump']);
      assert.deepEqual(out, [
        ...header(name, { rows: 2, cols: 4, cursor: [1, 3], wrap: 1 }),
        'scrollback 0 "2   "', 'scrollback 1 "3   "', 'scrollback 2 "4   "',
        'row 0 "5   "', ...plainCells(name, 0, 0, '5'),
        'row 1 "6789"', ...plainCells(name, 1, 0, '6789'),
        'end',
      ]);
    });

    test(`${name}: modes, keypad, mouse, title and bells`, async () => {
      // DECCKM on, the cursor hidden, button-event mouse in UTF-8, DECKPAM, a title, two bells.
      const out = await answers(name, ['open 2 3 0',
        `feed ${hex('\x1b[?1h\x1b[?25l\x1b[?1002h\x1b[?1005h\x1b=\x1b]2;hello\x07\x07\x07')}`,
        'mode ?1', 'mode ?25', 'mode ?1002', 'mode ?1000', 'mode ?1005', 'mode ?2004', 'mode 4', 'mode ?7',
        'mode ?9999', 'keypad', 'dump']);
      // What each emulator keeps: vt100 has no IRM or DECAWM flag; tmux no bracketed paste.
      const kept = { vt100: ['2', '0', '0'], alacritty: ['2', '2', '1'], tmux: ['0', '2', '1'] }[name];
      assert.deepEqual(out, [
        'mode ?1 1', 'mode ?25 2', 'mode ?1002 1', 'mode ?1000 2', 'mode ?1005 1',
        `mode ?2004 ${kept[0]}`, `mode 4 ${kept[1]}`, `mode ?7 ${kept[2]}`, 'mode ?9999 0', 'keypad app',
        ...header(name, { rows: 2, cols: 3, cursor: [0, 0], visible: false, mouse: 'button utf8', keypad: 'app',
          bell: 2, title: 'hello' }),
        'row 0 "   "', 'row 1 "   "', 'end',
      ]);
    });

    test(`${name}: the alternate screen, resize and reset`, async () => {
      const out = await answers(name, ['open 3 5 10',
        // "top", then 1049 saves the cursor, switches and clears; "alt" from the home position.
        `feed ${hex('top\x1b[?1049h\x1b[Halt')}`, 'mode ?1049', 'dump',
        // Leaving restores the primary screen and the cursor after "top".
        `feed ${hex('\x1b[?1049l')}`, 'mode ?1049', 'dump',
        'resize 2 4', 'dump', 'reset', 'dump']);
      const blank = (r, w) => `row ${r} "${' '.repeat(w)}"`;
      assert.deepEqual(out, [
        'mode ?1049 1',
        ...header(name, { rows: 3, cols: 5, cursor: [0, 3], alt: 1 }),
        'row 0 "alt  "', ...plainCells(name, 0, 0, 'alt'), blank(1, 5), blank(2, 5), 'end',
        'mode ?1049 2',
        ...header(name, { rows: 3, cols: 5, cursor: [0, 3] }),
        'row 0 "top  "', ...plainCells(name, 0, 0, 'top'), blank(1, 5), blank(2, 5), 'end',
        // Two rows of four: the blank bottom row and the blank last column go.
        ...header(name, { rows: 2, cols: 4, cursor: [0, 3] }),
        'row 0 "top "', ...plainCells(name, 0, 0, 'top'), blank(1, 4), 'end',
        // RIS clears the screen; tmux's scroll-on-clear (on by default) first moves the
        // lines down to the last one written into the history.
        ...header(name, { rows: 2, cols: 4, cursor: [0, 0] }),
        ...(name === 'tmux' ? ['scrollback 0 "top "'] : []),
        blank(0, 4), blank(1, 4), 'end',
      ]);
    });

    test(`${name}: styled and find are not answered`, async () => {
      const out = await answers(name, ['open 2 3 0', 'styled', 'find "x"', 'quit']);
      assert.deepEqual(out, ['unsupported styled', 'unsupported find']);
    });

    test(`${name}: malformed commands exit 2 naming the line; hostile scripts answered`, async () => {
      // tests/adapters/malformed_commands.mjs: the scripts every adapter must refuse or answer.
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adapters-test-'));
      const env = { ...process.env, TMPDIR: tmp };
      assert.deepEqual((await checkAdapter(name, adapterArgv(name), { env })).problems, []);
      if (name === 'tmux') await assertNothingLeft(tmp);
      fs.rmSync(tmp, { recursive: true, force: true });
      const r = await run(name, ['open 3 10 5', 'feed 41', 'resize 3']);
      assert.equal(r.status, 2);
      assert.equal(r.err, `${name} adapter: line 3: resize takes ROWS COLS (each from 1): "resize 3"\n`);
      assert.deepEqual(r.out, [], 'nothing was asked that answers');
    });
  });

  test('tmux: every attribute capture-pane -e writes, and DEC special graphics', async () => {
    // Dim and blink "A"; strike and overline "B" (tmux 3.3a writes SGR 53 back as 5:3); a
    // curly underline coloured #010203 under "C"; "q" in DEC special graphics is a line.
    const out = await answers('tmux', ['open 1 5 0',
      `feed ${hex('\x1b[2;5mA\x1b[0m\x1b[53;9mB\x1b[0m\x1b[4:3;58;2;1;2;3mC\x1b[0m\x1b(0q\x1b(B')}`, 'dump']);
    assert.deepEqual(out.filter((l) => l.startsWith('row') || l.startsWith('cell')), [
      'row 0 "ABC\u2500 "',
      cell('tmux', 0, 0, 'A', { attrs: 'dim,blink' }),
      cell('tmux', 0, 1, 'B', { attrs: 'strike,overline' }),
      cell('tmux', 0, 2, 'C', { ul: 'curly' }).replace('ul-color default', 'ul-color #010203'),
      cell('tmux', 0, 3, '\u2500'),
    ]);
  });

  test('alacritty: no pending wrap with autowrap off', async () => {
    // DECAWM off, then the last column written: the next character overwrites it.
    const out = await answers('alacritty', ['open 1 3 0', `feed ${hex('\x1b[?7labc')}`, 'dump']);
    assert.ok(out.includes('pending-wrap 0'), out.join('\n'));
    assert.ok(out.includes('cursor 0 2 visible steady shape block'), out.join('\n'));
  });

  test('alacritty: replies since the last dump; vt100 and tmux report none', async () => {
    // CPR at row 2 column 3 (one-based), then primary DA: alacritty_terminal answers ?6c.
    const commands = ['open 3 5 0', `feed ${hex('\x1b[2;3H\x1b[6n\x1b[c')}`, 'dump', 'dump'];
    const out = await answers('alacritty', commands);
    assert.deepEqual(out.filter((l) => l.startsWith('replies')), ['replies "\\x1b[2;3R\\x1b[?6c"', 'replies ""']);
    for (const name of ['vt100', 'tmux']) {
      const lines = await answers(name, commands);
      assert.ok(lines.includes('cursor 1 2 visible'), name);
      assert.ok(!lines.some((l) => l.startsWith('replies')), name);
    }
  });


  for (const name of NAMES) describe(name, () => {
    test(`${name}: each answer arrives before the next command is written`, async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adapters-test-'));
      const a = live(name, tmp);
      assert.equal(await a.ask(`open 2 4 0\nfeed ${hex('hi')}\nmode ?25\n`, '\n'), 'mode ?25 1\n');
      assert.match(await a.ask('dump\n', '\nend\n'), /^row 0 "hi  "$/m);
      assert.equal(await a.ask(`feed ${hex('\x1b[?25l')}\nmode ?25\n`, '\n'), 'mode ?25 2\n');
      a.child.stdin.end();
      assert.deepEqual(await a.exited, { code: 0, signal: null });
      if (name === 'tmux') await assertNothingLeft(tmp);
      fs.rmSync(tmp, { recursive: true, force: true });
    });
  });
});

test('tmux: no process or file survives, however the adapter ends', { timeout: 120000 }, async () => {
  // Starts the adapter, waits for its first dump, then ends it with `finish`.
  async function session(finish, expectStatus) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adapters-test-'));
    const { child, exited, ask } = live('tmux', tmp);
    await ask('open 3 5 10\nfeed 41\nopen 2 4 0\ndump\n', '\nend\n');
    // Reopened: one server and one folder serve both cases; the first case's relay ends.
    const servers = holders(tmp).filter((p) => programOf(p) === 'tmux: server');
    assert.equal(servers.length, 1, servers.join('\n'));
    assert.equal(fs.readdirSync(tmp).length, 1);
    const deadline = Date.now() + 5000;
    let relays;
    while ((relays = holders(tmp).filter((p) => programOf(p) === 'cat')).length > 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(relays.length, 1, relays.join('\n'));
    finish(child);
    const end = await exited;
    await assertNothingLeft(tmp);
    fs.rmSync(tmp, { recursive: true, force: true });
    assert.deepEqual(end, expectStatus);
  }
  await session((c) => c.stdin.end('quit\n'), { code: 0, signal: null });
  await session((c) => c.stdin.end(), { code: 0, signal: null });
  await session((c) => c.stdin.end('mode x\n'), { code: 2, signal: null });
  await session((c) => c.kill('SIGTERM'), { code: 143, signal: null });
  await session((c) => c.kill('SIGINT'), { code: 130, signal: null });
  // Killed outright, the adapter cleans nothing: the pane and the server end by themselves.
  await session((c) => c.kill('SIGKILL'), { code: null, signal: 'SIGKILL' });
});
