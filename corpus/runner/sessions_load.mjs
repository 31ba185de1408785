// The recordings of the session differentials (corpus/README.md: Session differentials):
// bundled ones, whose divergences the ledger pins, and external ones from the folders
// named by TESSERA_CAST_DIR and TESSERA_JOURNAL_DIR, reported only. Each is read once into
// its events, its output as one stream cut into units (sessions_bytes.mjs), and the
// checkpoints: the events after which the backends are dumped and compared.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { readEvents } from './recording.mjs';
import { unitsOf, boundariesOf } from './sessions_bytes.mjs';

export const SESSIONS = 'sessions';
export const EXTERNAL_DIRS = ['TESSERA_CAST_DIR', 'TESSERA_JOURNAL_DIR'];
const DEFAULT_SIZE = { rows: 24, cols: 80 };
const RECORDING = /\.(cast|journal)$/;

/** The bundled folders of a corpus folder: its sessions' fixtures and the tests' beside it. */
export const bundledDirs = (corpusDir) => [
  path.join(corpusDir, SESSIONS, 'fixtures'),
  path.join(corpusDir, '..', 'tests', 'fixtures', 'casts'),
];

/**
 * A recording read and planned: {name, file, bundled, format, size, events, stream,
 * units, boundaries, checkpoints}, or {name, file, bundled, error} when it cannot be read.
 * events: [{index, time, feed|resize|reset, start?, end?, at?}] (start and end: a feed's
 * place in the stream; at: where the stream stands at a resize or reset); checkpoints: indices into events after which the screen is
 * compared: every resize and reset, every feed that ends between units, and the last.
 */
export function readSession(file, { name, bundled }) {
  let rec;
  try {
    rec = readEvents(readFileSync(file));
  } catch (e) {
    return { name, file, bundled, error: e.code ? e.message : `not a recording: ${e.message}` };
  }
  let offset = 0;
  const events = rec.events.map((ev) => {
    if (!ev.feed) return { ...ev, at: offset };
    const placed = { ...ev, start: offset, end: offset + ev.feed.length };
    offset = placed.end;
    return placed;
  });
  const stream = Buffer.concat(events.filter((e) => e.feed).map((e) => e.feed));
  const units = unitsOf(stream);
  const boundaries = boundariesOf(units);
  const checkpoints = [];
  events.forEach((ev, i) => {
    if (!ev.feed || boundaries.has(ev.end) || i === events.length - 1) checkpoints.push(i);
  });
  return { name, file, bundled, format: rec.format, size: rec.size ?? DEFAULT_SIZE, events, stream, units, boundaries, checkpoints };
}

// The recordings in a bundled folder, named by their path from the corpus's parent
// (the repository's root), so two folders may hold the same file name.
function bundledFiles(dir, root) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => RECORDING.test(f)).sort()
    .map((f) => ({ file: path.join(dir, f), name: path.relative(root, path.join(dir, f)).split(path.sep).join('/') }));
}

/** Every bundled recording of a corpus folder, read: [recording] in a stable order. */
export function bundledSessions(corpusDir) {
  const root = path.dirname(path.resolve(corpusDir));
  return bundledDirs(path.resolve(corpusDir)).flatMap((d) => bundledFiles(d, root))
    .map(({ file, name }) => readSession(file, { name, bundled: true }));
}

/**
 * The external recordings: every file of the folders the environment names (each
 * variable may list several, separated as PATH is), named by their absolute path. A
 * folder that cannot be listed is one unreadable entry naming it.
 */
export function externalSessions(env = process.env) {
  const seen = new Set();
  const out = [];
  for (const variable of EXTERNAL_DIRS) {
    for (const dir of (env[variable] ?? '').split(path.delimiter).filter(Boolean).map((d) => path.resolve(d))) {
      let names;
      try {
        names = readdirSync(dir).sort();
      } catch (e) {
        out.push({ name: dir, file: dir, bundled: false, error: `${variable}: ${e.message}` });
        continue;
      }
      for (const f of names.map((n) => path.join(dir, n))) {
        if (seen.has(f)) continue;
        seen.add(f);
        let isFile;
        try {
          isFile = statSync(f).isFile();
        } catch (e) {
          out.push({ name: f, file: f, bundled: false, error: e.message });
          continue;
        }
        if (isFile) out.push(readSession(f, { name: f, bundled: false }));
      }
    }
  }
  return out;
}
