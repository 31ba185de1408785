// expectTerminal(): the six assertions of the seed
// (assertions-and-locators.md) over a Session's revisions, toHaveStyle (how
// a match looks, style_match.js) and the negations that can pass at a
// moment (.not.toBePresent, .not.toBeAbsent, .not.toHaveStyle). No polling: each
// assertion evaluates the newest revision, then sleeps until the next
// revision, the end of the program, the end of its settle window or its
// deadline, whichever is first. Live sessions wait on the real monotonic
// clock, replays on the recording's virtual clock, through the same code.

// node:assert's AssertionError in Node (what test runners recognise); Error elsewhere.
// (Browsers are not even asked for node:assert: a failed fetch is logged as a page error.)
class PlainAssertionError extends Error {
  constructor({ message }) { super(message); this.name = 'AssertionError'; this.code = 'ERR_ASSERTION'; }
}
const AssertionError = globalThis.process?.versions?.node
  ? await import('node:assert').then((m) => m.AssertionError, () => PlainAssertionError)
  : PlainAssertionError;
import { screenSection } from './diagnostics.js';
import { HistoryEvictedError } from './errors.js';
import { Locator, formatRange } from './locator.js';
import { Session } from './session.js';
import { describeMatchStyle, describeStyle, matchLooks, parseStyle, styleLiteral, wantsNothing } from './style_match.js';

const DEFAULT_SETTLE_MS = 100;
const ms2ns = (ms) => BigInt(Math.round(ms * 1e6));
const max = (a, b) => (a > b ? a : b);
const min = (a, b) => (a < b ? a : b);

/** An assertion that failed: what was expected, of what, the screen and the candidates. */
export class TerminalAssertionError extends AssertionError {
  constructor(details) {
    super({ message: formatFailure(details), operator: details.assertion });
    this.assertion = details.assertion;
    /** Why it failed, and what was expected (the message's first two lines, in words). */
    this.reason = details.reason;
    this.expectation = details.expected;
    this.locator = details.locator ? String(details.locator) : null;
    this.timeoutMs = details.timeoutMs;
    this.candidates = details.candidates ?? [];
    this.snapshot = details.snapshot ?? null;
    this.exitStatus = details.exitStatus ?? null;
  }
}

function formatFailure(d) {
  const target = d.locator ? `expectTerminal(${d.locator})` : 'expectTerminal(terminal)';
  const parts = [`${target}.${d.assertion}() failed: ${d.reason}`, `  expected: ${d.expected}`];
  if (d.timeoutMs !== undefined) parts.push(`  timeout: ${d.timeoutMs} ms`);
  if (d.ended) parts.push(`  program: ${d.ended}`);
  if (d.candidates?.length) parts.push(`  candidates: ${d.candidates.map(formatRange).join('; ')}`);
  if (d.note) parts.push(d.note.replace(/^/gm, '  '));
  parts.push(screenSection(d.snapshot, 'failure'));
  return parts.join('\n');
}

export function expectTerminal(target) {
  if (target instanceof Locator) return new TerminalExpectation(target.session, target);
  if (target instanceof Session) return new TerminalExpectation(target, null);
  if (target?.session instanceof Session) return new TerminalExpectation(target.session, null); // a Recording
  throw new TypeError('expectTerminal(target): a Terminal, a replay, a recording or a locator (terminal.getByText(...))');
}

// What .not cannot mean, by assertion: each would pass only by doing nothing until its timeout,
// or proves nothing. (.not.toBePresent() is toBeAbsent(), .not.toBeAbsent() is toBePresent(),
// .not.toHaveStyle() waits for the one match to have a cell without the style.)
const NOT_UNSUPPORTED = {
  toHaveShown: 'no revision showing it could only be known by sitting out the whole timeout; check the screen as it is now with expectTerminal(terminal).toSatisfy((s) => !...)',
  toHaveShownText: 'no revision showing the text could only be known by sitting out the whole timeout; use expectTerminal(terminal.getByText(text)).toBeAbsent()',
  toBeStable: 'a screen that keeps changing has no moment to pass at; assert what it should show instead',
  toSatisfy: 'negate the predicate instead: toSatisfy((snapshot) => !...)',
  toMatchSnapshot: 'a screen that differs from a golden file says nothing about what it shows; assert what it should show instead',
};

class TerminalExpectation {
  constructor(session, locator, negated = false) {
    this.session = session;
    this.locator = locator;
    this.negated = negated;
  }

  /** The negated assertions: .not.toBePresent(), .not.toBeAbsent(), .not.toHaveStyle(style). */
  get not() { return new TerminalExpectation(this.session, this.locator, !this.negated); }

