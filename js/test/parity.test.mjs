// Item 8 of issue 3: every screen case and every real-program recording
// through the native core, the wasi engine and the emscripten engine, with
// byte-identical text, padded (exact) and styled snapshots and cursor.
//
// The screen cases are replayed from `screen_harness --dump`, which writes
// the actions each case performed (feeds exactly as split, resizes, resets)
// and the native renderings after them; the recordings are compared with
// `tessera replay` (text, --exact, --styled, --json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ENGINES, built, castsDir, casesDir, runNative } from './support.mjs';
import { Screen, loadEngine, openRecording } from '../src/index.js';

const hex = (h) => Buffer.from(h, 'hex');

// The --dump records, grouped by case.
function dumpCases() {
  const files = readdirSync(casesDir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => path.join(casesDir, f));
  const r = spawnSync(built('screen_harness'), ['--dump', ...files], { maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, `screen_harness --dump failed: ${r.stderr}`);
  const cases = [];
  let cur = null;
  for (const line of r.stdout.toString('latin1').split('\n')) {
    const [kind, ...a] = line.split(' ');
    if (kind === 'case') {
      cur = { file: path.basename(a[0]), name: a[1], actions: [], want: {} };
      cases.push(cur);
    } else if (!cur || kind === '' || kind === 'end') {
      continue;
    } else if (['term', 'feed', 'feed-repeat', 'resize', 'reset'].includes(kind)) {
      cur.actions.push([kind, ...a]);
    } else if (kind === 'cursor') {
      cur.want.cursor = a.map(Number);
    } else {
      cur.want[kind] = a[0] === undefined ? Buffer.alloc(0) : hex(a[0]);
    }
  }
  return cases;
}

function replayCase(engine, c) {
  let s = null;
  for (const [kind, ...a] of c.actions) {
    if (kind === 'term') {
      s = new Screen(engine, { rows: +a[0], cols: +a[1], scrollback: +a[2], reflow: a[3] === '1' });
    } else if (kind === 'feed') {
      s.feed(hex(a[0] ?? ''));
    } else if (kind === 'feed-repeat') {
      const bytes = hex(a[1] ?? '');
      for (let k = 0; k < +a[0]; k++) s.feed(bytes);
    } else if (kind === 'resize') {
      s.resize(+a[0], +a[1]);
    } else if (kind === 'reset') {
      s.reset();
    }
  }
  return s;
}

const cursorTuple = (c) => [c.row, c.col, +c.visible, ['default', 'block', 'underline', 'bar'].indexOf(c.shape),
  +c.blink, +c.pendingWrap];

const cases = dumpCases();
const byFile = Map.groupBy ? Map.groupBy(cases, (c) => c.file)
  : cases.reduce((m, c) => m.set(c.file, [...(m.get(c.file) ?? []), c]), new Map());

test('the dump covers every screen case file', () => {
  const files = readdirSync(casesDir).filter((f) => f.endsWith('.json'));
  assert.deepEqual([...byFile.keys()].sort(), files.sort());
  assert.ok(cases.length > 300, `${cases.length} cases`);
});

for (const name of ENGINES) {
  for (const [file, list] of byFile) {
    test(`${name}: screen cases of ${file} match native`, async () => {
      const engine = await loadEngine({ engine: name });
      const diffs = [];
      let compared = 0;
      for (const c of list) {
        if (!c.want.text) continue; // a case that never made a terminal
        const s = replayCase(engine, c);
        for (const [what, got] of [['text', s.renderBytes('text')], ['exact', s.renderBytes('exact')],
          ['styled', s.renderBytes('styled')]]) {
          if (!Buffer.from(got).equals(c.want[what])) {
            diffs.push(`${c.name}: ${what}: native ${JSON.stringify(c.want[what].toString())}, ` +
              `${name} ${JSON.stringify(Buffer.from(got).toString())}`);
          }
        }
        const cur = cursorTuple(s.cursor());
        if (cur.join(' ') !== c.want.cursor.join(' ')) {
          diffs.push(`${c.name}: cursor: native ${c.want.cursor}, ${name} ${cur}`);
        }
        compared++;
        s.free();
      }
      assert.deepEqual(diffs, []);
      assert.ok(compared > 0);
    });
  }
}

const casts = readdirSync(castsDir).filter((f) => f.endsWith('.cast')).sort();

test('there are recordings to compare', () => assert.ok(casts.length >= 5, casts.join(' ')));

for (const cast of casts) {
  const file = path.join(castsDir, cast);
  test(`recording ${cast}: native, wasi and emscripten agree`, async () => {
    const native = {};
    for (const [format, flag] of [['text', []], ['exact', ['--exact']], ['styled', ['--styled']], ['json', ['--json']]]) {
      const r = runNative(['replay', ...flag, file]);
      assert.equal(r.status, 0, `native replay ${flag}: ${r.stderr}`);
      native[format] = r.stdout;
    }
    const nativeCursor = JSON.parse(native.json.toString()).cursor;
    for (const name of ENGINES) {
      const rec = await openRecording(file, { engine: name });
      const s = rec.replay();
      for (const format of ['text', 'exact', 'styled', 'json']) {
        const got = Buffer.concat([Buffer.from(s.renderBytes(format)), Buffer.from('\n')]);
        assert.ok(got.equals(native[format]), `${name} ${format} differs from native`);
      }
      const c = s.cursor();
      assert.equal(c.row, nativeCursor.row);
      assert.equal(c.col, nativeCursor.col);
      assert.equal(c.visible, nativeCursor.visible);
      assert.equal(c.shape, nativeCursor.shape);
      assert.equal(c.blink, nativeCursor.blink);
      s.free();
    }
  });
}
