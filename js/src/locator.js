// Strict text locators: lazy descriptions evaluated on a snapshot by the
// core's search (literal, case-sensitive, one row, visible viewport), or,
// for a RegExp, by regex_search.js (one row, visible viewport). With
// { style }, only matches whose every cell looks so count (style_match.js):
// a highlighted menu row is "Banana" with bg=4, not any "Banana".
// On a live Terminal a locator is also a place to act: click(), dblclick()
// and wheel() at the middle cell of its one match (terminal.js).

import { findAllRegExp } from './regex_search.js';
import { matchLooks, parseStyle, styleLiteral, styleObject, wantsNothing } from './style_match.js';

export class Locator {
  constructor(session, text, { exact = false, region = null, nth = null, style = null } = {}) {
    if (!(text instanceof RegExp) && (typeof text !== 'string' || text === '')) {
      throw new TypeError('getByText(text): text must be a non-empty string or a RegExp');
    }
    this.session = session;
    this.text = text;
    this.exact = !!exact;
    this._region = region;
    this._nth = nth;
    const want = style === null || style === undefined ? null : parseStyle(style, 'getByText(text, { style })');
    this._style = want && !wantsNothing(want) ? want : null;
  }

  _with(changes) {
    return new Locator(this.session, this.text, { exact: this.exact, region: this._region, nth: this._nth,
      style: this._style && styleObject(this._style), ...changes });
  }

  /** The i-th candidate (zero-based, row-major). */
  nth(i) {
    if (!Number.isInteger(i) || i < 0) throw new TypeError(`nth(${i}): a whole number >= 0`);
    return this._with({ nth: i });
  }

  /** Only matches wholly inside {column, row, width, height} (zero-based cells). */
  region(r) {
    return this._with({ region: { ...r } });
  }

  /**
   * Every candidate on a snapshot (before nth), and the match it selects:
   * {candidates, match} where match is null for zero, or for more than one
   * without nth (then `ambiguous` is true).
   */
  resolve(snapshot = this.session.screen) {
    const opts = { exact: this.exact };
    if (this._region) opts.region = this._region;
    let candidates = this.text instanceof RegExp ? findAllRegExp(snapshot, this.text, opts)
      : snapshot.findAll(this.text, opts);
    if (this._style) candidates = candidates.filter((m) => matchLooks(snapshot, m, this._style));
    if (this._nth !== null) return { candidates, match: candidates[this._nth] ?? null, ambiguous: false };
    if (candidates.length > 1) return { candidates, match: null, ambiguous: true };
    return { candidates, match: candidates[0] ?? null, ambiguous: false };
  }

  /** Clicks (left button) the middle cell of the one match, once there is exactly one. */
  click(opts) { return this._act('click', opts); }
  /** Two clicks there, the second at once after the first. */
  dblclick(opts) { return this._act('dblclick', opts); }
  /** Turns the wheel ('up' or 'down') over the middle cell of the one match. */
  wheel(direction = 'down', opts) {
    if (direction !== 'up' && direction !== 'down') {
      return Promise.reject(new TypeError(`wheel(direction): 'up' or 'down', got ${JSON.stringify(direction)}`));
    }
    return this._act(`wheel ${direction}`, opts);
  }

  _act(kind, opts) {
    if (typeof this.session._actAt !== 'function') {
      return Promise.reject(new TypeError(`${kind}(): only a live terminal (launch) can be clicked; this locator is on a replay`));
    }
    return this.session._actAt(this, kind, opts);
  }

  toString() {
    const what = this.text instanceof RegExp ? String(this.text) : JSON.stringify(this.text);
    const opts = [];
    if (this.exact) opts.push('exact: true');
    if (this._style) opts.push(`style: ${styleLiteral(this._style)}`);
    let s = `getByText(${what}${opts.length ? `, { ${opts.join(', ')} }` : ''})`;
    if (this._region) s += `.region(${JSON.stringify(this._region)})`;
    if (this._nth !== null) s += `.nth(${this._nth})`;
    return s;
  }
}

export const formatRange = (m) => `row ${m.row}, columns ${m.column}..${m.column + m.width - 1}`;

/** Where a click on a match lands: its middle cell (the left one of two), as tapes click. */
export const middleOf = (m) => ({ row: m.row, col: m.column + Math.floor((m.width - 1) / 2) });
