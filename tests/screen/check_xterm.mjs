// Witness for the screen cases: runs every case file through xterm.js
// headless and compares whatever xterm.js can express (text, exact grid,
// styled rows, cursor, cells, modes via DECRQM, mouse, alternate screen,
// keypad, title, bell, replies, scrollback). A case marked
// `xterm-differs "reason"` is reported as an expected difference; any other
// disagreement is unexplained and makes the exit status non-zero.
//
//   node tests/screen/check_xterm.mjs tests/screen/cases/*.test [-v]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'package.json'));
let Terminal;
try {
  ({ Terminal } = require('@xterm/headless'));
} catch {
  console.error('screen_cases_xterm: cannot run: @xterm/headless is not installed (run npm ci at the top level)');
  process.exit(1);
}

// ---------------------------------------------------------------- lexing
// Same rules as case_lex.c: words, "strings" with C-style escapes, # comments.
function lexLine(s) {
  const toks = [];
  let i = 0;
  for (;;) {
    while (s[i] === ' ' || s[i] === '\t' || s[i] === '\r') i++;
    if (i >= s.length) return toks;
    if (s[i] === '#' && (toks.length === 0 || i + 1 >= s.length || ' \t\r'.includes(s[i + 1]))) return toks;
    if (s[i] !== '"') {
      const st = i;
      while (i < s.length && !' \t\r"'.includes(s[i])) i++;
      toks.push({ text: s.slice(st, i), bytes: Buffer.from(s.slice(st, i)), quoted: false });
      continue;
    }
    i++;
    const out = [];
    for (;;) {
      if (i >= s.length) throw new Error('unterminated string');
      const c = s[i];
      if (c === '"') { i++; break; }
      if (c !== '\\') {
        const cp = s.codePointAt(i);
        out.push(...Buffer.from(String.fromCodePoint(cp)));
        i += cp > 0xffff ? 2 : 1;
        continue;
      }
      const e = s[i + 1];
      const simple = { e: 27, a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '0': 0, '\\': 92, '"': 34 };
      if (e in simple) { out.push(simple[e]); i += 2; continue; }
      if (e === 'x') {
        const h = s.slice(i + 2, i + 4);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new Error('\\x needs two hex digits');
        out.push(parseInt(h, 16)); i += 4; continue;
      }
      if (e === 'u') {
        const m = /^\{([0-9a-fA-F]{1,6})\}/.exec(s.slice(i + 2));
        if (!m) throw new Error('bad \\u{...}');
        out.push(...Buffer.from(String.fromCodePoint(parseInt(m[1], 16))));
        i += 2 + m[0].length; continue;
      }
      throw new Error(`unknown escape \\${e}`);
    }
    const bytes = Buffer.from(out);
    toks.push({ text: bytes.toString('utf8'), bytes, quoted: true });
  }
}

function parseFile(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const cases = [];
  let cur = null;
  for (let n = 0; n < lines.length; n++) {
    const toks = lexLine(lines[n]);
    if (!toks.length) continue;
    if (toks[0].text === 'case') {
      cur = { file, line: n + 1, name: toks[1]?.text ?? '?', steps: [], differs: null,
              opts: { rows: 24, cols: 80, scrollback: 1000, reflow: false } };
      cases.push(cur);
      continue;
    }
    if (!cur) throw new Error(`${file}:${n + 1}: directive outside a case`);
    const step = { line: n + 1, d: toks[0].text, a: toks.slice(1), block: null };
    if (['expect-exact', 'expect-styled', 'expect-scrollback'].includes(step.d)) {
      step.block = [];
      while (n + 1 < lines.length && /^\s*\|/.test(lines[n + 1])) {
        const row = lines[++n].trim();
        step.block.push(row.slice(1, -1));
      }
    }
    if (step.d === 'size') {
      cur.opts.rows = +toks[1].text; cur.opts.cols = +toks[2].text;
      for (let k = 3; k < toks.length; k++) {
        if (toks[k].text === 'reflow') cur.opts.reflow = true;
        if (toks[k].text === 'scrollback') cur.opts.scrollback = +toks[++k].text;
      }
    } else if (step.d === 'xterm-differs') {
      cur.differs = toks[1]?.text ?? '(no reason)';
    } else {
      cur.steps.push(step);
    }
  }
  return cases;
}

// ---------------------------------------------------------------- xterm.js readers
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

