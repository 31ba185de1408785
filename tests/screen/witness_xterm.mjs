// The xterm.js witness: runs one screen case through xterm.js headless and
// records, facet by facet, whether xterm.js agrees with each expectation it
// can express (see case_file.mjs for facets). Besides the public API it reads
// xterm.js's own state (modes, cursor style, underline style and colour,
// protection, hyperlinks) where the API does not expose it.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { glob, vis, recorder } from './case_file.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'package.json'));

// Throws, saying what to install, when @xterm/headless is missing.
export function loadXterm() {
  try {
    return require('@xterm/headless').Terminal;
  } catch {
    throw new Error('@xterm/headless is not installed (run npm ci at the top level)');
  }
}

const write = (t, data) => new Promise((res) => t.write(data, res));

function rowCells(t, buf, y) {
  const line = buf.getLine(y);
  const cells = [];
  for (let x = 0; x < t.cols; x++) cells.push(line.getCell(x));
  return cells;
}

const rowText = (buf, y, trim) => buf.getLine(y)?.translateToString(trim) ?? '';

function screenRows(t, trim) {
  const b = t.buffer.active;
  const out = [];
  for (let y = 0; y < t.rows; y++) out.push(rowText(b, b.baseY + y, trim));
  return out;
}

function colorOf(cell, fg) {
  const isDef = fg ? cell.isFgDefault() : cell.isBgDefault();
  if (isDef) return 'default';
  const v = fg ? cell.getFgColor() : cell.getBgColor();
  const rgb = fg ? cell.isFgRGB() : cell.isBgRGB();
  return rgb ? '#' + v.toString(16).padStart(6, '0') : String(v);
}

// The seed's styled format, for the attributes the seed names.
function styleTag(cell) {
  const a = [];
  if (cell.isBold()) a.push('bold');
  if (cell.isDim()) a.push('dim');
  if (cell.isItalic()) a.push('italic');
  if (cell.isUnderline()) a.push('underline');
  if (cell.isBlink()) a.push('blink');
  if (cell.isInverse()) a.push('inverse');
  if (cell.isInvisible()) a.push('hidden');
  if (cell.isStrikethrough()) a.push('strike');
  const fg = colorOf(cell, true), bg = colorOf(cell, false);
  if (fg !== 'default') a.push('fg=' + fg);
  if (bg !== 'default') a.push('bg=' + bg);
  return '{' + a.join(' ') + '}';
}

function styledRow(t, y) {
  const b = t.buffer.active;
  const cells = rowCells(t, b, b.baseY + y);
  // Trailing blank cells in the default style are trimmed.
  let end = 0;
  for (let x = 0; x < cells.length; x++) {
    const c = cells[x];
    if (c.getWidth() === 0) continue;
    const blank = c.getChars() === '' || c.getChars() === ' ';
    if (!(blank && styleTag(c) === '{}')) end = x + c.getWidth();
  }
  let out = '', tag = null;
  for (let x = 0; x < end; x++) {
    const c = cells[x];
    if (c.getWidth() === 0) continue;
    const tg = styleTag(c);
    if (tg !== tag) { out += tg; tag = tg; }
    // A brace of the text is doubled, as in tsr_render_styled.
    out += (c.getChars() || ' ').replace(/[{}]/g, '$&$&');
  }
  return out;
}

const UNDERLINE_STYLES = ['none', 'single', 'double', 'curly', 'dotted', 'dashed'];

// SGR 58 colour, read from the cell's extended attributes (the API answers
// with the foreground when the cell has none of its own). No colour is -1,
// which xterm.js stores masked to its 26 colour bits after SGR 59.
function underlineColorOf(cell) {
  const uc = cell.extended?.underlineColor ?? -1;
  const mode = uc & 0x3000000;
  if (!(cell.bg & 0x10000000) || (uc & 0x3ffffff) === 0x3ffffff || mode === 0) return 'default';
  return mode === 0x3000000 ? '#' + (uc & 0xffffff).toString(16).padStart(6, '0') : String(uc & 0xff);
}

