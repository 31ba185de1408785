// `tessera view --open`: the WASI command writes the page but cannot start a process, so
// --open is taken out here, the command runs with its stdout kept, and then xdg-open is
// started on the page's path (its first line), as the native command does.
import { spawn } from 'node:child_process';
import { runCli, runCliCaptured } from './cli.js';

// view's arguments without --open (flags end at "--"; --out and --expected take a value),
// and whether a page is to be opened (not when only the help is asked for).
function withoutOpen(args) {
  const rest = [];
  let open = false, help = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') { rest.push(...args.slice(i)); break; }
    if (a === '--open') { open = true; continue; }
    if (a === '--help' || a === '-h') help = true;
    rest.push(a);
    if ((a === '--out' || a === '--expected') && i + 1 < args.length) rest.push(args[++i]);
  }
  return { rest, open: open && !help };
}

// Resolves once xdg-open has ended; a missing or failing opener is said on stderr, as
// native-host/viewer/cmd_view.c says it, and is not an error.
function openPage(path) {
  return new Promise((resolve) => {
    let ended = false; // 'error' and 'exit' may both come
    const done = (ok) => {
      if (ended) return;
      ended = true;
      if (!ok) process.stderr.write(`tessera: view: xdg-open could not open the page: open ${path} in a browser\n`);
      resolve();
    };
    const opener = spawn('xdg-open', [path], { stdio: 'ignore', detached: true });
    opener.once('error', () => done(false));
    opener.once('exit', (code) => done(code === 0));
  });
}

/** Runs `tessera view ARGS...` (args after "view"); returns the exit code. */
export async function runView(args) {
  const { rest, open } = withoutOpen(args);
  if (!open) return runCli(['view', ...rest]);
  const r = await runCliCaptured(['view', ...rest], { stderr: 'inherit' });
  process.stdout.write(r.stdout);
  const page = r.stdout.split('\n')[0];
  if (r.code === 0 && page) await openPage(page);
  return r.code;
}
