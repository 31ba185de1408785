// What an input action asks of the host besides its bytes, and where a locator action acts.
//
// Readiness: the host's `input` first waits, up to a budget, for the program to be reading
// its terminal (blocked reading, nothing unread), then sends whatever the answer; a program
// already waiting costs one look at /proc. Text on the screen does not mean a program reads:
// bc evaluates a line after echoing it, bash drops keys while it handles Ctrl-C. An action
// takes { now: true } (send at once, Playwright's `force`) or { readyMs } (its own budget);
// the launch's readyBudgetMs is every action's default; else the host's (1000 ms).

const MAX_READY_MS = 86_400_000; // the host's limit

/** The launch's readyBudgetMs, checked (undefined: the host's default). */
export function readyBudget(ms) {
  if (ms === undefined) return undefined;
  if (!Number.isInteger(ms) || ms < 1 || ms > MAX_READY_MS) {
    throw new TypeError(`launch({ readyBudgetMs }): a whole number of ms from 1 to ${MAX_READY_MS}, got ${ms}`);
  }
  return ms;
}

/** The fields of one `input` command that say how long it waits for readiness. */
export function readinessFields(opts, budgetMs, what) {
  const now = opts?.now, ms = opts?.readyMs;
  if (now !== undefined && typeof now !== 'boolean') throw new TypeError(`${what}: now must be true or false, got ${JSON.stringify(now)}`);
  if (ms !== undefined && (!Number.isInteger(ms) || ms < 1 || ms > MAX_READY_MS)) {
    throw new TypeError(`${what}: readyMs must be a whole number of ms from 1 to ${MAX_READY_MS}, got ${ms}`);
  }
  if (now && ms !== undefined) throw new TypeError(`${what}: now and readyMs, one of them (now sends without waiting)`);
  if (now) return { now: true };
  const budget = ms ?? budgetMs;
  return budget === undefined ? {} : { readyMs: budget };
}

/** The host's readiness note on an input (a MARK frame), as its action id and words, or null. */
export function readinessNote(label) {
  const m = /^input (\d+): (.*)$/s.exec(label);
  return m ? { id: Number(m[1]), note: m[2] } : null;
}

/** A mouse `input` field: {action, button, row, col, mods?}. */
export function mouseField(action, row, col, opts = {}, button = opts.button) {
  return { action, row, col, button: button ?? (action === 'move' ? 'none' : 'left'), ...(opts.mods ? { mods: opts.mods } : {}) };
}

/** The inputs of a mouse action at one cell: a wheel turn, a click, or two clicks (the second sent at once). */
export function mouseInputs(kind, row, col, opts) {
  if (kind.startsWith('wheel ')) return [{ mouse: mouseField('wheel', row, col, opts, kind === 'wheel up' ? 'wheelup' : 'wheeldown') }];
  const click = { mouse: mouseField('click', row, col, opts) };
  // A double click is two clicks close in time: the second never waits for readiness.
  return kind === 'dblclick' ? [click, { ...click, now: true }] : [click];
}
