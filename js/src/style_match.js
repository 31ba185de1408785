// How text must look: the style of getByText(text, { style }) and toHaveStyle({ ... }).
// The same words and meaning as a tape's or spec's `expect "OK" fg=2 bold`
// (native-host/session/screen_query.c: style_want_word, color_matches, cell_matches), so a
// JS test and a tape agree on what a highlighted row is:
//   fg, bg     a palette index 0..255, 'default', or '#rrggbb' (which also matches a palette
//              index showing that colour on the screen: the palette the program set with
//              OSC 4, the xterm defaults elsewhere)
//   bold, dim, italic, underline, blink, inverse, hidden, strike, overline
//              true: set, false: clear (underline: any kind of underline)
// inverse is the attribute the program set, not the colours it is painted with.
// A key left out is not looked at. The tail of a wide character is not looked at either.

const ATTRS = ['bold', 'dim', 'italic', 'blink', 'inverse', 'hidden', 'strike', 'overline', 'underline'];
const KEYS = ['fg', 'bg', ...ATTRS];

/** A style object checked and normalised ({fg, bg, attrs: {name: bool}}); TypeError names the bad key. */
export function parseStyle(style, what) {
  if (style === null || typeof style !== 'object' || Array.isArray(style)) {
    throw new TypeError(`${what}: a style object ({ fg, bg, bold, ... }), got ${JSON.stringify(style)}`);
  }
  const want = { fg: null, bg: null, attrs: {} };
  for (const [key, value] of Object.entries(style)) {
    if (value === undefined) continue;
    if (key === 'fg' || key === 'bg') want[key] = colorWant(value, `${what}: ${key}`);
    else if (ATTRS.includes(key)) {
      if (typeof value !== 'boolean') throw new TypeError(`${what}: ${key} takes true (set) or false (clear), got ${JSON.stringify(value)}`);
      want.attrs[key] = value;
    } else {
      throw new TypeError(`${what}: unknown style key ${JSON.stringify(key)} (${KEYS.join(', ')})`);
    }
  }
  return Object.freeze(want);
}

function colorWant(value, what) {
  if (Number.isInteger(value) && value >= 0 && value <= 255) return value;
  if (value === 'default') return value;
  if (typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  throw new TypeError(`${what} needs a colour: 0 to 255, '#rrggbb' or 'default', got ${JSON.stringify(value)}`);
}

/** The normalised style as an object again ({ fg, bg, bold, ... }), which parseStyle takes. */
export function styleObject(want) {
  const out = {};
  for (const key of ['fg', 'bg']) if (want[key] !== null) out[key] = want[key];
  return Object.assign(out, want.attrs);
}

/** The style as a JS literal, for messages: "{ bg: 4, bold: true }". */
export const styleLiteral = (want) => `{ ${Object.entries(styleObject(want))
  .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : v}`).join(', ')} }`;

/** Whether nothing is wanted (every look matches). */
export const wantsNothing = (want) => want.fg === null && want.bg === null && !Object.keys(want.attrs).length;

/** The wanted style in the CLI's words: "fg=7 bg=4 bold underline=false". */
export function describeStyle(want) {
  const words = [];
  for (const key of ['fg', 'bg']) if (want[key] !== null) words.push(`${key}=${want[key]}`);
  for (const name of ATTRS) {
    if (name in want.attrs) words.push(want.attrs[name] ? name : `${name}=false`);
  }
  return words.join(' ');
}

// A cell's colour (as Screen.cell gives it: an index, '#rrggbb' or 'default') against a want.
// palette(i) is the screen's current entry i, what a person sees.
function colorMatches(want, have, palette) {
  if (want === null) return true;
  if (want === 'default' || typeof want === 'number') return have === want;
  if (typeof have === 'string') return have === want; // rgb against rgb; 'default' is never #rrggbb
  return palette(have) === want;
}

/** Whether a cell's style ({fg, bg, bold, ..., underline: 'none' | kind}) has every wanted part. */
export function styleMatches(want, style, palette) {
  if (!colorMatches(want.fg, style.fg, palette) || !colorMatches(want.bg, style.bg, palette)) return false;
  for (const [name, on] of Object.entries(want.attrs)) {
    const set = name === 'underline' ? style.underline !== 'none' : style[name];
    if (set !== on) return false;
  }
  return true;
}

/** The cells of a match ({row, column, width}) that show something (wide tails left out). */
export function cellsOf(snapshot, match) {
  const cells = [];
  for (let col = match.column; col < match.column + match.width; col++) {
    const cell = snapshot.cell(match.row, col);
    if (cell.width !== 0) cells.push({ col, cell });
  }
  return cells;
}

/** Whether every cell of a match looks as wanted. */
export function matchLooks(snapshot, match, want) {
  if (wantsNothing(want)) return true;
  const palette = (i) => snapshot.palette(i);
  return cellsOf(snapshot, match).every(({ cell }) => styleMatches(want, cell.style, palette));
}

/** A cell's own style in words ("fg=7 bg=4 bold"; "no colours or attributes" when plain). */
export function describeCellStyle(style) {
  const words = [];
  for (const key of ['fg', 'bg']) if (style[key] !== 'default') words.push(`${key}=${style[key]}`);
  for (const name of ATTRS) {
    if (name === 'underline' ? style.underline !== 'none' : style[name]) words.push(name);
  }
  return words.join(' ') || 'no colours or attributes';
}

/** How a match's cells look, in runs of equal style: "columns 3..8: fg=7 bg=4 bold; column 9: ...". */
export function describeMatchStyle(snapshot, match) {
  const runs = [];
  for (const { col, cell } of cellsOf(snapshot, match)) {
    const words = describeCellStyle(cell.style);
    const last = runs.at(-1);
    if (last && last.words === words) last.to = col + cell.width - 1;
    else runs.push({ from: col, to: col + cell.width - 1, words });
  }
  return runs.map((r) => `${r.from === r.to ? `column ${r.from}` : `columns ${r.from}..${r.to}`}: ${r.words}`).join('; ');
}
