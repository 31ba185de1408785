// What the viewer shows: an opened file as a list of screen revisions. A recording (asciicast
// or journal) is read by the package's readRecording and replayed frame by frame into one
// Screen, whose history keeps every revision; a snapshot text file (a grid as
// `tessera replay --exact` or a golden file prints it) becomes one revision of its own size.
import { Screen, readRecording } from '../js/src/index.js';

const MAGIC = new TextEncoder().encode('tessera-journal');
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
 * Opens bytes as a viewer document: { name, kind, screen, revisions: [{ seq, ms, event }],
 * markers: [{ ms, label }], durationMs }. Throws the package's RecordingError for a bad file.
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
  recording.frames.forEach((frame, i) => {
    const { revision, made } = screen.applyFrame(frame);
    if (frame.type === 'output') screen.takeReplies();
    if (made) revisions.push({ seq: revision, ms: ms(frame.timeNs), event: recording.frameEvents[i] });
  });
  const last = recording.frames.at(-1);
  return {
    name, kind, screen, revisions,
    markers: recording.markers.map((m) => ({ ms: ms(m.timeNs), label: m.label })),
    durationMs: last ? ms(last.timeNs) : 0,
  };
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
  return { name, kind: 'snapshot', screen: exact, revisions: [{ seq: exact.revision, ms: 0, event: 0 }],
    markers: [], durationMs: 0 };
}

/** The index of the revision shown at ms: the last one made at or before it. */
export function revisionIndexAt(doc, ms) {
  let i = 0;
  while (i + 1 < doc.revisions.length && doc.revisions[i + 1].ms <= ms) i++;
  return i;
}
