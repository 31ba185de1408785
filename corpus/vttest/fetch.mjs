#!/usr/bin/env node
// Records vttest's screens through tessera's live host into raw/<menu>.jsonl.
//
//   node corpus/vttest/fetch.mjs            every menu test of TESTS
//   node corpus/vttest/fetch.mjs 2 11.5.1   only these
//
// Each menu test is one fresh `vttest 24x80.80` run under `tessera record` (TERM=xterm,
// LANG=LC_ALL=C, 24x80), or `vttest 24x80.132` for a test named MENU@132 (vttest then
// switches the terminal to 132 columns for its wide passes): the driver walks the menus to the test, answers every
// "Push <RETURN>" and leaves through the menus. It acts only when vttest is blocked
// reading the terminal and the output has been quiet, so every screen is complete; the
// bytes written until then are one screen. Replies to vttest's queries come from
// tessera's core, so the report screens show what tessera answered.
// Standalone: node:* imports only. TESSERA_BIN names the tessera binary (default
// build/bin/tessera of this checkout).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const RAW = join(HERE, 'raw');
const TESSERA = process.env.TESSERA_BIN || resolve(HERE, '../../build/bin/tessera');
const PINNED = 'VT100 test program, version 2.7 (20221229)';
// vttest's geometry argument: 24 rows of 80 columns, at most 80 (its advice for a terminal
// that stays at 80 columns) or at most 132 (DECCOLM switches it) for MENU@132 (README)
const geometryOf = test => (test.menu.endsWith('@132') ? '24x80.132' : '24x80.80');
const ENV = { TERM: 'xterm', LANG: 'C', LC_ALL: 'C' };
const QUIET_MS = 150; // output silence required, on top of vttest blocking in read()
const STUCK_MS = 10000; // no output and no way forward: the test waits for what we cannot give

const PUSH_RETURN = { re: /Push <RETURN>/, send: '\r' };
// The menu tests driven, by their menu path; `PATH+A.B` first chooses the setting items A,
// B, ... of the test's own menu (DECLRMM on, the margins moved), then the test. `prompts`
// are further waits that end a screen, tried before "Push <RETURN>". Left out, because they
// wait for what a tape cannot give deterministically or tessera does not answer: keyboard,
// mouse, printer, font and window-title input; 6.2 (the RETURN key under LNM: our raw stdin
// bypasses the terminal's key encoding); DECRQUPSS, DECRQDE (tessera sends no reply,
// vttest waits forever); 11.8.6 (Tektronix, no prompt); settings-only items.
// MENU@132 records a test again with vttest allowed 132 columns: the tests that draw
// something at 132 columns then (the others draw what they draw at 80 columns).
const TESTS = [
  '1', '2', '3.8', '3.9', '3.10', '3.11', '4',
  { menu: '6.1', prompts: [{ re: /Finish this test with RETURN/, send: '\r' }] },
  '6.3', '6.4', '6.5', '6.6', '6.7', '8',
  '9.1', '9.2', '9.3',
  { menu: '9.4', prompts: [{ re: /1 to try to invoke the bug again/, send: '0\r' }] },
  '9.5', '9.6', '9.7', '9.8', '9.9',
  '11.1.1.1.1', '11.1.1.1.2', '11.1.2.2', '11.1.2.3', '11.1.2.4', '11.1.3', '11.1.5', '11.1.6',
  '11.2.2.1', '11.2.2.2', '11.2.3.1', '11.2.3.2',
  '11.2.5.2.2', '11.2.5.2.3', '11.2.5.2.4', '11.2.5.2.5', '11.2.5.2.6', '11.2.5.3.1.7', '11.2.5.3.2.3',
  '11.2.5.4.2',
  '11.2.5.3.3.1', '11.2.5.3.3.2',
  '11.2.5.3.6.1', '11.2.5.3.6.2', '11.2.5.3.6.3', '11.2.5.3.6.4', '11.2.5.3.6.5',
  '11.2.5.3.6.6', '11.2.5.3.6.7', '11.2.5.3.6.8', '11.2.5.3.6.9', '11.2.5.3.6.10',
  '11.2.6.2.1', '11.2.6.2.2', '11.2.6.2.3',
  '11.3.2.7', '11.3.2.8', '11.3.2.9', '11.3.2.10',
  // with DECLRMM on, the left/right margins on the left half and the top/bottom ones on the top half
  '11.3.2.7+3.5.4', '11.3.2.8+3.5.4', '11.3.2.9+3.5.4', '11.3.2.10+3.5.4',
  '11.3.3.9+2.4.3', '11.3.3.10+2.4.3', '11.3.3.11+2.4.3', '11.3.3.12+2.4.3', '11.3.3.13+2.4.3',
  '11.3.6.7+2.4.3', '11.3.6.8+2.4.3', '11.3.6.9+2.4.3', '11.3.6.10+2.4.3', '11.3.6.11+2.4.3',
  '11.3.6.12+2.4.3',
  '11.4.2.7+3.5.4', '11.4.2.8+3.5.4', '11.4.2.9+3.5.4', '11.4.2.10+3.5.4', '11.4.2.11+3.5.4',
  '11.4.2.12+3.5.4', '11.4.2.13+3.5.4', '11.4.2.14+3.5.4',
  '11.3.3.6', '11.3.3.7', '11.3.3.8', '11.3.3.9', '11.3.3.10', '11.3.3.11', '11.3.3.12', '11.3.3.13',
  '11.3.6.7', '11.3.6.8', '11.3.6.9', '11.3.6.10', '11.3.6.11', '11.3.6.12',
  '11.3.7.2.2.1', '11.3.7.2.2.2', '11.3.7.2.3.2', '11.3.7.2.3.3', '11.3.7.2.3.4', '11.3.7.2.3.5',
  '11.3.7.2.3.6', '11.3.7.2.3.7', '11.3.7.3.2', '11.3.7.3.3', '11.3.7.3.4', '11.3.7.3.5', '11.3.7.3.6',
  '11.3.7.3.7', '11.3.7.3.8', '11.3.7.3.9', '11.3.7.3.10', '11.3.7.3.11', '11.3.7.3.12', '11.3.8.2',
  '11.4.2.7', '11.4.2.8', '11.4.2.9', '11.4.2.10', '11.4.2.11', '11.4.2.12', '11.4.2.13', '11.4.2.14',
  '11.4.6.1', '11.4.6.2',
  '11.5.1', '11.5.2', '11.5.3', '11.5.4', '11.5.5', '11.5.6', '11.5.7', '11.5.8', '11.5.9',
  '11.6.2', '11.6.3', '11.6.4', '11.6.5', '11.6.6.1', '11.6.6.2', '11.6.6.3',
  '11.6.7.1.2', '11.6.7.2', '11.6.7.3', '11.6.7.4', '11.6.7.5', '11.6.7.6', '11.6.8', '11.6.9',
  '11.7.1.2', '11.7.2', '11.7.3', '11.7.4', '11.7.5', '11.7.6',
  '11.8.2.2', '11.8.7.3', '11.8.7.4', '11.8.7.5', '11.8.8',
  // again with vttest allowed 132 columns: the tests that then draw screens at 132 columns
  '1@132', '2@132', '4@132', '8@132',
  { menu: '9.4@132', prompts: [{ re: /1 to try to invoke the bug again/, send: '0\r' }] },
  '9.5@132', '9.6@132', '9.8@132', '11.4.6.1@132', '11.6.6.1@132', '11.6.6.2@132', '11.6.6.3@132',
].map(t => (typeof t === 'string' ? { menu: t, prompts: [] } : t));

