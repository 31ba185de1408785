// openReplay at a point ({ at, event, mark }) shows the screen `tessera replay --at/--event/
// --mark` prints, on asciicast files and journals, on both engines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINES, built } from './support.mjs';
import { openReplay } from '../src/index.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-points-'));
const cast = path.join(dir, 'p.cast');
writeFileSync(cast, [JSON.stringify({ version: 2, width: 10, height: 2 }), '[0.5, "o", "one"]',
  '[1.0, "m", "half"]', '[1.5, "o", "\\r\\ntwo"]', '[2.0, "i", "x"]', '[2.5, "o", "\\u001b[2J"]'].join('\n') + '\n');

/** The native CLI's text screen at a point, as rows. */
function native(file, flags) {
  const r = spawnSync(built('tessera'), ['replay', '--exact', ...flags, file], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.replace(/\n$/, '').split('\n');
}

const POINTS = [
  [{ at: '1s' }, ['--at', '1s']], [{ at: 1500 }, ['--at', '1500ms']], [{ event: 0 }, ['--event', '0']],
  [{ event: 3 }, ['--event', '3']], [{ event: 5 }, ['--event', '5']], [{ mark: 'half' }, ['--mark', 'half']],
];

for (const engine of ENGINES) {
  test(`${engine}: every point of an asciicast shows the CLI's screen`, async () => {
    for (const [point, flags] of POINTS) {
      const t = await openReplay(cast, { engine, ...point });
      assert.deepEqual(t.screen.rowsText().map((r) => r.padEnd(10)), native(cast, flags), JSON.stringify(point));
    }
  });

  test(`${engine}: points the recording lacks are refused as the CLI refuses them`, async () => {
    await assert.rejects(openReplay(cast, { engine, event: 6 }), /event 6: the recording has 5 events/);
    await assert.rejects(openReplay(cast, { engine, mark: 'nope' }), /mark "nope": the recording has no such marker/);
    await assert.rejects(openReplay(cast, { engine, at: '1s', event: 1 }), /one of at, event and mark/);
    await assert.rejects(openReplay(cast, { engine, at: 'soon' }), /at must be ms or a span/);
  });
}

test('a journal: --event counts its frames after the size, --at from its first frame', async () => {
  const rec = path.join(dir, 'r.journal');
  const made = spawnSync(built('tessera'), ['record', '--rows', '4', '--cols', '12', '--journal', rec, '--',
    'sh', '-c', 'printf first; sleep 0.3; printf "\\r\\nsecond"; sleep 0.3; printf "\\033[2J"'], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  for (const [point, flags] of [[{ event: 0 }, ['--event', '0']], [{ event: 1 }, ['--event', '1']], [{ at: '450ms' }, ['--at', '450ms']]]) {
    const t = await openReplay(rec, { engine: 'wasi', ...point });
    assert.deepEqual(t.screen.rowsText().map((r) => r.padEnd(12)), native(rec, flags), JSON.stringify(point));
  }
});
