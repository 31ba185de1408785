// Replaying a recording on one adapter with a dump at every checkpoint, and comparing
// two backends' screens: the text of every row (trailing blanks dropped), the cursor's
// position, its visibility and the alternate-screen flag where both report them.
import { writesOf } from './plan.mjs';
import { AdapterError } from './protocol.mjs';
import { trimRow } from './expect.mjs';

// Checkpoints per batch of commands: one round trip for this many dumps.
export const BATCH = 64;
const SCREEN_ONLY = { screenOnly: true };

/** A dump as what the differentials compare: {rows, cursor: {row, col, visible?}, altScreen?}. */
export function screenOf(dump) {
  const { row, col, visible } = dump.cursor;
  return {
    rows: dump.rows.map(trimRow),
    cursor: visible === undefined ? { row, col } : { row, col, visible },
    ...(dump.altScreen === undefined ? {} : { altScreen: dump.altScreen }),
  };
}

/**
 * What differs between the reference's screen and another's, or null when nothing does:
 * {rows: [index], cursor?: true, visible?: true, altScreen?: true}.
 */
export function screenDiff(ref, other) {
  const rows = [];
  for (let i = 0; i < Math.max(ref.rows.length, other.rows.length); i++) if (ref.rows[i] !== other.rows[i]) rows.push(i);
  const d = { rows };
  if (ref.cursor.row !== other.cursor.row || ref.cursor.col !== other.cursor.col) d.cursor = true;
  const both = (k, a, b) => a[k] !== undefined && b[k] !== undefined && a[k] !== b[k];
  if (both('visible', ref.cursor, other.cursor)) d.visible = true;
  if (both('altScreen', ref, other)) d.altScreen = true;
  return rows.length || Object.keys(d).length > 1 ? d : null;
}

/** The protocol lines of one action (a feed split as the runner splits long writes). */
export function commandsOf(a) {
  if (a.feed) return [...writesOf(a.feed)].map((w) => `feed ${w.toString('hex')}`);
  if (a.resize) return [`resize ${a.resize.rows} ${a.resize.cols}`];
  return a.reset ? ['reset'] : [];
}

export const openCommand = (rec) => `open ${rec.size.rows} ${rec.size.cols} 1000`;

/**
 * Dumps after each group of actions, in batches: [screen] in order. An AdapterError says
 * in `answered` how many groups had their screen before it.
 */
export async function screensAfter(proc, groups) {
  const screens = [];
  try {
    for (let i = 0; i < groups.length; i += BATCH) {
      const commands = groups.slice(i, i + BATCH).flatMap((g) => [...g.flatMap(commandsOf), 'dump']);
      for (const answer of await proc.dumps(commands, SCREEN_ONLY)) {
        if (answer.unsupported) throw new AdapterError(`backend ${proc.spec.name} answered "unsupported dump": a dump is required`);
        screens.push(screenOf(answer.value));
      }
    }
  } catch (e) {
    if (e instanceof AdapterError) e.answered = screens.length + (e.answered ?? 0);
    throw e;
  }
  return screens;
}

// The events of a recording grouped by checkpoint: the actions fed before each dump.
function checkpointGroups(rec) {
  let from = 0;
  return rec.checkpoints.map((c) => {
    const group = rec.events.slice(from, c + 1);
    from = c + 1;
    return group;
  });
}

/**
 * Replays a recording from a fresh `open`, dumping at every checkpoint. With `against`
 * (the reference's screens), it stops at the end of the first batch holding a
 * divergence. Returns {screens, first}: first is the index of the first checkpoint
 * whose screen differs from `against` (null when none does). An AdapterError says in
 * `checkpoint` how many checkpoints had their screen before it.
 */
export async function replay(proc, rec, against = null) {
  const screens = [];
  try {
    await proc.send(openCommand(rec));
    const groups = checkpointGroups(rec);
    for (let i = 0; i < groups.length; i += BATCH) {
      screens.push(...await screensAfter(proc, groups.slice(i, i + BATCH)));
      if (!against) continue;
      const first = screens.findIndex((s, k) => screenDiff(against[k], s));
      if (first >= 0) return { screens, first };
    }
  } catch (e) {
    if (e instanceof AdapterError) e.checkpoint = screens.length + (e.answered ?? 0);
    throw e;
  }
  return { screens, first: null };
}
