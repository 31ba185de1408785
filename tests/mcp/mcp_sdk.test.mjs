// `tessera mcp` driven by the official MCP SDK's client over stdio, as coding
// agents' hosts do: the handshake, tools/list against `tessera help mcp` and
// the docs, and real programs (vim edits and saves, bc computes, less pages,
// a resize, terminal_changes after an action), the session limit, and what
// is left when the client or the server vanishes (nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alive, call, callError, childrenOf, connect, processesWith, repoRoot, survivors,
  tesseraBin, uniqueMarker } from './mcp_support.mjs';

const T = { timeout: 60_000 };

test('tools/list names every tool of `tessera help mcp` and docs/mcp.md, with its arguments', T, async () => {
  const { client } = await connect();
  try {
    assert.equal(client.getServerVersion().name, 'tessera');
    const { tools } = await client.listTools();
    const help = spawnSync(tesseraBin(), ['help', 'mcp'], { encoding: 'utf8' }).stdout;
    const docs = readFileSync(path.join(repoRoot, 'docs', 'mcp.md'), 'utf8');
    assert.equal(tools.length, 11);
    for (const t of tools) {
      const args = Object.keys(t.inputSchema.properties);
      const required = new Set(t.inputSchema.required);
      const synopsis = [t.name, ...args.map((a) => (required.has(a) ? a : `[${a}]`))].join(' ');
      assert.ok(help.includes(`  ${synopsis}\n`), `help mcp lacks "${synopsis}"`);
      assert.ok(docs.includes(`### ${t.name}`), `docs/mcp.md lacks a section for ${t.name}`);
      for (const a of args) {
        assert.ok(t.inputSchema.properties[a].description, `${t.name}.${a} has no description`);
        assert.ok(docs.includes(`\`${a}\``), `docs/mcp.md does not name ${t.name}'s ${a}`);
      }
      assert.equal(t.inputSchema.additionalProperties, false);
      assert.ok(t.outputSchema, `${t.name} has no outputSchema`);
    }
  } finally { await client.close(); }
});

test('bc computes, and terminal_changes lists the rows the input changed', T, async () => {
  const { client } = await connect();
  try {
    const start = await call(client, 'terminal_launch', { command: 'bc', args: ['-q'], rows: 8, cols: 40 });
    assert.match(start.session, /^s\d+$/);
    const typed = await call(client, 'terminal_type', { session: start.session, text: '6*7\n' });
    assert.equal(typed.screen, '6*7\n42');
    assert.ok(typed.revision > start.revision);
    const changes = await call(client, 'terminal_changes', { session: start.session, since: start.revision });
    assert.deepEqual(changes.rows, [{ row: 0, text: '6*7' }, { row: 1, text: '42' }]);
    assert.equal(changes.evicted, false);
    const none = await call(client, 'terminal_changes', { session: start.session, since: changes.revision });
    assert.deepEqual(none.rows, []);
    const later = await callError(client, 'terminal_changes', { session: start.session, since: changes.revision + 100 });
    assert.match(later, /does not exist yet/);
    await call(client, 'terminal_press', { session: start.session, key: 'ctrl+d' });
    const closed = await call(client, 'terminal_close', { session: start.session });
    assert.deepEqual([closed.exit_code, closed.signal, closed.was_running], [0, null, false]);
  } finally { await client.close(); }
});