function fail(msg) {
  console.error(`fetch: ${msg}`);
  process.exit(1);
}

function which(name) {
  for (const dir of (process.env.PATH || '/usr/bin:/bin').split(delimiter)) {
    const p = join(dir, name);
    if (dir && existsSync(p)) return p;
  }
  return null;
}

// The x86-64 and arm64 numbers of read(2); elsewhere the kernel's wait channel decides.
const READ_SYSCALL = { x64: 0, arm64: 63 }[process.arch];

function childOf(ppid, comm) {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat;
    try { stat = readFileSync(`/proc/${d}/stat`, 'latin1'); } catch { continue; }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppidField = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    if (name === comm && ppidField === String(ppid)) return d;
  }
  return null;
}

// True when the process is blocked reading its standard input (the terminal).
function readingTerminal(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/syscall`, 'latin1').split(' ');
    if (READ_SYSCALL !== undefined) return Number(f[0]) === READ_SYSCALL && f[1] === '0x0';
  } catch { /* closed to us: fall back to the wait channel */ }
  try { return readFileSync(`/proc/${pid}/wchan`, 'latin1') === 'wait_woken'; } catch { return false; }
}

// The numbered items of a menu drawn in `text`.
function menuItems(text) {
  return [...text.matchAll(/ (\d+)[.*] ([^\r\n\x1b]*)/g)].map(m => ({ n: m[1], text: m[2].trim() }));
}

// Runs one menu test. Resolves to {title, screens: [Buffer...]} or rejects with a reason.
function record(test) {
  const [menuPath, settings] = test.menu.replace(/@132$/, '').split('+');
  const path = menuPath.split('.');
  // the settings go between the test's menu and its item
  if (settings) path.splice(path.length - 1, 0, ...settings.split('.'));
  const args = ['record', '--timeout', '90s', '--rows', '24', '--cols', '80', '--clear-env'];
  for (const [k, v] of Object.entries(ENV)) args.push('--env', `${k}=${v}`);
  args.push('--', VTTEST, geometryOf(test));
  const child = spawn(TESSERA, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = Buffer.alloc(0), lastOutput = Date.now(), mark = 0, pid = null, readyPolls = 0;
  let stderr = '', error = null, title = null, parentItems = null;
  const queue = [...path], screens = [], cuts = [];
  let phase = 'menus'; // menus -> test -> leaving
  child.stdout.on('data', d => { out = Buffer.concat([out, d]); lastOutput = Date.now(); readyPolls = 0; });
  child.stderr.on('data', d => { stderr += d; });
  const stop = why => { error ??= why; clearInterval(timer); child.kill('SIGTERM'); };
  const timer = setInterval(() => {
    pid ??= childOf(child.pid, 'vttest');
    if (Date.now() - lastOutput > STUCK_MS) return stop(`no progress, waiting at: ${JSON.stringify(out.subarray(mark).toString('latin1').slice(-160))}`);
    if (!pid || !readingTerminal(pid)) { readyPolls = 0; return; }
    if (++readyPolls < 3 || Date.now() - lastOutput < QUIET_MS) return;
    readyPolls = 0;
    const text = out.subarray(mark).toString('latin1');
    const prompt = phase === 'test' && [...test.prompts, PUSH_RETURN].find(p => p.re.test(text));
    // anything else: a timed read (vttest waiting for a reply), or a prompt we do not
    // know, which the no-progress check reports
    if (!prompt && !/Enter choice number/.test(text)) return;
    mark = out.length;
    if (prompt) {
      cuts.push(out.length);
      child.stdin.write(prompt.send);
      return;
    }
    const items = menuItems(text);
    if (phase === 'menus') {
      const choice = queue.shift();
      if (!queue.length) {
        title = items.find(i => i.n === choice)?.text.replace(/\s+/g, ' ');
        if (!title) return stop(`menu has no item ${choice}`);
        // the settings chosen, as the menu now words them ("Disable DECLRMM ...")
        if (settings) title += ` [${settings.split('.').map(n => items.find(i => i.n === n)?.text.replace(/\s+/g, ' ')).join('; ')}]`;
        parentItems = items;
        phase = 'test';
      }
      child.stdin.write(`${choice}\r`);
      return;
    }
    if (phase === 'test') {
      // back in the menu that started the test (a setting may have changed one item's text)
      const same = items.length === parentItems.length &&
        items.filter((it, i) => it.text === parentItems[i].text).length * 2 >= items.length;
      if (!same) return stop('the test led to another menu');
      phase = 'leaving';
    }
    child.stdin.write('0\r');
  }, 25);
  return new Promise((resolvePromise, reject) => {
    child.on('exit', code => {
      clearInterval(timer);
      if (!error && code !== 0) error = `tessera record exited ${code}: ${stderr.trim()}`;
      if (!error && phase !== 'leaving') error = 'vttest exited before the test finished';
      if (!error && !cuts.length) error = 'the test drew no screen';
      if (error) return reject(new Error(`menu ${test.menu}: ${error}`));
      let from = 0;
      for (const at of cuts) { screens.push(out.subarray(from, at)); from = at; }
      resolvePromise({ title, screens });
    });
  });
}

// A screen's bytes as a JSON string when they are UTF-8 (smaller, readable), else hex.
function asText(bytes) {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? { text } : { hex: bytes.toString('hex') };
}

const VTTEST = which('vttest') || fail('vttest is not installed (Debian: vttest)');
const version = spawnSync(VTTEST, ['-V'], { encoding: 'latin1' }).stdout.trim();
if (version !== PINNED) fail(`vttest says "${version}", the pinned version is "${PINNED}"`);
if (!existsSync(TESSERA)) fail(`no tessera binary at ${TESSERA} (build it, or set TESSERA_BIN)`);

const wanted = process.argv.slice(2);
for (const w of wanted) if (!TESTS.some(t => t.menu === w)) fail(`no menu test ${w} in TESTS`);
const selected = wanted.length ? TESTS.filter(t => wanted.includes(t.menu)) : TESTS;
mkdirSync(RAW, { recursive: true });
if (!wanted.length) {
  for (const f of readdirSync(RAW)) if (f.endsWith('.jsonl')) rmSync(join(RAW, f));
}
for (const test of selected) {
  const { title, screens } = await record(test);
  const lines = [JSON.stringify({ menu: test.menu, title, vttest: PINNED, geometry: geometryOf(test), env: ENV, rows: 24, cols: 80 })];
  screens.forEach((bytes, i) => lines.push(JSON.stringify({ screen: i + 1, ...asText(bytes) })));
  writeFileSync(join(RAW, `${test.menu}.jsonl`), lines.join('\n') + '\n');
  console.log(`${test.menu}: ${screens.length} screen(s), ${screens.reduce((n, b) => n + b.length, 0)} bytes  ${title}`);
}
