// What the viewer shows: an opened file as a list of screen revisions. A recording (asciicast
// or journal) is read by the package's readRecording and replayed frame by frame into one
// Screen, whose history keeps every revision; a snapshot text file (a grid as
// `tessera replay --exact` or a golden file prints it) becomes one revision of its own size.
// Each revision, marker and input keeps its event number, counted as `tessera replay --event N`
// counts (js/src/recording.js: every asciicast line after the header, every journal frame after
// the size), so the page and the CLI name the same moments. Journals of both versions are
// read (js/src/journal.js); a trace that dropped its start shows its drop mark as event 1 and
// its KEYFRAME's screen, rebuilt by the core, as event 2.
import { readRecording, Screen } from '../js/src/core.js';

const MAGIC = new TextEncoder().encode('tessera-journal'); // any version: readRecording says which it refuses
const startsWith = (bytes, prefix) => prefix.every((b, i) => bytes[i] === b);

/** The kind of file: 'journal', 'asciicast' or 'snapshot'. */
export function kindOf(bytes) {
  if (startsWith(bytes, [...MAGIC])) return 'journal';
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x7b ? 'asciicast' : 'snapshot'; // '{' starts an asciicast header
}

// Enough history for a whole recording: every frame may make a revision.
function historyFor(frames, bytes) {
  return { maxRevisions: frames + 2, maxRawBytes: 2 * bytes + (1 << 20),
    maxDecodedBytes: Math.max(64 << 20, 64 * bytes) };
}

/**
 * Opens bytes as a viewer document: { name, kind, styled, screen, revisions: [{ seq, ms, event }],
 * markers: [{ ms, event, label }], inputs: [{ ms, event, data }] }. `styled` is
 * false for a snapshot text file (it has no styles to compare). An input's data is null when
 * the trace kept only the write's time (a private trace). Throws the package's RecordingError
 * for a bad file.
 */
export function openDocument(engine, bytes, name) {
  const kind = kindOf(bytes);
  if (kind === 'snapshot') return snapshotDocument(engine, bytes, name);
  const recording = readRecording(bytes, { engine, name });
  const screen = new Screen(engine, { rows: recording.rows, cols: recording.cols,
    history: historyFor(recording.frames.length, bytes.length) });
  const startNs = BigInt(recording.startNs);
  const ms = (ns) => Number(BigInt(ns) - startNs) / 1e6;
  const revisions = [{ seq: 0, ms: 0, event: 0 }];
  const inputs = [];
  recording.frames.forEach((frame, i) => {
    const event = recording.frameEvents[i];
    if (frame.type === 'input') {
      inputs.push({ ms: ms(frame.timeNs), event, data: frame.data?.length ? frame.data : null });
    }
    const { revision, made } = screen.applyFrame(frame);
    if (frame.type === 'output') screen.takeReplies();
    if (made) revisions.push({ seq: revision, ms: ms(frame.timeNs), event });
  });
  const markers = recording.markers.map((m, i) =>
    ({ ms: ms(m.timeNs), event: recording.markerEvents[i], label: m.label }));
  return { name, kind, styled: true, screen, revisions, markers, inputs };
}

function snapshotDocument(engine, bytes, name) {
  const text = new TextDecoder().decode(bytes).replace(/\r?\n$/, '');
  const lines = text.split(/\r?\n/);
  const width = (line) => [...line].length; // a first guess; wide characters widen it below
  const cols = Math.min(1000, Math.max(1, ...lines.map(width)) * 2);
  const rows = Math.min(1000, Math.max(1, lines.length));
  const screen = new Screen(engine, { rows, cols, scrollback: 0 });
  // Every line from its row's first column, no wrap: the text as it was printed.
  const data = '\x1b[?7l' + lines.map((l, i) => `\x1b[${i + 1};1H${l}`).join('') + '\x1b[?25l';
  screen.applyFrame({ type: 'output', timeNs: 0n, data: new TextEncoder().encode(data) });
  // Trim the guessed width to what the rows use (wide characters counted as two cells).
  let used = 1;
  for (let y = 0; y < rows; y++) {
    for (let x = cols - 1; x >= used; x--) {
      if (screen.cell(y, x).text !== '') { used = x + 1; break; }
    }
  }
  const exact = new Screen(engine, { rows, cols: used, scrollback: 0 });
  exact.applyFrame({ type: 'output', timeNs: 0n, data: new TextEncoder().encode(data) });
  screen.free();
  return { name, kind: 'snapshot', styled: false, screen: exact,
    revisions: [{ seq: exact.revision, ms: 0, event: 0 }], markers: [], inputs: [] };
}

/** The index of the revision shown at ms: the last one made at or before it. */
export function revisionIndexAt(doc, ms) {
  let i = 0;
  while (i + 1 < doc.revisions.length && doc.revisions[i + 1].ms <= ms) i++;
  return i;
}

/** The index of the revision shown after the first `event` events: the last made by one of them. */
export function revisionIndexAtEvent(doc, event) {
  let i = 0;
  while (i + 1 < doc.revisions.length && doc.revisions[i + 1].event <= event) i++;
  return i;
}

const hasText = (doc, index) => doc.screen.revisionAt(doc.revisions[index].seq).text().trim() !== '';

/**
 * Where a recording opens when nothing names a moment: its last revision, or, when that one
 * is blank (a program that cleared the screen as it left), the last with text, and a notice
 * to say so. { index, notice } (notice '' when there is nothing to say).
 */
export function openingRevision(doc) {
  const last = doc.revisions.length - 1;
  if (doc.kind === 'snapshot' || hasText(doc, last)) return { index: last, notice: '' };
  for (let i = last - 1; i >= 0; i--) {
    if (hasText(doc, i)) {
      return { index: i, notice: `The screen is blank at the end (revision ${doc.revisions[last].seq}): ` +
        `the program cleared it. Showing revision ${doc.revisions[i].seq}, the last with text.` };
    }
  }
  return { index: last, notice: 'The screen is blank in every revision of this file.' };
}
