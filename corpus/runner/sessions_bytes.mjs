// A terminal's output stream cut where a parser finishes a unit: a whole escape sequence,
// a control character, or a printable character (UTF-8 decoded). The session
// differentials dump a backend only between units (a dump may feed a query, which must
// not land inside an open sequence) and feed a diverging event unit by unit; the same
// units print the bytes around a divergence as a person reads them (`ESC [ ? 1049 l`).

const ESC = 0x1b, BEL = 0x07, CAN = 0x18, SUB = 0x1a, BACKSLASH = 0x5c;
const inRange = (b, lo, hi) => b >= lo && b <= hi;
// Introducers of the strings that run to ST: OSC, DCS, SOS, PM, APC.
const STRINGS = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f]);

// End of the string whose introducer is at `i + 1` ({end} or {open: true}).
function stringEnd(b, i) {
  const osc = b[i + 1] === 0x5d;
  for (let k = i + 2; k < b.length; k++) {
    if ((osc && b[k] === BEL) || b[k] === CAN || b[k] === SUB) return { end: k + 1 };
    if (b[k] !== ESC) continue;
    if (k + 1 >= b.length) return { open: true };
    // ESC \ is ST; an ESC before anything else ends the string and begins a sequence.
    return { end: b[k + 1] === BACKSLASH ? k + 2 : k };
  }
  return { open: true };
}

function csiEnd(b, i) {
  for (let k = i + 2; k < b.length; k++) {
    if (inRange(b[k], 0x40, 0x7e) || b[k] === CAN || b[k] === SUB) return { end: k + 1 };
    if (b[k] === ESC) return { end: k };
  }
  return { open: true };
}

// An escape sequence beginning at i: {kind, end} or {kind, open: true}.
function escapeAt(b, i) {
  if (i + 1 >= b.length) return { kind: 'escape', open: true };
  const next = b[i + 1];
  if (next === 0x5b) return { kind: 'csi', ...csiEnd(b, i) };
  if (STRINGS.has(next)) return { kind: 'string', ...stringEnd(b, i) };
  let k = i + 1;
  while (k < b.length && inRange(b[k], 0x20, 0x2f)) k++;
  if (k >= b.length) return { kind: 'escape', open: true };
  // A final byte ends it; anything else aborts it, and that byte begins the next unit.
  return { kind: 'escape', end: inRange(b[k], 0x30, 0x7e) ? k + 1 : Math.max(k, i + 1) };
}

// A UTF-8 character at i: {kind: 'text', end}, {open} when cut at the end, or one invalid byte.
function characterAt(b, i) {
  const lead = b[i];
  const len = lead < 0x80 ? 1 : inRange(lead, 0xc2, 0xdf) ? 2 : inRange(lead, 0xe0, 0xef) ? 3 : inRange(lead, 0xf0, 0xf4) ? 4 : 0;
  if (len === 0) return { kind: 'invalid', end: i + 1 };
  for (let k = 1; k < len; k++) {
    if (i + k >= b.length) return { kind: 'text', open: true };
    if (!inRange(b[i + k], 0x80, 0xbf)) return { kind: 'invalid', end: i + 1 };
  }
  // Overlong forms and surrogates are not characters.
  const second = b[i + 1];
  if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)
      || (lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return { kind: 'invalid', end: i + 1 };
  return { kind: 'text', end: i + len };
}

const KINDS = ['escape', 'csi', 'string', 'control', 'text', 'invalid'];
const KIND_CODE = Object.fromEntries(KINDS.map((k, i) => [k, i]));

/**
 * The units of a stream, kept as numbers (a unit ends where the next starts, so only the
 * ends and a kind code each): five bytes a unit, where objects took about a hundred and a
 * 15 MiB event of plain text makes fifteen million units. `at(i)` gives one as
 * {start, end, kind} (`open: true` on the last when the stream cut it off); `indexAt`
 * finds the unit holding an offset; `isBoundary` says whether a stream is between units
 * there. Iterable, with `slice` and `map` as an array's.
 */
export class Units {
  constructor(ends, kinds, open) {
    this.ends = ends;
    this.kinds = kinds;
    this.open = open;
  }

  get length() { return this.ends.length; }

  at(index) {
    const i = index < 0 ? this.ends.length + index : index; // negative from the end, as an array's
    const u = { start: i > 0 ? this.ends[i - 1] : 0, end: this.ends[i], kind: KINDS[this.kinds[i]] };
    return this.open && i === this.ends.length - 1 ? { ...u, open: true } : u;
  }

  /** The index of the first unit ending after `offset` (its length when none does). */
  indexAt(offset) {
    let lo = 0, hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid] <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether `offset` is 0 or the end of a unit the stream did not cut off. */
  isBoundary(offset) {
    if (offset === 0) return true;
    const i = this.indexAt(offset - 1);
    return i < this.ends.length && this.ends[i] === offset && !(this.open && i === this.ends.length - 1);
  }

  slice(from = 0, to = this.ends.length) {
    const out = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.ends.length); i++) out.push(this.at(i));
    return out;
  }

  map(fn) { return Array.from(this, fn); }

  *[Symbol.iterator]() {
    for (let i = 0; i < this.ends.length; i++) yield this.at(i);
  }
}