  _fail(assertion, reason, expected, opts, extra = {}) {
    const s = this.session;
    return new TerminalAssertionError({
      assertion, reason, expected, locator: this.locator, timeoutMs: opts.timeoutMs,
      snapshot: extra.snapshot ?? s.screen, candidates: extra.candidates, note: extra.note,
      ended: s.ended ? s.describeEnd() : null, exitStatus: s.exitStatus,
    });
  }

  // The assertion's name as the failure and the trace show it.
  _name(name) { return this.negated ? `not.${name}` : name; }

  // For .nth(i) past the last candidate: how many there were.
  _shortOfNth(result) {
    const i = this.locator?._nth ?? null;
    const n = result.candidates?.length ?? 0;
    return i !== null && !result.ok && n <= i ? `: ${n} match${n === 1 ? '' : 'es'}, index ${i}` : '';
  }

  _needLocator(name) {
    if (!this.locator) throw new TypeError(`${name}() needs a locator: expectTerminal(terminal.getByText(...)).${name}()`);
    return this.locator;
  }

  _opts(opts, settle) {
    const o = { timeoutMs: opts.timeoutMs ?? this.session.timeoutMs };
    if (settle) o.settleMs = opts.settleMs ?? DEFAULT_SETTLE_MS;
    return o;
  }

  /**
   * The shared wait: `judge(snapshot)` -> {ok, ambiguous, candidates} (cached
   * per revision, as revisions are immutable). With settleMs, an ok result
   * must also hold while the screen stays unchanged for settleMs, measured
   * from the newest revision's time (the last visual change), never before the
   * session's settle floor (its first output, its last action).
   */
  async _converge(name, expected, opts, judge, { settleFrom } = {}) {
    const s = this.session;
    const settleNs = opts.settleMs ? ms2ns(opts.settleMs) : 0n;
    const deadline = s.nowNs() + ms2ns(opts.timeoutMs);
    const stats = { evaluations: 0, wakeups: 0, revision: 0 };
    let seq = -1, result = null;
    for (;;) {
      if (s.failure) throw s.failure;
      const snap = s.screen;
      if (snap.seq !== seq) {
        seq = snap.seq;
        stats.evaluations++;
        result = judge(snap);
      }
      const now = s.nowNs();
      if (result.ambiguous) {
        throw this._fail(name, `${result.candidates.length} matches; a strict locator needs exactly one (use .nth(i) or .region(...))`,
          expected, opts, { snapshot: snap, candidates: result.candidates });
      }
      let waitUntil = deadline;
      const floor = settleNs ? s.settleFloorNs() : 0n;
      if (result.ok && floor !== null) {
        const since = settleFrom ? settleFrom(snap, now, floor) : max(snap.timeNs, floor);
        const readyAt = since + settleNs;
        // After the exit the screen cannot change: the final snapshot has settled.
        if (!settleNs || s.ended || now >= readyAt) { stats.revision = snap.seq; return stats; }
        waitUntil = min(readyAt, deadline);
      } else if (s.ended) {
        throw this._fail(name, `the program ended and its final screen does not meet the condition${this._shortOfNth(result)}`,
          expected, opts, { snapshot: snap, candidates: result.candidates, note: result.note });
      }
      if (now >= deadline) {
        const why = !result.ok ? `timed out after ${opts.timeoutMs} ms${this._shortOfNth(result)}`
          : floor === null ? `timed out after ${opts.timeoutMs} ms: the program has printed nothing, so its screen has not settled`
            : `timed out after ${opts.timeoutMs} ms: the condition held but the screen did not stay unchanged for ${opts.settleMs} ms`;
        throw this._fail(name, why, expected, opts, { snapshot: snap, candidates: result.candidates,
          note: result.ok ? undefined : result.note });
      }
      await s.waitForChange(waitUntil);
      stats.wakeups++;
    }
  }

  /** The locator matches exactly once (readiness, first appearance); .not: toBeAbsent(). */
  toBePresent(opts = {}) {
    return this.negated ? this._absent('not.toBePresent', opts) : this._present('toBePresent', opts);
  }

  _present(name, opts) {
    const loc = this._needLocator(name);
    const o = this._opts(opts, false);
    return this._converge(name, 'the locator to match exactly once', o, (snap) => {
      const r = loc.resolve(snap);
      return { ok: !!r.match, ambiguous: r.ambiguous, candidates: r.candidates };
    });
  }

