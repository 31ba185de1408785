#!/usr/bin/env node
// Backend adapter: Ghostty's VT core, as npm's ghostty-web (pinned in package-lock.json)
// ships it in ghostty-vt.wasm, behind the contract of corpus/backends/README.md. It
// loads the module itself and calls its C ABI (ghostty_vt.mjs), reads commands on stdin
// strictly (adapter_protocol.mjs) and prints what the ABI exposes:
//  - rows, cells and scrollback: the grapheme cluster, width, colours, and the
//    attributes bold, dim, italic, blink, inverse, hidden, strike and underline. The
//    ABI gives colours as resolved RGB, so the terminal is made with a default
//    foreground, background and 16-colour palette of its own (values no case uses) and
//    each is read back as `default` or its index; an RGB value of one of Ghostty's
//    palette entries 16-255 reads as that index (a direct colour of exactly that value
//    does too). Underline is one flag: any style reads `single` (`known underline`).
//  - the cursor's position and visibility; alt-screen; reverse video (mode ?5); the
//    mouse (Ghostty keeps a bit per mode: the highest tracking mode set; the encoding
//    when one of ?1005 ?1006 ?1015 is set, `default` when none is, left out for ?1016);
//    keypad (mode ?66, which DECKPAM sets); the replies Ghostty queues.
//  - `mode`: Ghostty answers no DECRQM here, so a mode reads 1 or 2 from Ghostty's bit
//    when Ghostty keeps that mode (found once per mode: setting and resetting it on a
//    spare terminal flips the bit), 0 for any other.
// Not exposed, so not printed: cursor shape and blink, the pending wrap, bells, title,
// icon name, clipboard, overline, underline style and colour, protection, the URI of a
// link; no styled rendering or search (`unsupported`). Ghostty rewraps the primary
// screen on every resize (`reflow` changes nothing) and bounds its scrollback in bytes,
// by whole pages: SCROLLBACK lines are handed over as that many rows' worth of bytes,
// and Ghostty keeps at least a page of history. `reset` feeds RIS (ESC c).
// Each `open` gets a fresh instance of the module (ghostty_vt.mjs says why), made when a
// command first needs it. A trap of the module is Ghostty crashing: exit 3 with its message.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { quote } from '../runner/quote.mjs';
import { MalformedLine, parseCommand, inputLines, shownLine } from './adapter_protocol.mjs';
import { GhosttyVt, compile, CELL, CELL_FLAGS, UNDERLINE_FLAG } from './ghostty_vt.mjs';

const NAME = 'ghostty';
const LIMITS = { name: NAME, size: 1000, scrollback: 1000000 };
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let WASM;
try {
  WASM = createRequire(path.join(repo, 'package.json')).resolve('ghostty-web/ghostty-vt.wasm');
} catch {
  process.stderr.write(`${NAME} adapter: ghostty-web is not installed (npm ci at the top of the repository)\n`);
  process.exit(2);
}

// Colours no case uses (r and g outside the 6x6x6 cube's levels, never a grey), each
// read back as what it stands for.
const FOREGROUND = 0x1a2b10, BACKGROUND = 0x1a2b11;
const PALETTE = Array.from({ length: 16 }, (_, i) => 0x1a2b00 + i);
const TRACKING = [[1003, 'any'], [1002, 'button'], [1000, 'normal'], [9, 'x10']];
const ENCODING = [[1005, 'utf8'], [1006, 'sgr'], [1015, 'urxvt'], [1016, null]]; // SGR pixels has no name