test('vim inserts text and saves the file', T, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-mcp-vim-'));
  const { client } = await connect();
  try {
    const file = path.join(dir, 'note.txt');
    const s = (await call(client, 'terminal_launch', {
      command: 'vim', args: ['--clean', '-n', file], rows: 12, cols: 60, cwd: dir,
    })).session;
    await call(client, 'terminal_wait_for', { session: s, input_ready: true });
    await call(client, 'terminal_press', { session: s, key: 'i' });
    const typed = await call(client, 'terminal_type', { session: s, text: 'hello from an agent' });
    assert.match(typed.screen, /^hello from an agent/);
    assert.match(typed.screen, /-- INSERT --/);
    await call(client, 'terminal_press', { session: s, key: 'escape' });
    await call(client, 'terminal_type', { session: s, text: ':wq' });
    const done = await call(client, 'terminal_press', { session: s, key: 'enter' });
    const exited = done.state === 'exited' ? done
      : await call(client, 'terminal_wait_for', { session: s, absent: 'hello', timeout_ms: 10_000 });
    assert.equal(readFileSync(file, 'utf8'), 'hello from an agent\n');
    assert.equal((await call(client, 'terminal_snapshot', { session: s })).state, 'exited', exited.text);
    await call(client, 'terminal_close', { session: s });
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('less pages through a file; a resize shows more of it', T, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-mcp-less-'));
  const { client } = await connect();
  try {
    const file = path.join(dir, 'lines.txt');
    writeFileSync(file, Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    const first = await call(client, 'terminal_launch', { command: 'less', args: [file], rows: 10, cols: 40 });
    assert.match(first.screen, /^line 1\nline 2\n/);
    assert.match(first.screen, /line 9\n/);
    const paged = await call(client, 'terminal_press', { session: first.session, key: 'space' });
    assert.match(paged.screen, /^line 10\n/);
    const changed = await call(client, 'terminal_changes', { session: first.session, since: first.revision });
    assert.ok(changed.rows.some((r) => r.row === 0 && r.text === 'line 10'), JSON.stringify(changed.rows));
    const bigger = await call(client, 'terminal_resize', { session: first.session, rows: 20, cols: 40 });
    assert.equal(bigger.rows, 20);
    assert.match(bigger.screen, /line 28\n/);
    const wait = await call(client, 'terminal_wait_for', { session: first.session, regex: 'line 2\\d$' });
    assert.equal(wait.matched, true);
    const picture = await call(client, 'terminal_snapshot', { session: first.session, format: 'svg' });
    assert.match(picture.screen, /^<svg[^>]*>/);
    assert.match(picture.screen, /line10/); // SVG places each glyph: no spaces in the text
    await call(client, 'terminal_press', { session: first.session, key: 'q' });
    const closed = await call(client, 'terminal_close', { session: first.session });
    assert.equal(closed.exit_code, 0);
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('at most 8 sessions at once: the ninth is refused until one is closed', T, async () => {
  const { client } = await connect();
  const marker = uniqueMarker();
  try {
    const launches = await Promise.all(Array.from({ length: 8 }, () =>
      call(client, 'terminal_launch', { command: 'sleep', args: [marker], timeout_ms: 200 })));
    assert.equal(new Set(launches.map((l) => l.session)).size, 8);
    assert.equal(processesWith('sleep', marker).length, 8);
    const refused = await callError(client, 'terminal_launch', { command: 'sleep', args: [marker] });
    assert.match(refused, /8 sessions are running.*--max-sessions.*terminal_close/);
    const list = await call(client, 'terminal_list');
    assert.deepEqual(list.sessions.map((s) => s.state), Array(8).fill('running'));
    await call(client, 'terminal_close', { session: launches[3].session });
    const again = await call(client, 'terminal_launch', { command: 'sleep', args: [marker], timeout_ms: 200 });
    assert.ok(!launches.some((l) => l.session === again.session), 'a session id is never reused');
  } finally { await client.close(); }
  assert.deepEqual(await survivors(processesWith('sleep', marker)), [], 'closing the client ends every session');
});

/** Starts a client in a separate node process that launches two sessions and
 * reports the server's pid; returns that process and what it reported. */
async function clientElsewhere(marker) {
  const script = `
    import { Client } from '@modelcontextprotocol/sdk/client/index.js';
    import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
    const t = new StdioClientTransport({ command: ${JSON.stringify(tesseraBin())}, args: ['mcp'] });
    const c = new Client({ name: 'vanishing', version: '1' });
    await c.connect(t);
    for (let i = 0; i < 2; i++)
      await c.callTool({ name: 'terminal_launch', arguments: { command: 'sleep', args: [${JSON.stringify(marker)}], timeout_ms: 200 } });
    console.log('server=' + t.pid);
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const server = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /server=(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the client exited first (${code})`)));
  });
  return { child, server, workers: childrenOf(server), programs: processesWith('sleep', marker) };
}

test('the client vanishing (SIGKILL) ends the server, its workers and every program', T, async () => {
  const marker = uniqueMarker();
  const { child, server, workers, programs } = await clientElsewhere(marker);
  assert.equal(workers.length, 2, 'one worker per session');
  assert.equal(programs.length, 2);
  child.kill('SIGKILL');
  assert.deepEqual(await survivors([server, ...workers, ...programs]), []);
});

test('the server killed (SIGKILL) leaves no worker and no program behind', T, async () => {
  const marker = uniqueMarker();
  const { child, server, workers, programs } = await clientElsewhere(marker);
  try {
    process.kill(server, 'SIGKILL');
    assert.deepEqual(await survivors([...workers, ...programs]), []);
    assert.ok(!alive(server));
  } finally { child.kill('SIGKILL'); }
});