  /**
   * The locator matches exactly once on a screen unchanged for settleMs
   * (default 100); on a terminal, the screen is unchanged for settleMs.
   */
  toBeStable(opts = {}) {
    const o = this._opts(opts, true);
    const loc = this.locator;
    return this._converge('toBeStable', loc ? `the locator to match exactly once on a screen unchanged for ${o.settleMs} ms`
      : `the screen to stay unchanged for ${o.settleMs} ms`, o, (snap) => {
      // While the program holds synchronized output (2026) the screen is mid-update.
      if (snap.modes.synchronized_output) return { ok: false };
      if (!loc) return { ok: true };
      const r = loc.resolve(snap);
      return { ok: !!r.match, ambiguous: r.ambiguous, candidates: r.candidates };
    });
  }

  /**
   * The locator stays absent for settleMs (default 100); reappearing restarts the window.
   * .not: toBePresent().
   */
  toBeAbsent(opts = {}) {
    return this.negated ? this._present('not.toBeAbsent', opts) : this._absent('toBeAbsent', opts);
  }

  _absent(name, opts) {
    const loc = this._needLocator(name);
    const o = this._opts(opts, true);
    const s = this.session, screen = s.engineScreen;
    const settleNs = ms2ns(o.settleMs);
    const presence = new Map(); // seq -> present (revisions never change)
    const presentAt = (snap) => {
      if (!presence.has(snap.seq)) {
        const r = loc.resolve(snap);
        presence.set(snap.seq, r.ambiguous || !!r.match);
      }
      return presence.get(snap.seq);
    };
    // Absent since the revision after the newest one that showed the locator;
    // the walk back stops once a revision older than the window is absent too.
    const absentSince = (newest, now, floor) => {
      let since = max(newest.timeNs, floor);
      for (let k = newest.seq - 1; k >= screen.oldestRevision; k--) {
        if (since + settleNs <= now) break;
        const snap = screen.revisionAt(k);
        if (presentAt(snap)) break;
        since = max(snap.timeNs, floor);
      }
      return since;
    };
    return this._converge(name, `the locator to stay absent for ${o.settleMs} ms`, o, (snap) => {
      const r = loc.resolve(snap);
      presence.set(snap.seq, r.ambiguous || !!r.match);
      return { ok: !presentAt(snap), candidates: r.candidates };
    }, { settleFrom: absentSince });
  }

  /**
   * Every cell of the locator's one match has the style ({ fg, bg, bold, ... }: style_match.js),
   * waited for like toBePresent. .not: the match is there and some cell lacks the style.
   */
  toHaveStyle(style, opts = {}) {
    const name = this._name('toHaveStyle');
    const loc = this._needLocator(name);
    const want = parseStyle(style, `${name}(style)`);
    if (wantsNothing(want)) throw new TypeError(`${name}(style): name at least one of fg, bg, bold, ... (an empty style matches anything)`);
    const o = this._opts(opts, false);
    const words = describeStyle(want);
    const expected = this.negated ? `the locator to match exactly once, some cell of it without ${words}`
      : `the locator to match exactly once, every cell of it with ${words}`;
    return this._converge(name, expected, o, (snap) => {
      const r = loc.resolve(snap);
      if (!r.match) return { ok: false, ambiguous: r.ambiguous, candidates: r.candidates, note: r.ambiguous ? undefined : 'no match on the screen' };
      const ok = matchLooks(snap, r.match, want) !== this.negated;
      return { ok, candidates: r.candidates, note: `the match (${formatRange(r.match)}) looks: ${describeMatchStyle(snap, r.match)}` };
    });
  }

  /** predicate(snapshot) holds on a screen unchanged for settleMs (default 100). */
  toSatisfy(predicate, opts = {}) {
    if (typeof predicate !== 'function') throw new TypeError('toSatisfy(predicate): a function of a ScreenSnapshot');
    const o = this._opts(opts, true);
    return this._converge('toSatisfy', `the predicate to hold on a screen unchanged for ${o.settleMs} ms`, o,
      (snap) => ({ ok: !!predicate(snap) }));
  }