function glob(p, s) {
  const re = new RegExp('^' + p.split('*').map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*') + '$');
  return re.test(s);
}

const vis = (s) => {
  const v = JSON.stringify(s).replace(/\\u001b/g, '\\e');
  return v.length > 160 ? `${v.slice(0, 150)}..." (${s.length} chars)` : v;
};

// ---------------------------------------------------------------- running a case
async function runCase(c) {
  const t = new Terminal({ rows: c.opts.rows, cols: c.opts.cols, scrollback: c.opts.scrollback,
                           allowProposedApi: true, logLevel: 'off' });
  let title = '', bells = 0, replies = '', probing = false, probe = '';
  t.onTitleChange((s) => { title = s; });
  t.onBell(() => { bells++; });
  t.onData((d) => { if (probing) probe += d; else replies += d; });
  const core = t._core;
  const diffs = [];
  const mism = (step, what, exp, act) =>
    diffs.push(`${c.file}:${step.line}: ${what}: case expects ${exp}, xterm.js has ${act}`);
  let checked = 0;

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
        checked++;
        if (rows.join('\n') !== a[0].text) mism(s, 'text', vis(a[0].text), vis(rows.join('\n')));
        break;
      }
      case 'expect-row': {
        const b = t.buffer.active;
        const got = rowText(b, b.baseY + +a[0].text, true);
        checked++;
        if (got !== a[1].text) mism(s, `row ${a[0].text}`, vis(a[1].text), vis(got));
        break;
      }
      case 'expect-exact': {
        const got = screenRows(t, false).join('\n');
        checked++;
        if (got !== s.block.join('\n')) mism(s, 'exact grid', vis(s.block.join('\n')), vis(got));
        break;
      }
      case 'expect-styled': {
        checked++;
        for (let y = 0; y < Math.max(t.rows, s.block.length); y++) {
          const got = y < t.rows ? styledRow(t, y) : '';
          const exp = s.block[y] ?? '';
          if (got !== exp) { mism(s, `styled row ${y}`, vis(exp), vis(got)); break; }
        }
        break;
      }
      case 'expect-scrollback':
      case 'expect-scrollback-lines': {
        const nb = t.buffer.normal;
        const lines = [];
        for (let y = 0; y < nb.baseY; y++) lines.push(rowText(nb, y, true));
        checked++;
        if (s.d === 'expect-scrollback-lines') {
          if (lines.length !== +a[0].text) mism(s, 'scrollback lines', a[0].text, lines.length);
        } else if (lines.join('\n') !== s.block.join('\n')) {
          mism(s, 'scrollback', vis(s.block.join('\n')), vis(lines.join('\n')));
        }
        break;
      }
      case 'expect-cursor': {
        const b = t.buffer.active;
        const x = b.cursorX, y = b.cursorY;
        const wrap = x >= t.cols && core.coreService.decPrivateModes.wraparound;
        const col = Math.min(x, t.cols - 1);
        checked++;
        if (y !== +a[0].text || col !== +a[1].text) mism(s, 'cursor', `${a[0].text} ${a[1].text}`, `${y} ${col}`);
        for (let k = 2; k < a.length; k++) {
          const w = a[k].text;
          if (w === 'visible' || w === 'hidden') {
            const v = core.coreService.isCursorHidden ? 'hidden' : 'visible';
            if (v !== w) mism(s, 'cursor visibility', w, v);
          } else if (w === 'wrap' || w === 'nowrap') {
            if ((w === 'wrap') !== wrap) mism(s, 'pending wrap', w, wrap ? 'wrap' : 'nowrap');
          } else if (w === 'shape') {
            const exp = a[++k].text;
            const st = core.coreService.decPrivateModes.cursorStyle ?? 'default';
            if (st !== exp) mism(s, 'cursor shape', exp, st);
          } else if (w === 'blink' || w === 'steady') {
            const bl = core.coreService.decPrivateModes.cursorBlink ?? t.options.cursorBlink;
            const got = bl === undefined ? 'steady' : bl ? 'blink' : 'steady';
            if (got !== w) mism(s, 'cursor blink', w, got);
          }
        }
        break;
      }
      case 'expect-cell': {
        const b = t.buffer.active;
        const line = b.getLine(b.baseY + +a[0].text);
        const cell = line?.getCell(+a[1].text);
        if (!cell) { mism(s, 'cell', 'a cell', 'none'); break; }
        checked++;
        const chars = cell.getChars();
        const exp = a[2].text;
        const blankOk = (exp === '' || exp === ' ') && (chars === '' || chars === ' ');
        if (!blankOk && chars !== exp) mism(s, 'cell cluster', vis(exp), vis(chars));
        for (let k = 3; k < a.length; k++) {
          const key = a[k].text;
          if (['protected', 'unprotected', 'nolink'].includes(key)) continue;
          const v = a[++k]?.text;
          if (key === 'width' && cell.getWidth() !== +v) mism(s, 'cell width', v, cell.getWidth());
          if (key === 'fg' && colorOf(cell, true) !== v) mism(s, 'cell fg', v, colorOf(cell, true));
          if (key === 'bg' && colorOf(cell, false) !== v) mism(s, 'cell bg', v, colorOf(cell, false));
          if (key === 'attrs') {
            const have = [];
            if (cell.isBold()) have.push('bold');
            if (cell.isDim()) have.push('dim');
            if (cell.isItalic()) have.push('italic');
            if (cell.isBlink()) have.push('blink');
            if (cell.isInverse()) have.push('inverse');
            if (cell.isInvisible()) have.push('hidden');
            if (cell.isStrikethrough()) have.push('strike');
            if (cell.isOverline()) have.push('overline');
            const got = have.join(',') || 'none';
            if (got !== v) mism(s, 'cell attrs', v, got);
          }
          if (key === 'underline') {
            const got = cell.isUnderline() ? 'some' : 'none';
            if ((v === 'none') !== (got === 'none')) mism(s, 'cell underline', v, got);
          }
        }
        break;
      }
      case 'expect-mode': {
        // Ask xterm.js itself with DECRQM; 0 (unknown) is not checkable.
        const m = a[0].text, priv = m.startsWith('?');
        probing = true; probe = '';
        await write(t, `\x1b[${m}$p`);
        probing = false;
        const r = /\x1b\[\??\d+;(\d)\$y/.exec(probe);
        const val = r ? +r[1] : 0;
        if (val === 0) break;
        checked++;
        const got = val === 1 || val === 3 ? 1 : 0;
        if (got !== +a[1].text) mism(s, `mode ${priv ? '' : 'ANSI '}${m}`, a[1].text, got);
        break;
      }
      case 'expect-mouse': {
        const tr = { none: 'off', x10: 'x10', vt200: 'normal', drag: 'button', any: 'any' }[t.modes.mouseTrackingMode];
        const enc = { DEFAULT: 'default', SGR: 'sgr', SGR_PIXELS: 'sgr-pixels' }[core.coreMouseService.activeEncoding] ?? core.coreMouseService.activeEncoding;
        checked++;
        if (tr !== a[0].text) mism(s, 'mouse tracking', a[0].text, tr);
        if (enc !== a[1].text) mism(s, 'mouse encoding', a[1].text, enc);
        break;
      }
      case 'expect-alt-screen': {
        const got = t.buffer.active.type === 'alternate' ? 1 : 0;
        checked++;
        if (got !== +a[0].text) mism(s, 'alt screen', a[0].text, got);
        break;
      }
      case 'expect-keypad': {
        const got = t.modes.applicationKeypadMode ? 'app' : 'normal';
        checked++;
        if (got !== a[0].text) mism(s, 'keypad', a[0].text, got);
        break;
      }
      case 'expect-title':
        checked++;
        if (title !== a[0].text) mism(s, 'title', vis(a[0].text), vis(title));
        break;
      case 'expect-bell':
        checked++;
        if (bells !== +a[0].text) mism(s, 'bell count', a[0].text, bells);
        break;
      case 'expect-replies':
      case 'expect-replies-like': {
        const exp = a[0].text;
        checked++;
        const ok = s.d === 'expect-replies' ? replies === exp : glob(exp, replies);
        if (!ok) mism(s, s.d, vis(exp), vis(replies));
        replies = '';
        break;
      }
      default:
        break; // expect-find, expect-unhandled-count, expect-icon, expect-clipboard: ours only
    }
  }
  t.dispose();
  return { diffs, checked };
}

