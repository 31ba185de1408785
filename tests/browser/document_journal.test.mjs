// The viewer's document (web/document.js) reads both journal versions: a version-2 trace
// that dropped its start opens with the drop mark as event 1 and the KEYFRAME's screen as
// event 2, as `tessera replay --event` counts; a version-3 journal is refused by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, Screen, encodeJournal } from '../../js/src/core.js';
import { openDocument, revisionIndexAtEvent } from '../../web/document.js';

const SIZE = { type: 'resize', timeNs: 1_000_000n, rows: 3, cols: 20 };

test('a version-2 trace with a KEYFRAME opens in the viewer; version 1 too; version 3 is refused', async () => {
  const engine = await loadEngine();
  const source = new Screen(engine, { rows: 3, cols: 20 });
  source.applyFrame({ type: 'output', data: '\x1b[32mkept\x1b[0m screen' });
  const label = 'trace: 40 frames (5000 bytes) before this were dropped';
  const bytes = encodeJournal(engine, [SIZE, { type: 'mark', timeNs: 2_000_000n, data: label },
    { type: 'keyframe', timeNs: 2_000_000n, rows: 3, cols: 20, data: source.keyframe() },
    { type: 'output', timeNs: 3_000_000n, data: ', more' }]);
  const doc = openDocument(engine, bytes, 'trace.journal');
  assert.equal(doc.kind, 'journal');
  assert.deepEqual(doc.markers, [{ ms: 1, event: 1, label }]);
  assert.deepEqual(doc.revisions.map((r) => r.event), [0, 2, 3]);
  const at = (event) => doc.screen.revisionAt(doc.revisions[revisionIndexAtEvent(doc, event)].seq);
  assert.equal(at(2).styledSnapshot(), source.styledSnapshot());
  assert.equal(at(3).text(), 'kept screen, more');

  const v1 = openDocument(engine, encodeJournal(engine, [SIZE, { type: 'output', timeNs: 2n, data: 'old' }], { version: 1 }), 'old.journal');
  assert.equal(v1.screen.text(), 'old');
  const v3 = new Uint8Array(bytes);
  v3.set(new TextEncoder().encode('3'), 'tessera-journal '.length);
  assert.throws(() => openDocument(engine, v3, 'new.journal'),
    { name: 'RecordingError', message: 'new.journal:1: journal version 3 is not supported (this tessera reads versions 1 and 2)' });
  source.free();
});