  /**
   * The settled screen (unchanged for settleMs, default 100) matches the golden file
   * __snapshots__/NAME.txt beside the test file (or in options.dir). It is compared once,
   * when the screen has settled, by the native `tessera golden` (golden_command.js): a
   * difference fails at once. With TESSERA_UPDATE=1 the settled screen's exact grid is
   * written there instead.
   */
  async toMatchSnapshot(name, opts = {}) {
    if (this.locator) throw new TypeError('toMatchSnapshot() applies to a terminal: expectTerminal(terminal).toMatchSnapshot(name)');
    if (typeof name !== 'string' || !name || name.startsWith('/') || name.split(/[\\/]/).includes('..')) {
      throw new TypeError(`toMatchSnapshot(name): a non-empty relative name without '..', got ${JSON.stringify(name)}`);
    }
    const caller = opts.dir ? null : callerFile(new Error().stack); // before any await: the test's frame is on the stack
    const [fs, path, url, golden] = await Promise.all([import('node:fs/promises'), import('node:path'),
      import('node:url'), import('./golden_command.js')]);
    if (!opts.dir && !caller) throw new TypeError('toMatchSnapshot(): cannot tell the test file from the stack; pass { dir }');
    const dir = opts.dir ? path.resolve(String(opts.dir)) : path.join(path.dirname(url.fileURLToPath(caller)), '__snapshots__');
    const file = path.join(dir, `${name}.txt`);
    const o = this._opts(opts, true);
    const update = globalThis.process?.env?.TESSERA_UPDATE === '1';
    if (!update) {
      try {
        await fs.access(file, fs.constants.R_OK);
      } catch (e) {
        throw this._fail('toMatchSnapshot', `cannot read the golden file: ${e.code ?? e.message} (write it with TESSERA_UPDATE=1)`,
          `the screen to match ${file}`, o);
      }
    }
    const expected = update ? `the screen to stay unchanged for ${o.settleMs} ms, to be written to ${file}`
      : `the screen, once unchanged for ${o.settleMs} ms, to match ${file}`;
    // Mid-update (synchronized output held) is not settled.
    const stats = await this._converge('toMatchSnapshot', expected, o, (snap) => ({ ok: !snap.modes.synchronized_output }));
    const snap = this.session.engineScreen.revisionAt(stats.revision);
    const screen = `${snap.snapshot()}\n`;
    if (update) {
      const r = await golden.writeGolden(file, screen);
      if (!r.ok) throw this._fail('toMatchSnapshot', r.reason, expected, o, { snapshot: snap });
      return { ...stats, file, updated: true };
    }
    const r = await golden.compareGolden(file, screen);
    if (!r.same) {
      const error = this._fail('toMatchSnapshot', r.reason, expected, o, { snapshot: snap, note: r.diff });
      if (r.diff) error._expectedFile = file; // the report shows it beside the screen
      throw error;
    }
    return { ...stats, file, updated: false };
  }

  _baseline(name, since) {
    const s = this.session;
    let base;
    if (since === undefined || since === null) base = s.lastAction?.revision ?? 0;
    else if (typeof since === 'number') base = since;
    else if (typeof since?.revision === 'number') base = since.revision;
    else throw new TypeError(`${name}({ since }): an action receipt or a revision number`);
    const oldest = s.engineScreen.oldestRevision;
    if (base < oldest) {
      throw new HistoryEvictedError(`${name}(): the baseline revision ${base} is no longer kept ` +
        `(history holds ${oldest}..${s.revision}); raise the history limits (launch({ history }))`,
      { baseline: base, oldestRevision: oldest });
    }
    return base;
  }

  /**
   * Some revision made after the action (since: a receipt or revision;
   * default the latest action) satisfied predicate(snapshot), even if it is
   * gone from the screen now.
   */
  async toHaveShown(predicate, opts = {}) {
    if (typeof predicate !== 'function') throw new TypeError('toHaveShown(predicate): a function of a ScreenSnapshot');
    return this._shown('toHaveShown', 'some revision after the baseline to satisfy the predicate', predicate, opts);
  }

  /** Some revision made after the action showed text (literal, one row; exact as for locators). */
  async toHaveShownText(text, opts = {}) {
    if (typeof text !== 'string' || !text) throw new TypeError('toHaveShownText(text): a non-empty string');
    const find = { exact: !!opts.exact };
    return this._shown('toHaveShownText', `some revision after the baseline to show ${JSON.stringify(text)}`,
      (snap) => snap.findAll(text, find).length > 0, opts);
  }

  async _shown(name, expected, predicate, opts) {
    if (this.locator) throw new TypeError(`${name}() applies to a terminal: expectTerminal(terminal).${name}(...)`);
    const s = this.session, screen = s.engineScreen;
    const o = this._opts(opts, false);
    const base = this._baseline(name, opts.since);
    const deadline = s.nowNs() + ms2ns(o.timeoutMs);
    const stats = { evaluations: 0, wakeups: 0, revision: -1, baseline: base };
    let error = null;
    const check = (seq) => {
      if (stats.revision >= 0 || error) return;
      try {
        stats.evaluations++;
        if (predicate(screen.revisionAt(seq))) stats.revision = seq;
      } catch (e) { error = e; }
    };
    // Subscribed before the scan, both synchronous: every revision is seen once,
    // while it is still kept.
    const unsub = s.subscribe((ev) => { if (ev.type === 'revision') check(ev.seq); });
    try {
      for (let k = base + 1; k <= s.revision; k++) check(k);
      for (;;) {
        if (error) throw error;
        if (stats.revision >= 0) return stats;
        if (s.failure) throw s.failure;
        const why = s.ended ? `the program ended; no revision ${base + 1}..${s.revision} matched`
          : s.nowNs() >= deadline ? `timed out after ${o.timeoutMs} ms; no revision ${base + 1}..${s.revision} matched` : null;
        if (why) throw this._fail(name, why, expected, o);
        await s.waitForChange(deadline);
        stats.wakeups++;
      }
    } finally {
      unsub();
    }
  }
}

