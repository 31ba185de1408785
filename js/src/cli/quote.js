// Quoting untrusted bytes for one-line diagnostics, exactly as
// native-host/common/quote.c does (a 64-byte buffer there, so long input is cut
// with "..." at the same place).

const encoder = new TextEncoder();

/** Quotes s (a string, taken as UTF-8, or bytes) like quote_for_message(out, cap, ...). */
export function quoteForMessage(s, cap = 64) {
  const bytes = typeof s === 'string' ? encoder.encode(s) : s;
  let out = '"';
  let o = 1;
  for (const c of bytes) {
    let piece;
    if (c === 0x22 || c === 0x5c) piece = '\\' + String.fromCharCode(c);
    else if (c === 0x0a) piece = '\\n';
    else if (c < 0x20 || c >= 0x7f) piece = '\\x' + c.toString(16).padStart(2, '0');
    else piece = String.fromCharCode(c);
    // keep room for the piece, "...", the closing quote and the NUL
    if (o + piece.length + 5 > cap) {
      out += '...';
      break;
    }
    out += piece;
    o += piece.length;
  }
  return out + '"';
}