/**
 * The units of a byte stream, in order (a Units): kind one of escape, csi, string (OSC,
 * DCS, SOS, PM, APC), control, text (one character), invalid (a byte that is not UTF-8). A
 * unit cut off by the end of the stream comes last with `open: true`.
 */
export function unitsOf(bytes) {
  const ends = new Uint32Array(bytes.length);
  const kinds = new Uint8Array(bytes.length);
  let n = 0;
  let open = false;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    const u = b === ESC ? escapeAt(bytes, i)
      : b < 0x20 || b === 0x7f ? { kind: 'control', end: i + 1 }
        : characterAt(bytes, i);
    kinds[n] = KIND_CODE[u.kind];
    if (u.open) {
      ends[n++] = bytes.length;
      open = true;
      break;
    }
    ends[n++] = u.end;
    i = u.end;
  }
  return new Units(ends.slice(0, n), kinds.slice(0, n), open);
}

/** The offsets at which a stream is between units (0 and every unit's end, an open one's
 * excepted): `has(offset)`, and iterable in order. */
export function boundariesOf(units) {
  return {
    has: (offset) => units.isBoundary(offset),
    * [Symbol.iterator]() {
      yield 0;
      const last = units.open ? units.length - 1 : units.length;
      for (let i = 0; i < last; i++) if (units.ends[i] > 0) yield units.ends[i];
    },
  };
}

const C0_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

const hexByte = (b) => `\\x${b.toString(16).padStart(2, '0')}`;
// Text in quotes, as a person reads it: invisible format characters (bidi overrides and
// isolates, soft hyphens: Unicode's Cf, but the joiners scripts need) and C1 controls escaped
// as <U+XXXX>, so a hostile recording cannot reorder or hide the line they sit in.
const HIDDEN = /(?![\u200c\u200d])[\p{Cf}\u0080-\u009f]/gu;
const quoted = (s) => `"${s.replace(/[\\"]/g, '\\$&').replace(HIDDEN,
  (c) => `<U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}>`)}"`;

// One byte inside a sequence: a control by name, a printable byte as itself, else \xNN.
const byteWord = (b) => (b < 0x20 ? C0_NAMES[b] : b === 0x7f ? 'DEL' : b < 0x80 ? String.fromCharCode(b) : hexByte(b));

// A sequence's bytes after ESC as words: digit runs kept whole (`? 1049 l`), every other byte alone.
function sequenceWords(bytes) {
  const words = [];
  let digits = '';
  for (const b of bytes) {
    if (inRange(b, 0x30, 0x39)) { digits += String.fromCharCode(b); continue; }
    if (digits) { words.push(digits); digits = ''; }
    words.push(byteWord(b));
  }
  if (digits) words.push(digits);
  return words;
}

// A string sequence: its introducer, an OSC's number and `;`, the text quoted, its terminator.
function stringWords(bytes) {
  const words = ['ESC', byteWord(bytes[1])];
  let body = bytes.subarray(2);
  let end = [];
  if (body.at(-1) === BEL || body.at(-1) === CAN || body.at(-1) === SUB) { end = [byteWord(body.at(-1))]; body = body.subarray(0, -1); }
  else if (body.at(-2) === ESC && body.at(-1) === BACKSLASH) { end = ['ESC', '\\']; body = body.subarray(0, -2); }
  if (bytes[1] === 0x5d) {
    const m = /^(\d*);/.exec(body.toString('latin1'));
    if (m) { words.push(...(m[1] ? [m[1], ';'] : [';'])); body = body.subarray(m[0].length); }
  }
  if (body.length) words.push(quoted(body.toString('utf8')));
  return [...words, ...end];
}

/** One unit of `bytes` as words: `ESC [ ? 1049 l`, `CR`, `"é"`, `\xff`. */
export function unitWords(bytes, unit) {
  const b = bytes.subarray(unit.start, unit.end);
  const words = unit.kind === 'control' ? [byteWord(b[0])]
    : unit.kind === 'text' ? [quoted(b.toString('utf8'))]
      : unit.kind === 'invalid' ? [hexByte(b[0])]
        : unit.kind === 'string' && b.length > 1 ? stringWords(b)
          : ['ESC', ...sequenceWords(b.subarray(1))];
  return unit.open ? [...words, '(cut off)'] : words;
}

/**
 * Units as one line of words, runs of printable characters joined into one quoted string:
 * `"ab" CR LF ESC [ ? 1049 l`. marks: [{at, word}] in order, each printed before the
 * first unit from its offset `at` on (or at the end).
 */
export function decodeUnits(bytes, units, marks = []) {
  const words = [];
  let text = null;
  let m = 0;
  const flush = () => {
    if (text !== null) words.push(quoted(text));
    text = null;
  };
  for (const u of units) {
    for (; m < marks.length && marks[m].at <= u.start; m++) { flush(); words.push(marks[m].word); }
    if (u.kind === 'text' && !u.open) { text = (text ?? '') + bytes.subarray(u.start, u.end).toString('utf8'); continue; }
    flush();
    words.push(...unitWords(bytes, u));
  }
  flush();
  for (; m < marks.length; m++) words.push(marks[m].word);
  return words.join(' ');
}
