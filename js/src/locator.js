// Strict text locators: lazy descriptions evaluated on a snapshot by the
// core's search (literal, case-sensitive, one row, visible viewport), or,
// for a RegExp, by regex_search.js (one row, visible viewport).

import { findAllRegExp } from './regex_search.js';

export class Locator {
  constructor(session, text, { exact = false, region = null, nth = null } = {}) {
    if (!(text instanceof RegExp) && (typeof text !== 'string' || text === '')) {
      throw new TypeError('getByText(text): text must be a non-empty string or a RegExp');
    }
    this.session = session;
    this.text = text;
    this.exact = !!exact;
    this._region = region;
    this._nth = nth;
  }

  /** The i-th candidate (zero-based, row-major). */
  nth(i) {
    if (!Number.isInteger(i) || i < 0) throw new TypeError(`nth(${i}): a whole number >= 0`);
    return new Locator(this.session, this.text, { exact: this.exact, region: this._region, nth: i });
  }

  /** Only matches wholly inside {column, row, width, height} (zero-based cells). */
  region(r) {
    return new Locator(this.session, this.text, { exact: this.exact, region: { ...r }, nth: this._nth });
  }

  /**
   * Every candidate on a snapshot (before nth), and the match it selects:
   * {candidates, match} where match is null for zero, or for more than one
   * without nth (then `ambiguous` is true).
   */
  resolve(snapshot = this.session.screen) {
    const opts = { exact: this.exact };
    if (this._region) opts.region = this._region;
    const candidates = this.text instanceof RegExp ? findAllRegExp(snapshot, this.text, opts)
      : snapshot.findAll(this.text, opts);
    if (this._nth !== null) return { candidates, match: candidates[this._nth] ?? null, ambiguous: false };
    if (candidates.length > 1) return { candidates, match: null, ambiguous: true };
    return { candidates, match: candidates[0] ?? null, ambiguous: false };
  }

  toString() {
    const what = this.text instanceof RegExp ? String(this.text) : JSON.stringify(this.text);
    let s = `getByText(${what}${this.exact ? ', { exact: true }' : ''})`;
    if (this._region) s += `.region(${JSON.stringify(this._region)})`;
    if (this._nth !== null) s += `.nth(${this._nth})`;
    return s;
  }
}

export const formatRange = (m) => `row ${m.row}, columns ${m.column}..${m.column + m.width - 1}`;
