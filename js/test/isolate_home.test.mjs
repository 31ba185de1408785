// launch(..., { isolateHome: true }): the program gets a fresh HOME and XDG folders, never
// the user's, and they are gone once the terminal is closed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import './support.mjs';
import { launch, expectTerminal } from '../src/index.js';

test('isolateHome: a fresh HOME with XDG folders, removed at close', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-iso-'));
  const seen = path.join(dir, 'seen');
  const t = await launch('sh', ['-c', `echo "$HOME|$XDG_CONFIG_HOME" >${seen}; touch "$HOME/.lesshst"; echo done`],
    { isolateHome: true, rows: 4, cols: 40, timeoutMs: 20_000 });
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
});
