// The libvterm witness: runs one screen case through the libvterm backend
// adapter (corpus/backends/libvterm.c, contract in corpus/backends/README.md)
// and records, facet by facet, whether libvterm agrees with each expectation
// it can report. What libvterm 0.1 keeps no state for (dim, hidden, overline,
// dotted and dashed underlines, underline colour, protection in the screen,
// hyperlinks, the pending-wrap flag, the clipboard) stays unwitnessed here.
import { spawnSync } from 'node:child_process';
import { glob, vis, recorder, facetsOf } from './case_file.mjs';

const hex = (bytes) => Buffer.from(bytes).toString('hex');

// The adapter's quoted strings: bytes as UTF-8, \xNN for the escaped ones.
function unquote(s) {
  const body = s.slice(s.indexOf('"') + 1, s.lastIndexOf('"'));
  const parts = body.split(/\\x([0-9a-f]{2})/);
  const bufs = parts.map((p, i) => (i % 2 ? Buffer.from([parseInt(p, 16)]) : Buffer.from(p)));
  return Buffer.concat(bufs).toString('utf8');
}

// One `dump ... end` block as an object.
function parseDump(lines) {
  const d = { rows: [], scrollback: [], cells: new Map() };
  for (const line of lines) {
    const w = line.split(' ');
    switch (w[0]) {
      case 'cursor':
        d.cursor = { row: +w[1], col: +w[2], visible: w[3], blink: w[4], shape: w[6] };
        break;
      case 'row': d.rows[+w[1]] = unquote(line); break;
      case 'scrollback': d.scrollback[+w[1]] = unquote(line); break;
      case 'cell': {
        const q = line.lastIndexOf('"');
        const rest = line.slice(q + 2).split(' ');
        const cell = { chars: unquote(line.slice(0, q + 1)) };
        for (let k = 0; k + 1 < rest.length; k += 2) cell[rest[k]] = rest[k + 1];
        d.cells.set(`${w[1]} ${w[2]}`, cell);
        break;
      }
      case 'title': case 'icon': case 'replies': d[w[0]] = unquote(line); break;
      case 'mouse': d.mouse = w[1]; break; // the tracking; an encoding may follow
      default: d[w[0]] = w.slice(1).join(' ');
    }
  }
  return d;
}

const PLAIN = { chars: '', width: '1', fg: 'default', bg: 'default', attrs: 'none', underline: 'none' };
const cellAt = (d, r, c) => d.cells.get(`${r} ${c}`) ?? PLAIN;
const trimRow = (s) => s.replace(/ +$/, '');

// The styled format of tsr_render_styled, for the attributes libvterm has.
function styleTag(cell) {
  const on = new Set(cell.attrs.split(','));
  const a = [];
  if (on.has('bold')) a.push('bold');
  if (on.has('italic')) a.push('italic');
  if (cell.underline !== 'none') a.push('underline');
  for (const k of ['blink', 'inverse', 'strike']) if (on.has(k)) a.push(k);
  if (cell.fg !== 'default') a.push('fg=' + cell.fg);
  if (cell.bg !== 'default') a.push('bg=' + cell.bg);
  return '{' + a.join(' ') + '}';
}

function styledRow(d, y, cols) {
  const cells = [];
  for (let x = 0; x < cols;) {
    const c = cellAt(d, y, x);
    cells.push(c);
    x += Math.max(1, +c.width);
  }
  let end = 0;
  cells.forEach((c, i) => { if (!((c.chars === '' || c.chars === ' ') && styleTag(c) === '{}')) end = i + 1; });
  let out = '', tag = null;
  for (const c of cells.slice(0, end)) {
    const tg = styleTag(c);
    if (tg !== tag) { out += tg; tag = tg; }
    // A brace of the text is doubled, as in tsr_render_styled.
    out += (c.chars || ' ').replace(/[{}]/g, '$&$&');
  }
  return out;
}

const LIBVTERM_ATTRS = new Set(['bold', 'italic', 'blink', 'inverse', 'strike']);
const LIBVTERM_UNDERLINES = new Set(['none', 'single', 'double', 'curly']);
const TRACKING = { off: 'off', click: 'normal', drag: 'button', move: 'any' };
const ENCODING_MODES = ['?1005', '?1006', '?1015'];

