// SGR as the adapters that read an emulator's own rendition read it back: tmux's
// capture-pane -e (changes only) and xterm's print jobs (absolute SGRs). A pen is
// {fg, bg, ul, attrs: Set, underline}; colours are 'default', '0'-'255' or '#rrggbb',
// the protocol's spelling (README.md). Extra fields a caller keeps on a pen survive SGR 0.

const ATTR_CODES = { 1: 'bold', 2: 'dim', 3: 'italic', 5: 'blink', 7: 'inverse', 8: 'hidden', 9: 'strike', 53: 'overline' };
/** The protocol's attribute names, in the order dumps list them. */
export const ATTR_ORDER = ['bold', 'dim', 'italic', 'blink', 'inverse', 'hidden', 'strike', 'overline'];
const UNDERLINES = ['none', 'single', 'double', 'curly', 'dotted', 'dashed'];

/** A pen with nothing set. */
export const plainPen = () => ({ fg: 'default', bg: 'default', ul: 'default', attrs: new Set(), underline: 'none' });

// An extended colour (38, 48, 58) from its sub-parameters (colon form, with or without
// the colour space id) or the parameters that follow (semicolon form, consumed).
function extendedColour(sub, rest) {
  const p = sub.length > 1 ? sub.slice(1) : rest.splice(0, rest[0] === '2' ? 4 : 2);
  if (p[0] === '5') return String(Number(p[1]) & 255);
  if (p[0] !== '2') return null;
  const rgb = (p.length > 4 ? p.slice(2, 5) : p.slice(1, 4)).map((v) => Number(v || 0) & 255);
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Applies the parameters of one SGR sequence (what comes between CSI and m) to pen. */
export function applySgr(pen, params) {
  const rest = params.split(';');
  while (rest.length) {
    const sub = rest.shift().split(':');
    const n = Number(sub[0] || 0);
    if (n === 0) Object.assign(pen, plainPen());
    else if (n === 5 && sub[1] === '3') pen.attrs.add('overline'); // tmux 3.3a writes 53 as 5:3
    else if (ATTR_CODES[n]) pen.attrs.add(ATTR_CODES[n]);
    else if (n === 4) pen.underline = UNDERLINES[sub.length > 1 ? Number(sub[1]) : 1] || 'single';
    else if (n === 21) pen.underline = 'double';
    else if (n === 22) ['bold', 'dim'].forEach((a) => pen.attrs.delete(a));
    else if (n === 24) pen.underline = 'none';
    else if (n >= 23 && n <= 29) pen.attrs.delete({ 23: 'italic', 25: 'blink', 27: 'inverse', 28: 'hidden', 29: 'strike' }[n]);
    else if (n === 55) pen.attrs.delete('overline');
    else if (n >= 30 && n <= 37) pen.fg = String(n - 30);
    else if (n >= 90 && n <= 97) pen.fg = String(n - 82);
    else if (n >= 40 && n <= 47) pen.bg = String(n - 40);
    else if (n >= 100 && n <= 107) pen.bg = String(n - 92);
    else if (n === 39) pen.fg = 'default';
    else if (n === 49) pen.bg = 'default';
    else if (n === 59) pen.ul = 'default';
    else if (n === 38 || n === 48 || n === 58) {
      const c = extendedColour(sub, rest);
      if (c !== null) pen[{ 38: 'fg', 48: 'bg', 58: 'ul' }[n]] = c;
    }
  }
}
