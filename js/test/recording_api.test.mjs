// openRecording(path) opens a recording for everything (issue 10 item 9):
// the Recording keeps its fields (frames, markers, header, replay()) and
// answers the replay API too: locators, expectTerminal(recording), seek, on
// virtual time. A recording of less on a real PTY (tests/fixtures/casts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { castsDir } from './support.mjs';
import { openRecording, expectTerminal, Recording, ReplayTerminal, TerminalAssertionError } from '../src/index.js';

const less = path.join(castsDir, 'less.cast');
const finalText = readFileSync(path.join(castsDir, 'less.screen'), 'utf8');

test('a Recording has the locators and assertions of a replay', async () => {
  const rec = await openRecording(less, { timeoutMs: 60_000 });
  assert.ok(rec instanceof Recording);
  assert.ok(rec.session instanceof ReplayTerminal);
  assert.equal(rec.timeoutMs, 60_000);
  // the Recording fields as before
  assert.equal(rec.format, 'asciicast');
  assert.deepEqual(rec.header, { cols: 100, rows: 30 });
  assert.ok(rec.frames.length > 10);
  // assertions on virtual time, through the recording itself
  await expectTerminal(rec.getByText('001 bravo charlie')).toBePresent();
  assert.ok(rec.lastAction === null || typeof rec.lastAction.revision === 'number');
  await expectTerminal(rec.getByText('086 golf charli')).toBePresent();
  await expectTerminal(rec).toSatisfy((snap) => snap.text().includes('086 golf charli'));
  assert.equal(rec.seek({ event: rec.events }), rec, 'seek returns the recording');
  assert.equal(rec.ended, true);
  assert.equal(rec.screen.text() + '\n', finalText);
  await assert.rejects(expectTerminal(rec.getByText('not in it')).toBePresent(), TerminalAssertionError);
  // replay() still makes an independent screen of every frame
  const s = rec.replay();
  assert.equal(s.text() + '\n', finalText);
  s.free();
});

test('openRecording takes a point as openReplay does', async () => {
  const rec = await openRecording(less, { event: 0 });
  assert.equal(rec.revision, 0);
  assert.equal(rec.screen.text(), '');
  await assert.rejects(openRecording(less, { mark: 'no such mark' }), RangeError);
});