// What each step asks of the adapter: the commands, in order.
function commandsOf(step) {
  const a = step.a;
  switch (step.d) {
    case 'feed': return a.map((t) => `feed ${hex(t.bytes)}`);
    case 'feed-bytewise': return a.flatMap((t) => [...t.bytes].map((b) => `feed ${hex([b])}`));
    case 'feed-repeat': return [`feed ${hex(Buffer.concat(Array(+a[0].text).fill(a[1].bytes)))}`];
    case 'resize': return [`resize ${a[0].text} ${a[1].text}`];
    case 'reset': return ['reset'];
    case 'expect-mode': return [`mode ${a[0].text}`];
    case 'expect-mouse': return [...ENCODING_MODES.map((m) => `mode ${m}`), 'dump'];
    case 'expect-keypad': return ['keypad'];
    default: return step.d.startsWith('expect-') ? ['dump'] : [];
  }
}

// Runs the whole case through the adapter in one process, then splits its
// output into one answer per command that answers.
function runAdapter(adapter, c) {
  const script = [`open ${c.opts.rows} ${c.opts.cols} ${c.opts.scrollback}`,
                  ...c.steps.flatMap(commandsOf)].join('\n') + '\n';
  const r = spawnSync(adapter, [], { input: script, maxBuffer: 1 << 28 });
  if (r.error) throw new Error(`cannot run ${adapter}: ${r.error.message}`);
  if (r.status !== 0) return { failed: `the adapter exited with ${r.status ?? r.signal}: ${r.stderr.toString().trim()}` };
  const lines = r.stdout.toString('utf8').split('\n');
  let i = 0;
  return {
    line: () => lines[i++],
    dump() {
      const block = [];
      while (i < lines.length && lines[i] !== 'end') block.push(lines[i++]);
      i++;
      return parseDump(block);
    },
  };
}

function checkCell(d, s, check) {
  const a = s.a;
  const cell = cellAt(d, +a[0].text, +a[1].text);
  const exp = a[2].text;
  const blankOk = (exp === '' || exp === ' ') && (cell.chars === '' || cell.chars === ' ');
  check(s, 'cell', blankOk || cell.chars === exp, vis(exp), vis(cell.chars));
  for (let k = 3; k < a.length; k++) {
    const key = a[k].text;
    if (['protected', 'unprotected', 'nolink'].includes(key)) continue;
    const v = a[++k]?.text;
    if (key === 'width' || key === 'fg' || key === 'bg') check(s, 'cell-' + key, cell[key] === v, v, cell[key]);
    if (key === 'attrs' && v.split(',').every((x) => x === 'none' || LIBVTERM_ATTRS.has(x)))
      check(s, 'cell-attrs', cell.attrs === v, v, cell.attrs);
    if (key === 'underline' && LIBVTERM_UNDERLINES.has(v))
      check(s, 'cell-underline', cell.underline === v, v, cell.underline);
  }
}

function checkCursor(d, s, check) {
  const a = s.a;
  const cur = d.cursor;
  check(s, 'cursor', cur.row === +a[0].text && cur.col === +a[1].text, `${a[0].text} ${a[1].text}`, `${cur.row} ${cur.col}`);
  for (let k = 2; k < a.length; k++) {
    const w = a[k].text;
    if (w === 'visible' || w === 'hidden') check(s, 'cursor-visible', cur.visible === w, w, cur.visible);
    if (w === 'blink' || w === 'steady') check(s, 'cursor-blink', cur.blink === w, w, cur.blink);
    // libvterm has no "default" shape: DECSCUSR 0 is a block for it.
    if (w === 'shape' && a[++k].text !== 'default') check(s, 'cursor-shape', cur.shape === a[k].text, a[k].text, cur.shape);
  }
}

const modeValue = (line) => +line.split(' ')[2];