const escaped = (s) => s.replace(/[\x00-\x1f\x7f"\\]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
const text = (cps) => cps.map((cp) => (cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '\ufffd')).join('');

function make(vt, rows, cols, scrollback) {
  // Ghostty's limit is in bytes, 0 unbounded: N rows of COLS 8-byte cells (at least 1).
  const bytes = Math.min(0xffffffff, Math.max(1, scrollback * (cols * 8 + 16)));
  return vt.terminal(rows, cols, { scrollbackBytes: bytes, foreground: FOREGROUND, background: BACKGROUND, palette: PALETTE });
}

const rgb = (vt, at) => {
  const b = vt.bytes();
  return (b[at] << 16) | (b[at + 1] << 8) | b[at + 2];
};

class Adapter {
  constructor() {
    this.module = null; // compiled at the first command that needs a terminal
    this.spare = null; // an instance for probing (colours, modes), never for a case
    this.size = null; // the last open's ROWS COLS SCROLLBACK
    this.vt = null;
    this.t = null;
    this.replies = [];
    this.known = new Map(); // "?N" / "N" -> Ghostty keeps the mode
    this.colours = null; // RGB -> protocol colour
  }

  get opened() {
    return this.size !== null;
  }

  open(c) {
    this.size = c;
    this.vt = this.t = null;
    this.replies = [];
  }

  // The terminal of the last open, made now if it was not yet.
  get term() {
    if (!this.t) {
      this.module ??= compile(WASM);
      this.vt = new GhosttyVt(this.module);
      this.t = make(this.vt, this.size.rows, this.size.cols, this.size.scrollback);
    }
    return this.t;
  }

  get probe() {
    this.module ??= compile(WASM);
    return (this.spare ??= new GhosttyVt(this.module));
  }

  // RGB -> the name the protocol gives it, as Ghostty resolves each of the 256 indices.
  colourNames() {
    const t = make(this.probe, 1, 256, 0);
    t.write(Buffer.from(Array.from({ length: 256 }, (_, i) => `\x1b[38;5;${i}mx`).join('')));
    const snap = t.snapshot(), names = new Map();
    for (let i = 255; i >= 0; i--) names.set(rgb(this.probe, snap.cells + i * CELL.bytes + CELL.fg), String(i));
    t.free();
    return names;
  }

  // `fallback`: the RGB Ghostty gives the default colour (swapped under reverse video).
  colour(at, fallback) {
    const v = rgb(this.vt, at);
    return v === fallback ? 'default' : (this.colours.get(v) ?? '#' + v.toString(16).padStart(6, '0'));
  }

  feed(bytes) {
    this.term.write(bytes);
    const r = this.term.replies();
    if (r.length) this.replies.push(r);
  }

  // Whether Ghostty keeps mode N: setting it, then resetting it, on a spare terminal
  // flips the bit Ghostty reports.
  keeps(n, ansi) {
    const key = `${ansi ? '' : '?'}${n}`;
    if (!this.known.has(key)) {
      const t = make(this.probe, 2, 2, 0);
      t.write(Buffer.from(`\x1b[${key}h`));
      const set = t.mode(n, ansi);
      t.write(Buffer.from(`\x1b[${key}l`));
      this.known.set(key, set && !t.mode(n, ansi));
      t.free();
    }
    return this.known.get(key);
  }

  mode(n, ansi) {
    const v = this.keeps(n, ansi) ? (this.term.mode(n, ansi) ? 1 : 2) : 0;
    return `mode ${ansi ? '' : '?'}${n} ${v}`;
  }

  keypad() {
    return this.term.mode(66, false) ? 'app' : 'normal';
  }

  mouse() {
    const tracking = TRACKING.find(([n]) => this.term.mode(n, false))?.[1] ?? 'off';
    const on = ENCODING.filter(([n]) => this.term.mode(n, false));
    const encoding = on.length === 0 ? 'default' : on.length === 1 ? on[0][1] : null;
    return `mouse ${tracking}${encoding ? ' ' + encoding : ''}`;
  }

  // One line of cells at byte offset `at`: its text (a wide character once) and, when
  // `row` is given, the cell lines of every cell that is not a plain blank.
  line(at, count, cluster, row, cells) {
    let out = '';
    for (let col = 0, prevWidth = 1; col < count; col++) {
      const b = this.vt.bytes(), c = at + col * CELL.bytes; // a cluster read may move the memory
      const cp = this.vt.view().getUint32(c, true), flags = b[c + CELL.flags], more = b[c + CELL.more];
      let width = b[c + CELL.width];
      const tail = width === 0 && prevWidth === 2;
      if (width === 0 && !tail) width = 1; // the blank Ghostty leaves before a wide character it wrapped
      prevWidth = width;
      const chars = cp === 0 || tail ? '' : more ? text(cluster(col)) : text([cp]);
      if (!tail) out += chars || ' ';
      if (row === undefined) continue;
      const fg = this.colour(c + CELL.fg, this.reverse ? BACKGROUND : FOREGROUND);
      const bg = this.colour(c + CELL.bg, this.reverse ? FOREGROUND : BACKGROUND);
      if (width === 1 && (chars === '' || chars === ' ') && fg === 'default' && bg === 'default' && flags === 0) continue;
      const attrs = CELL_FLAGS.filter(([bit]) => flags & bit).map(([, name]) => name).join(',') || 'none';
      cells.push(`cell ${row} ${col} "${escaped(chars)}" width ${tail ? 0 : width} fg ${fg} bg ${bg} attrs ${attrs} ` +
        `underline ${flags & UNDERLINE_FLAG ? 'single' : 'none'}`);
    }
    return out;
  }

  dump() {
    this.colours ??= this.colourNames();
    const t = this.term, snap = t.snapshot();
    this.reverse = t.mode(5, false);
    const head = [
      `size ${snap.rows} ${snap.cols}`,
      `cursor ${snap.cursor.row} ${snap.cursor.col} ${snap.cursor.visible ? 'visible' : 'hidden'}`,
      `alt-screen ${t.altScreen() ? 1 : 0}`,
      `reverse-video ${this.reverse ? 1 : 0}`,
      this.mouse(),
      `keypad ${this.keypad()}`,
    ];
    const replies = quote(Buffer.concat(this.replies));
    this.replies = [];
    const body = ['known attrs ' + CELL_FLAGS.map(([, name]) => name).join(','), 'known underline none,single'];
    // The viewport's lines first: reading the scrollback reuses the module's memory.
    const rows = [];
    for (let r = 0; r < snap.rows; r++) {
      const cells = [];
      const s = this.line(snap.cells + r * snap.cols * CELL.bytes, snap.cols, (col) => t.grapheme(r, col), r, cells);
      rows.push(`row ${r} "${escaped(s)}"`, ...cells);
    }
    const history = t.scrollbackLength();
    for (let i = 0; i < history; i++) {
      const l = t.scrollbackLine(i, snap.cols);
      body.push(`scrollback ${i} "${escaped(this.line(l.cells, l.count, (col) => t.scrollbackGrapheme(i, col)))}"`);
    }
    return [Buffer.from(head.join('\n') + '\nreplies ', 'utf8'), replies,
      Buffer.from('\n' + [...body, ...rows, 'end'].join('\n') + '\n', 'utf8')];
  }

  // The answer to one command (Buffers and strings), null at quit.
  run(c) {
    switch (c.name) {
      case 'open': this.open(c); return [];
      case 'quit': return null;
      case 'feed': if (c.bytes.length) this.feed(c.bytes); return [];
      case 'resize': this.term.resize(c.rows, c.cols); return [];
      case 'reset': this.feed(Buffer.from('\x1bc')); return [];
      case 'mode': return [this.mode(c.mode, c.ansi) + '\n'];
      case 'keypad': return [`keypad ${this.keypad()}\n`];
      case 'dump': return this.dump();
      default: return [`unsupported ${c.name}\n`]; // styled, find
    }
  }
}

async function main() {
  const adapter = new Adapter();
  let number = 0, line = '';
  const fail = (what, status) => {
    process.stderr.write(`${NAME} adapter: line ${number}: ${what}: ${shownLine(Buffer.from(line, 'latin1'))}\n`);
    process.exitCode = status;
  };
  for await (line of inputLines(process.stdin)) {
    number++;
    try {
      const out = adapter.run(parseCommand(line, adapter.opened, LIMITS));
      if (out === null) break;
      if (out.length) process.stdout.write(Buffer.concat(out.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p))));
    } catch (e) {
      if (e instanceof MalformedLine) fail(e.message, 2);
      else if (e instanceof WebAssembly.RuntimeError || e instanceof RangeError) {
        const log = adapter.vt?.lastLog ? ` (its last log: ${Buffer.from(adapter.vt.lastLog).toString('utf8')})` : '';
        fail(`ghostty-vt.wasm failed: ${e.message}${log}`, 3);
      } else throw e;
      break;
    }
  }
}

await main();