function attrsOf(cell) {
  const have = [];
  if (cell.isBold()) have.push('bold');
  if (cell.isDim()) have.push('dim');
  if (cell.isItalic()) have.push('italic');
  if (cell.isBlink()) have.push('blink');
  if (cell.isInverse()) have.push('inverse');
  if (cell.isInvisible()) have.push('hidden');
  if (cell.isStrikethrough()) have.push('strike');
  if (cell.isOverline()) have.push('overline');
  return have.join(',') || 'none';
}

function checkCell(t, s, check) {
  const a = s.a;
  const b = t.buffer.active;
  const cell = b.getLine(b.baseY + +a[0].text)?.getCell(+a[1].text);
  if (!cell) { check(s, 'cell', false, 'a cell', 'none'); return; }
  const chars = cell.getChars();
  const exp = a[2].text;
  const blankOk = (exp === '' || exp === ' ') && (chars === '' || chars === ' ');
  check(s, 'cell', blankOk || chars === exp, vis(exp), vis(chars));
  for (let k = 3; k < a.length; k++) {
    const key = a[k].text;
    if (key === 'protected' || key === 'unprotected') {
      const got = cell.isProtected() ? 'protected' : 'unprotected';
      check(s, 'cell-protection', got === key, key, got);
      continue;
    }
    const urlId = cell.extended?.urlId ?? 0;
    const uri = urlId ? t._core._oscLinkService.getLinkData(urlId)?.uri : undefined;
    if (key === 'nolink') {
      check(s, 'cell-link', uri === undefined, 'nolink', vis(uri ?? ''));
      continue;
    }
    const v = a[++k]?.text;
    const got = {
      width: () => String(cell.getWidth()),
      fg: () => colorOf(cell, true),
      bg: () => colorOf(cell, false),
      'ul-color': () => underlineColorOf(cell),
      attrs: () => attrsOf(cell),
      underline: () => UNDERLINE_STYLES[cell.getUnderlineStyle()] ?? String(cell.getUnderlineStyle()),
      link: () => uri ?? 'nolink',
    }[key]?.();
    if (got !== undefined) check(s, 'cell-' + key, got === v, vis(v), vis(got));
  }
}

