// Recorded byte streams as the actions a backend replays: asciicast v2 (`o` events fed,
// `r` events applied as resizes) and tessera journals (README: the journal; core/README.md:
// the frame format), read here without the core so the runner needs no build.
// Each reader returns [{feed: Buffer} | {resize: {rows, cols}} | {reset: true}] or throws
// RecordingError saying where the file is wrong; readEvents adds where each action is in
// the file and when it happened, for the session differentials.

export class RecordingError extends Error {}

// An action as the readers above return it, without its place and time.
const actionOf = ({ feed, resize, reset }) => (feed ? { feed } : resize ? { resize } : { reset });

/** asciicast v2: a JSON header line, then [time, code, data] lines. */
export function readCast(bytes) {
  return castEvents(bytes).events.map(actionOf);
}

// {size: {rows, cols} | null (the header's), events: [{index, time, ...action}]}: index
// counts events of every kind (as `tessera replay --event` does), time in seconds.
function castEvents(bytes) {
  const lines = bytes.toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const parse = (i) => {
    try {
      return JSON.parse(lines[i]);
    } catch (e) {
      throw new RecordingError(`line ${i + 1}: not JSON (${e.message})`);
    }
  };
  const header = lines.length ? parse(0) : null;
  if (!header || header.version !== 2) throw new RecordingError('line 1: not an asciicast v2 header');
  const sized = [header.width, header.height].every((n) => Number.isInteger(n) && n >= 1 && n <= 1000);
  const events = [];
  let index = 0;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const ev = parse(i);
    const at = { index: index++, time: ev?.[0] };
    if (!Array.isArray(ev) || ev.length < 3 || typeof ev[0] !== 'number' || typeof ev[1] !== 'string' || typeof ev[2] !== 'string') {
      throw new RecordingError(`line ${i + 1}: an event is [time, code, data]`);
    }
    if (ev[1] === 'o') {
      events.push({ ...at, feed: Buffer.from(ev[2], 'utf8') });
    } else if (ev[1] === 'r') {
      const m = /^(\d+)x(\d+)$/.exec(ev[2]);
      if (!m || +m[1] < 1 || +m[2] < 1 || +m[1] > 1000 || +m[2] > 1000) {
        throw new RecordingError(`line ${i + 1}: a resize is "COLSxROWS", 1 to 1000 each`);
      }
      events.push({ ...at, resize: { rows: +m[2], cols: +m[1] } });
    }
    // i (input) and m (marker) events change nothing on the screen.
  }
  return { size: sized ? { rows: header.height, cols: header.width } : null, events };
}

export const JOURNAL_MAGIC = Buffer.from('tessera-journal 1\n');
const FRAME_HEADER = 16;
const MAX_PAYLOAD = 16 << 20;
const FRAME = { OUTPUT: 1, RESIZE: 2, RESET: 3, EXIT: 4, ACK: 5, INPUT: 6, MARK: 7 };
// Payload lengths the frame format fixes; the others are bounded by MAX_PAYLOAD.
const FIXED_LENGTH = { [FRAME.RESIZE]: 4, [FRAME.RESET]: 0, [FRAME.EXIT]: 8, [FRAME.ACK]: 8 };

/** A journal: the magic line, then frames (little-endian header of 16 bytes, then payload). */
export function readJournal(bytes) {
  return journalEvents(bytes).map(actionOf);
}

// As castEvents, every frame counted in index; time from the frames' clock, in seconds
// since the first frame.
function journalEvents(bytes) {
  if (bytes.length < JOURNAL_MAGIC.length || !bytes.subarray(0, JOURNAL_MAGIC.length).equals(JOURNAL_MAGIC)) {
    throw new RecordingError('byte 0: not a tessera journal (bad first line)');
  }
  const events = [];
  let pos = JOURNAL_MAGIC.length;
  let clock0 = null;
  for (let index = 0; pos < bytes.length; index++) {
    const at = `byte ${pos}: frame ${index}`;
    if (bytes.length - pos < FRAME_HEADER) throw new RecordingError(`${at} is cut short`);
    const type = bytes[pos], version = bytes[pos + 1];
    const reserved = bytes.readUInt16LE(pos + 2), len = bytes.readUInt32LE(pos + 4);
    if (type < FRAME.OUTPUT || type > FRAME.MARK) throw new RecordingError(`${at} has an unknown type ${type}`);
    if (version !== 1 || reserved !== 0) throw new RecordingError(`${at} is not format version 1`);
    if (len > MAX_PAYLOAD || (FIXED_LENGTH[type] !== undefined && len !== FIXED_LENGTH[type])) {
      throw new RecordingError(`${at} has a bad payload length ${len}`);
    }
    const body = pos + FRAME_HEADER;
    if (bytes.length - body < len) throw new RecordingError(`${at} is cut short`);
    const payload = bytes.subarray(body, body + len);
    const clock = bytes.readBigUInt64LE(pos + 8);
    clock0 ??= clock;
    const when = { index, time: Number(clock - clock0) / 1e9 };
    if (type === FRAME.OUTPUT) {
      events.push({ ...when, feed: Buffer.from(payload) });
    } else if (type === FRAME.RESIZE) {
      const rows = payload.readUInt16LE(0), cols = payload.readUInt16LE(2);
      if (rows < 1 || cols < 1 || rows > 1000 || cols > 1000) throw new RecordingError(`${at} resizes to ${rows}x${cols}`);
      events.push({ ...when, resize: { rows, cols } });
    } else if (type === FRAME.RESET) {
      events.push({ ...when, reset: true });
    }
    // EXIT, ACK, INPUT and MARK frames change nothing on the screen.
    pos = body + len;
  }
  return events;
}

/** The actions of a recording file's bytes, chosen by its name's ending. */
export function readRecording(name, bytes) {
  return name.endsWith('.journal') ? readJournal(bytes) : readCast(bytes);
}

/**
 * A recording's bytes (a journal when they begin with its magic line, else a cast) as
 * {format: 'cast'|'journal', size: {rows, cols} | null, events: [{index, time, ...action}]}.
 */
export function readEvents(bytes) {
  if (!bytes.subarray(0, JOURNAL_MAGIC.length).equals(JOURNAL_MAGIC)) return { format: 'cast', ...castEvents(bytes) };
  // A first frame that resizes is the recorded size, not an event (as `tessera replay` reads it).
  const events = journalEvents(bytes);
  if (!events[0]?.resize || events[0].index !== 0) return { format: 'journal', size: null, events };
  return { format: 'journal', size: events[0].resize, events: events.slice(1).map((e) => ({ ...e, index: e.index - 1 })) };
}