// ---------------------------------------------------------------- main
const args = process.argv.slice(2);
const verbose = args.includes('-v');
const files = args.filter((x) => x !== '-v');
let agree = 0, expected = 0, unexplained = 0, stale = 0, total = 0;
for (const f of files) {
  let cases;
  try {
    cases = parseFile(f);
  } catch (e) {
    console.log(`${f}: cannot parse: ${e.message}`);
    unexplained++;
    continue;
  }
  for (const c of cases) {
    total++;
    const { diffs } = await runCase(c);
    if (diffs.length && c.differs) {
      expected++;
      if (verbose) console.log(`EXPECTED DIFFERENCE ${c.file}:${c.line} ${c.name}: ${c.differs}\n  ${diffs.join('\n  ')}`);
    } else if (diffs.length) {
      unexplained++;
      console.log(`DISAGREE ${c.file}:${c.line} case ${c.name}\n  ${diffs.join('\n  ')}`);
    } else if (c.differs) {
      stale++;
      agree++;
      console.log(`NOTE ${c.file}:${c.line} ${c.name} is marked xterm-differs but xterm.js agrees`);
    } else {
      agree++;
    }
  }
}
console.log(`${total} cases: ${agree} agree with xterm.js, ${expected} expected differences, ${unexplained} unexplained disagreements`);
process.exit(unexplained ? 1 : 0);
