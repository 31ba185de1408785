// Hermetic by default: every launched program gets a fresh HOME and XDG folders, never the
// user's, gone once the terminal is closed; isolateHome: true says the default and changes
// nothing; inheritHome: true gives the program the real HOME (the host's, which launch()
// starts with Node's environment).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { built } from './support.mjs';
import { launch, expectTerminal, TerminalError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const T = { rows: 10, cols: 60, timeoutMs: 20_000 };

for (const options of [{}, { isolateHome: true }]) {
  test(`${JSON.stringify(options)}: a fresh HOME with XDG folders, removed at close`, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-iso-'));
    const seen = path.join(dir, 'seen');
    try {
      const t = await launch('sh', ['-c', `echo "$HOME|$XDG_CONFIG_HOME" >${seen}; touch "$HOME/.lesshst"; echo done`],
        { ...options, ...T });
      try {
        await expectTerminal(t.getByText('done')).toBePresent();
        await t.waitForExit();
      } finally {
        await t.close();
      }
      const [home, config] = readFileSync(seen, 'utf8').trim().split('|');
      assert.match(home, /tessera-home-/);
      assert.notEqual(home, os.homedir());
      assert.equal(config, `${home}/.config`);
      assert.equal(existsSync(home), false, `${home} was left behind`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// python3's REPL writes ~/.python_history when it exits. The "real" HOME is an empty
// temporary folder: HOME is set in this process's environment while launch() starts the
// host, which passes it on to the program only with inheritHome. (env: { HOME } would not
// do: it is the program's HOME whatever the default.)
async function pythonSession(options) {
  const home = mkdtempSync(path.join(os.tmpdir(), 'tessera-realhome-'));
  const saved = process.env.HOME;
  let t;
  process.env.HOME = home;
  try {
    t = await launch('python3', [], { ...options, ...T });
  } finally {
    process.env.HOME = saved;
  }
  try {
    await expectTerminal(t.getByText('>>>')).toBePresent();
    await t.keyboard.type('print(6*7)\r');
    await expectTerminal(t.getByText('42', { exact: true })).toBePresent();
    await t.keyboard.press('Ctrl+D');
    assert.deepEqual(await t.waitForExit(), { code: 0, signal: 0 });
  } finally {
    await t.close();
  }
  try {
    return readdirSync(home);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

test('python3 leaves the real HOME untouched by default; with inheritHome: true its history lands there', async () => {
  assert.deepEqual(await pythonSession({}), []);
  assert.deepEqual(await pythonSession({ inheritHome: true }), ['.python_history']);
});

test('inheritHome and isolateHome together: the host refuses to start', async () => {
  await assert.rejects(launch('true', [], { inheritHome: true, isolateHome: true, ...T }),
    (e) => e instanceof TerminalError && /^start: tessera host: spawn: .*isolateHome.*inheritHome/.test(e.message));
});