export function runCaseLibvterm(adapter, c) {
  const out = runAdapter(adapter, c);
  const { results, check } = recorder(c, 'libvterm');
  if (out.failed) {
    // libvterm itself failing (it has crashed on input) differs everywhere.
    for (const s of c.steps) for (const f of facetsOf(s)) check(s, f, false, 'a state', out.failed);
    return results;
  }
  let replies = '';
  for (const s of c.steps) {
    const a = s.a;
    if (s.d === 'expect-mode') {
      const v = modeValue(out.line());
      if (v !== 0) check(s, 'mode', (v === 1 || v === 3 ? 1 : 0) === +a[1].text, `${a[0].text} ${a[1].text}`, v === 1 || v === 3 ? 1 : 0);
      continue;
    }
    if (s.d === 'expect-keypad') {
      const got = out.line().split(' ')[1];
      if (got !== 'unknown') check(s, 'keypad', got === a[0].text, a[0].text, got);
      continue;
    }
    if (!commandsOf(s).includes('dump')) continue;
    const enc = s.d === 'expect-mouse' ? ENCODING_MODES.map(() => modeValue(out.line())) : null;
    const d = out.dump();
    replies += d.replies;
    switch (s.d) {
      case 'expect-text': {
        const rows = d.rows.map(trimRow);
        while (rows.length && rows[rows.length - 1] === '') rows.pop();
        check(s, 'text', rows.join('\n') === a[0].text, vis(a[0].text), vis(rows.join('\n')));
        break;
      }
      case 'expect-row': {
        const got = trimRow(d.rows[+a[0].text] ?? '');
        check(s, 'row', got === a[1].text, vis(a[1].text), vis(got));
        break;
      }
      case 'expect-exact':
        check(s, 'exact', d.rows.join('\n') === s.block.join('\n'), vis(s.block.join('\n')), vis(d.rows.join('\n')));
        break;
      case 'expect-styled':
        // Only blocks that use no attribute libvterm lacks (dim, hidden).
        if (s.block.some((r) => /\{[^}]*\b(dim|hidden)\b/.test(r))) break;
        for (let y = 0; y < Math.max(d.rows.length, s.block.length); y++) {
          const got = y < d.rows.length ? styledRow(d, y, +d.size.split(' ')[1]) : '';
          check(s, 'styled', got === (s.block[y] ?? ''), `row ${y} ${vis(s.block[y] ?? '')}`, vis(got));
        }
        break;
      case 'expect-scrollback': {
        const got = d.scrollback.map(trimRow).join('\n');
        check(s, 'scrollback', got === s.block.join('\n'), vis(s.block.join('\n')), vis(got));
        break;
      }
      case 'expect-scrollback-lines':
        check(s, 'scrollback-lines', d.scrollback.length === +a[0].text, a[0].text, d.scrollback.length);
        break;
      case 'expect-cursor':
        checkCursor(d, s, check);
        break;
      case 'expect-cell':
        checkCell(d, s, check);
        break;
      case 'expect-mouse': {
        check(s, 'mouse-tracking', TRACKING[d.mouse] === a[0].text, a[0].text, TRACKING[d.mouse]);
        if (enc.includes(0)) break;
        const [utf8, sgr, urxvt] = enc.map((v) => v === 1 || v === 3);
        const got = sgr ? 'sgr' : urxvt ? 'urxvt' : utf8 ? 'utf8' : 'default';
        check(s, 'mouse-encoding', got === a[1].text, a[1].text, got);
        break;
      }
      case 'expect-alt-screen':
        check(s, 'alt-screen', d['alt-screen'] === a[0].text, a[0].text, d['alt-screen']);
        break;
      case 'expect-title':
        check(s, 'title', d.title === a[0].text, vis(a[0].text), vis(d.title));
        break;
      case 'expect-icon':
        check(s, 'icon', d.icon === a[0].text, vis(a[0].text), vis(d.icon));
        break;
      case 'expect-bell':
        check(s, 'bell', d.bell === a[0].text, a[0].text, d.bell);
        break;
      case 'expect-replies':
      case 'expect-replies-like': {
        const ok = s.d === 'expect-replies' ? replies === a[0].text : glob(a[0].text, replies);
        check(s, s.d.slice(7), ok, vis(a[0].text), vis(replies));
        replies = '';
        break;
      }
      default:
        break; // find, unhandled-count: tessera's own; clipboard: libvterm 0.1 keeps none
    }
  }
  return results;
}
