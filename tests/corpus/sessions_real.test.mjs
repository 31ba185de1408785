// The session differentials on real emulators and real recordings: tessera's own adapter
// with one sequence taken out of its input diverges exactly there, and libvterm's known
// divergence in altscreen_toggle.cast is found at its byte. The adapters must be built
// (bash scripts/build.sh): a missing one fails, as the runner's own run does.
//
// usage: node --test tests/corpus/sessions_real.test.mjs
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runCorpus, scratch } from './corpus_fixture.mjs';
import { resolveBackend } from '../../corpus/backends/index.mjs';

const s = scratch();
after(() => s.cleanup());

// An adapter in front of tessera's that drops every ESC [ ? 1049 h from what it is fed:
// the same emulator, a different input, so the comparison has to find it.
const PROXY = `
import { spawn } from 'node:child_process';
import readline from 'node:readline';
const [command, ...args] = JSON.parse(process.argv[2]);
const child = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'] });
child.on('exit', (code) => process.exit(code ?? 3));
const cut = Buffer.from('\\x1b[?1049h');
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.startsWith('feed ')) { child.stdin.write(line + '\\n'); continue; }
  let bytes = Buffer.from(line.slice(5), 'hex');
  for (let at; (at = bytes.indexOf(cut)) >= 0;) bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + cut.length)]);
  child.stdin.write('feed ' + bytes.toString('hex') + '\\n');
}
child.stdin.end();
`;

const json = (name) => JSON.parse(readFileSync(path.join(s.dir, name), 'utf8'));

test('tessera fed without ESC [ ? 1049 h diverges from tessera at that sequence', async () => {
  const tessera = resolveBackend('tessera');
  assert.equal(tessera.missing, undefined, tessera.missing);
  const proxy = path.join(s.dir, 'proxy.mjs');
  writeFileSync(proxy, PROXY);
  const adapter = `tampered=${process.execPath} ${proxy} ${JSON.stringify([tessera.command, ...tessera.args])}`;
  const r = await runCorpus(['--sessions', '--case', '*git_log_pager.cast', '--adapter', adapter, '--backend', 'tampered', '--json', path.join(s.dir, 'a.json')]);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /FAIL tampered sessions::corpus\/sessions\/fixtures\/git_log_pager\.cast: differs from tessera at event 4 \(output, 0\.552 s\), after byte 8 of the event \(byte 83 of the stream\): row 0, alternate screen\n/);
  assert.match(r.stdout, /\n {4}bytes: .* ESC \[ \? 2004 l CR >>> ESC \[ \? 1049 h <<< ESC \[ 22 ; 0 ; 0 t /);
  const d = json('a.json').records.find((x) => x.type === 'divergence');
  assert.deepEqual([d.event, d.offset, d.streamOffset, d.sequence], [4, 8, 83, 'ESC [ ? 1049 h']);
  assert.equal(d.expected.rows[0], '', 'tessera shows the empty alternate screen');
  assert.match(d.actual.rows[0], /^\[1\]\$ git log --graph/);
});

test('libvterm leaves tessera at ESC [ ? 47 h in altscreen_toggle.cast (ledgered)', async () => {
  const r = await runCorpus(['--sessions', '--case', '*altscreen_toggle.cast', '--backend', 'libvterm', '-v', '--json', path.join(s.dir, 'b.json')]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /LEDGERED libvterm sessions::corpus\/sessions\/fixtures\/altscreen_toggle\.cast: differs from tessera at event 7 \(output, 0\.223 s\), after byte 37 of the event \(byte 262 of the stream\): rows 0, 1, 8, alternate screen/);
  assert.match(r.stdout, /\n {4}bytes: .*"back on main after 2" CR CR LF >>> ESC \[ \? 47 h <<< ESC \[ 2 J ESC \[ H/);
  assert.match(r.stdout, /\n {4}tessera: cursor 9,0 visible, alternate screen on; libvterm: cursor 9,0 visible, alternate screen off\n/);
  const d = json('b.json').records.find((x) => x.type === 'divergence');
  assert.deepEqual([d.event, d.offset, d.streamOffset, d.unitStart, d.sequence], [7, 37, 262, 256, 'ESC [ ? 47 h']);
});
