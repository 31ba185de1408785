// The backend protocol's strings (backends/README.md): double-quoted, with bytes below
// 0x20, 0x7f, '"' and '\' written as \xNN and every other byte as itself. Lines are
// handled as bytes so that replies which are not UTF-8 survive the round trip.

export class ProtocolError extends Error {}

const NEEDS_ESCAPE = (b) => b < 0x20 || b === 0x7f || b === 0x22 || b === 0x5c;

/** A quoted protocol string of bytes (a Buffer or a JS string written as UTF-8). */
export function quote(value) {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const parts = ['"'];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (!NEEDS_ESCAPE(bytes[i])) continue;
    parts.push(bytes.subarray(start, i).toString('latin1'));
    parts.push('\\x' + bytes[i].toString(16).padStart(2, '0'));
    start = i + 1;
  }
  parts.push(bytes.subarray(start).toString('latin1'), '"');
  return Buffer.from(parts.join(''), 'latin1');
}

const hexDigit = (b) => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1);

/**
 * Splits one line (a Buffer, without its newline) into tokens: {word} for a run of
 * non-blank bytes, {bytes} for a quoted string. Throws ProtocolError when malformed.
 */
export function tokenize(line) {
  const tokens = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === 0x20) { i++; continue; }
    if (line[i] !== 0x22) {
      let j = i;
      while (j < line.length && line[j] !== 0x20) {
        if (line[j] === 0x22) throw new ProtocolError('a quote inside a word');
        j++;
      }
      tokens.push({ word: line.subarray(i, j).toString('latin1') });
      i = j;
      continue;
    }
    const out = [];
    i++;
    for (;;) {
      if (i >= line.length) throw new ProtocolError('an unterminated string');
      const b = line[i];
      if (b === 0x22) { i++; break; }
      if (b === 0x5c) {
        const hi = hexDigit(line[i + 2]), lo = hexDigit(line[i + 3]);
        if (line[i + 1] !== 0x78 || hi < 0 || lo < 0) throw new ProtocolError('a bad escape (only \\xNN, lower case)');
        out.push(hi * 16 + lo);
        i += 4;
        continue;
      }
      if (b < 0x20 || b === 0x7f) throw new ProtocolError(`an unescaped control byte 0x${b.toString(16)} in a string`);
      out.push(b);
      i++;
    }
    if (i < line.length && line[i] !== 0x20) throw new ProtocolError('no blank after a string');
    tokens.push({ bytes: Buffer.from(out) });
  }
  return tokens;
}

const C0_NAMES = { 0x1b: '\\e', 0x07: '\\a', 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' };

/** A string or bytes made readable on one line: controls as \e, \xNN; the rest as text. */
export function visible(value) {
  if (value === null || value === undefined) return String(value);
  const text = typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (C0_NAMES[cp]) out += C0_NAMES[cp];
    else if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0)) out += '\\x' + cp.toString(16).padStart(2, '0');
    else if (ch === '\\') out += '\\\\';
    else out += ch;
  }
  return out;
}