// Runs one parsed case; returns its recorder's results.
export async function runCaseXterm(Terminal, c) {
  const t = new Terminal({ rows: c.opts.rows, cols: c.opts.cols, scrollback: c.opts.scrollback,
                           allowProposedApi: true, logLevel: 'off' });
  let title = '', bells = 0, replies = '', probing = false, probe = '';
  t.onTitleChange((s) => { title = s; });
  t.onBell(() => { bells++; });
  t.onData((d) => { if (probing) probe += d; else replies += d; });
  const core = t._core;
  const { results, check } = recorder(c, 'xterm.js');

  for (const s of c.steps) {
    const a = s.a;
    switch (s.d) {
      case 'feed':
        for (const tok of a) await write(t, new Uint8Array(tok.bytes));
        break;
      case 'feed-bytewise':
        for (const tok of a) for (const byte of tok.bytes) await write(t, new Uint8Array([byte]));
        break;
      case 'feed-repeat':
        await write(t, new Uint8Array(Buffer.concat(Array(+a[0].text).fill(a[1].bytes))));
        break;
      case 'resize':
        t.resize(+a[1].text, +a[0].text);
        await write(t, '');
        break;
      case 'reset':
        t.reset();
        await write(t, '');
        break;
      case 'expect-text': {
        const rows = screenRows(t, true);
        while (rows.length && rows[rows.length - 1] === '') rows.pop();
        check(s, 'text', rows.join('\n') === a[0].text, vis(a[0].text), vis(rows.join('\n')));
        break;
      }
      case 'expect-row': {
        const b = t.buffer.active;
        const got = rowText(b, b.baseY + +a[0].text, true);
        check(s, 'row', got === a[1].text, vis(a[1].text), vis(got));
        break;
      }
      case 'expect-exact': {
        const got = screenRows(t, false).join('\n');
        check(s, 'exact', got === s.block.join('\n'), vis(s.block.join('\n')), vis(got));
        break;
      }
      case 'expect-styled':
        for (let y = 0; y < Math.max(t.rows, s.block.length); y++) {
          const got = y < t.rows ? styledRow(t, y) : '';
          const exp = s.block[y] ?? '';
          check(s, 'styled', got === exp, `row ${y} ${vis(exp)}`, vis(got));
        }
        break;
      case 'expect-scrollback':
      case 'expect-scrollback-lines': {
        const nb = t.buffer.normal;
        const lines = [];
        for (let y = 0; y < nb.baseY; y++) lines.push(rowText(nb, y, true));
        if (s.d === 'expect-scrollback-lines') {
          check(s, 'scrollback-lines', lines.length === +a[0].text, a[0].text, lines.length);
        } else {
          check(s, 'scrollback', lines.join('\n') === s.block.join('\n'), vis(s.block.join('\n')), vis(lines.join('\n')));
        }
        break;
      }
      case 'expect-cursor': {
        const b = t.buffer.active;
        const x = b.cursorX, y = b.cursorY;
        const wrap = x >= t.cols && core.coreService.decPrivateModes.wraparound;
        const col = Math.min(x, t.cols - 1);
        check(s, 'cursor', y === +a[0].text && col === +a[1].text, `${a[0].text} ${a[1].text}`, `${y} ${col}`);
        for (let k = 2; k < a.length; k++) {
          const w = a[k].text;
          if (w === 'visible' || w === 'hidden') {
            const v = core.coreService.isCursorHidden ? 'hidden' : 'visible';
            check(s, 'cursor-visible', v === w, w, v);
          } else if (w === 'wrap' || w === 'nowrap') {
            check(s, 'cursor-wrap', (w === 'wrap') === wrap, w, wrap ? 'wrap' : 'nowrap');
          } else if (w === 'shape') {
            const exp = a[++k].text;
            const st = core.coreService.decPrivateModes.cursorStyle ?? 'default';
            check(s, 'cursor-shape', st === exp, exp, st);
          } else if (w === 'blink' || w === 'steady') {
            const bl = core.coreService.decPrivateModes.cursorBlink ?? t.options.cursorBlink;
            const got = bl === undefined ? 'steady' : bl ? 'blink' : 'steady';
            check(s, 'cursor-blink', got === w, w, got);
          }
        }
        break;
      }
      case 'expect-cell':
        checkCell(t, s, check);
        break;
      case 'expect-mode': {
        // Ask xterm.js itself with DECRQM; 0 (unknown) leaves it unwitnessed.
        const m = a[0].text;
        probing = true; probe = '';
        await write(t, `\x1b[${m}$p`);
        probing = false;
        const r = /\x1b\[\??\d+;(\d)\$y/.exec(probe);
        const val = r ? +r[1] : 0;
        if (val === 0) break;
        const got = val === 1 || val === 3 ? 1 : 0;
        check(s, 'mode', got === +a[1].text, `${m} ${a[1].text}`, got);
        break;
      }
      case 'expect-mouse': {
        const tr = { none: 'off', x10: 'x10', vt200: 'normal', drag: 'button', any: 'any' }[t.modes.mouseTrackingMode];
        const enc = { DEFAULT: 'default', SGR: 'sgr', SGR_PIXELS: 'sgr-pixels' }[core.coreMouseService.activeEncoding] ?? core.coreMouseService.activeEncoding;
        check(s, 'mouse-tracking', tr === a[0].text, a[0].text, tr);
        check(s, 'mouse-encoding', enc === a[1].text, a[1].text, enc);
        break;
      }
      case 'expect-alt-screen': {
        const got = t.buffer.active.type === 'alternate' ? 1 : 0;
        check(s, 'alt-screen', got === +a[0].text, a[0].text, got);
        break;
      }
      case 'expect-keypad': {
        const got = t.modes.applicationKeypadMode ? 'app' : 'normal';
        check(s, 'keypad', got === a[0].text, a[0].text, got);
        break;
      }
      case 'expect-title':
        check(s, 'title', title === a[0].text, vis(a[0].text), vis(title));
        break;
      case 'expect-bell':
        check(s, 'bell', bells === +a[0].text, a[0].text, bells);
        break;
      case 'expect-replies':
      case 'expect-replies-like': {
        const exp = a[0].text;
        const ok = s.d === 'expect-replies' ? replies === exp : glob(exp, replies);
        check(s, s.d.slice(7), ok, vis(exp), vis(replies));
        replies = '';
        break;
      }
      default:
        break; // find, unhandled-count: tessera's own; icon, clipboard: xterm.js keeps none
    }
  }
  t.dispose();
  return results;
}
