// Process checks shared by the tests that end sessions in unusual ways:
// whether a pid still runs, which processes this one still has as children,
// and the pid a test program printed as "pid=N".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { expectTerminal } from '../src/index.js';

/** Whether a process exists and is not a zombie. */
export function alive(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try { return readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z'; } catch { return false; }
}

/** Live processes whose parent is `parent` (default: this one). */
export function hostChildren(parent = process.pid) {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      const fields = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[1]) === parent && fields[0] !== 'Z';
    } catch { return false; }
  });
}

/** Waits (up to ms) for a pid to end; true if it did. Process death has no event to wait on. */
export async function ends(pid, ms = 5000) {
  const until = Date.now() + ms;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return !alive(pid);
}

/** The pid a program printed as "pid=N" (waits for it). */
export async function pidOnScreen(terminal) {
  await expectTerminal(terminal.getByText('pid=')).toBePresent();
  return Number(/pid=(\d+)/.exec(terminal.screen.text())[1]);
}