// The file of the first stack frame outside this package's src/ (the test
// that called the assertion), as a file: URL; null if there is none.
const srcUrl = new URL('.', import.meta.url).href;
function callerFile(stack) {
  for (const line of String(stack).split('\n').slice(1)) {
    const m = /(?:\(|at )((?:file:\/\/|\/)[^()]*?):\d+:\d+\)?$/.exec(line.trim());
    if (!m) continue;
    const where = m[1].startsWith('/') ? `file://${m[1]}` : m[1];
    if (!where.startsWith(srcUrl)) return where;
  }
  return null;
}

// Every assertion of a live Terminal is a step of its trace (web/README.md "Marks"): a
// start mark, and an end mark with its verdict; a TerminalAssertionError also writes the
// failure artifacts (artifacts.js) at that step, and the error names their folder.
const ASSERTIONS = ['toBePresent', 'toBeStable', 'toBeAbsent', 'toSatisfy', 'toMatchSnapshot',
  'toHaveShown', 'toHaveShownText', 'toHaveStyle'];
// What a step says it checks: the call as written, its functions and options left out.
const describeCall = (target, name, args) => `expectTerminal(${target}).${name}(${args
  .map((a, i) => (typeof a === 'string' ? JSON.stringify(a)
    : name.endsWith('toHaveStyle') && i === 0 ? styleLiteral(parseStyle(a, name)) : null))
  .filter((a) => a !== null).join(', ')})`;

for (const name of ASSERTIONS) {
  const original = TerminalExpectation.prototype[name];
  TerminalExpectation.prototype[name] = function traced(...args) {
    if (this.negated && NOT_UNSUPPORTED[name]) throw new TypeError(`.not.${name}(): ${NOT_UNSUPPORTED[name]}`);
    const s = this.session;
    if (!s?._trace) return original.apply(this, args);
    const caller = callerFile(new Error().stack); // the test's file, while its frame is on the stack
    const call = describeCall(this.locator ?? 'terminal', this._name(name), args);
    // Synchronous misuse throws here, before the step; the assertion's first look at the
    // screen is synchronous too, so no frame comes between it and the start mark.
    const running = original.apply(this, args);
    const step = s._beginStep(call);
    return Promise.resolve(running).then((value) => {
      step.passed(value?.revision >= 0 ? `revision ${value.revision}` : undefined);
      return value;
    }, async (error) => {
      step.failed(error instanceof TerminalAssertionError ? error.reason : error.message);
      if (error instanceof TerminalAssertionError) {
        // The journal as it stands at the end mark: output that comes later could push the
        // mark out of the trace's bound before the artifacts are written. A drop that took
        // the mark itself opens them at the earliest screen kept (trace.js failureAt).
        const journal = s._trace.encode(s._screen.abi), { dropped, maxBytes } = s._trace;
        await attachArtifacts(s, error, { at: s._trace.failureAt(step.index), call, caller, journal, dropped, maxBytes });
      }
      throw error;
    });
  };
}

// Writes the artifacts of a failed assertion and names their folder in the error.
async function attachArtifacts(session, error, { at, call, caller, journal, dropped, maxBytes }) {
  try {
    const [url, { writeArtifacts }] = await Promise.all([import('node:url'), import('./artifacts.js')]);
    error.artifacts = await writeArtifacts(session, {
      ...at, journal,
      name: session.options?.test?.name, testFile: caller ? url.fileURLToPath(caller) : undefined,
      reason: error.message, expectation: `${call}: ${error.expectation}`, expectedFile: error._expectedFile,
    });
    error.message += `\n  artifacts: ${error.artifacts}`;
    if (dropped) {
      error.message += ` (its trace keeps the last ${maxBytes} bytes: the first ${dropped.frames} frames, ` +
        `${dropped.bytes} bytes, were dropped)`;
    }
  } catch (e) {
    error.message += `\n  artifacts: not written: ${e.message}`;
  }
}
