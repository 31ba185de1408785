// The adapters answer each command as it comes over a pipe, not at the end of input: the
// runner holds one adapter open for a whole case. Each test writes one command, waits for
// its answer, and only then writes the next.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { ADAPTER_NAMES, adapterArgv, hex } from './adapters_lib.mjs';

// A live adapter: ask(command, lastLine) resolves with the output up to lastLine.
function live(name) {
  const [cmd, ...args] = adapterArgv(name);
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '', err = '', waiting = null;
  const settle = () => {
    if (!waiting) return;
    const at = out.indexOf(waiting.last);
    if (at < 0) return;
    const answer = out.slice(0, at + waiting.last.length);
    out = out.slice(at + waiting.last.length);
    const { resolve } = waiting;
    waiting = null;
    resolve(answer);
  };
  child.stdout.on('data', (d) => { out += d; settle(); });
  child.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return {
    ask(command, last) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: no answer to ${JSON.stringify(command)} in 30 s (stdin still open); stderr: ${err}`)), 30_000);
        waiting = { last, resolve: (a) => { clearTimeout(timer); resolve(a); } };
        child.stdin.write(command + '\n');
      });
    },
    async close() {
      child.stdin.end();
      return exited;
    },
  };
}

for (const name of ADAPTER_NAMES) {
  test(`${name}: each answer arrives before the next command is written`, async () => {
    const a = live(name);
    try {
      await a.ask(`open 2 8 0\nfeed ${hex('hi')}\nmode ?7`, 'mode ?7 1\n');
      const first = await a.ask('dump', '\nend\n');
      assert.match(first, /^row 0 "hi {6}"$/m);
      const keypad = await a.ask('keypad', '\n');
      assert.match(keypad, /^keypad (normal|unknown)\n$/);
      await a.ask(`feed ${hex('\r\nyo')}\nmode ?25`, 'mode ?25 ');
      const second = await a.ask('dump', '\nend\n');
      assert.match(second, /^row 1 "yo {6}"$/m);
    } finally {
      assert.equal(await a.close(), 0);
    }
  });
}
