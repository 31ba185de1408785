// The runner's command line (corpus/README.md: The runner).

export const USAGE = `usage: node corpus/run.mjs [--backend NAME]... [--suite NAME]... [--case GLOB] [--sessions]
                           [--sample N] [--long] [--summary] [--json FILE] [--update-ledger] [-v]
                           [--jobs N] [--timeout SECONDS] [--adapter NAME=COMMAND]... [--corpus DIR]`;

export class UsageError extends Error {}

const positive = (flag, v) => {
  if (!/^[1-9][0-9]*$/.test(v)) throw new UsageError(`${flag} takes a positive whole number, not "${v}"`);
  return Number(v);
};

/** The options of argv (without node and the script); throws UsageError. */
export function parseArgs(argv) {
  const o = { backends: [], suites: [], caseGlob: null, sample: null, long: false, summary: false, json: null,
              updateLedger: false, sessions: false, verbose: false, jobs: 2, timeoutMs: 10000, adapters: {}, corpus: null, help: false };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let value;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    if (eq > 0) { value = arg.slice(eq + 1); arg = arg.slice(0, eq); }
    const take = () => {
      if (value !== undefined) return value;
      if (i + 1 >= argv.length) throw new UsageError(`${arg} needs a value`);
      return argv[++i];
    };
    switch (arg) {
      case '--backend': o.backends.push(take()); break;
      case '--suite': o.suites.push(take()); break;
      case '--case': o.caseGlob = take(); break;
      case '--sample': o.sample = positive(arg, take()); break;
      case '--jobs': o.jobs = positive(arg, take()); break;
      case '--timeout': o.timeoutMs = positive(arg, take()) * 1000; break;
      case '--json': o.json = take(); break;
      case '--corpus': o.corpus = take(); break;
      case '--adapter': {
        const v = take();
        const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)=(.*\S.*)$/.exec(v);
        if (!m) throw new UsageError(`--adapter takes NAME=COMMAND, not "${v}"`);
        o.adapters[m[1]] = m[2];
        break;
      }
      case '--summary': o.summary = true; break;
      case '--long': o.long = true; break;
      case '--sessions': o.sessions = true; break;
      case '--update-ledger': o.updateLedger = true; break;
      case '-v': case '--verbose': o.verbose = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new UsageError(`unknown argument "${argv[i]}"`);
    }
    if (value !== undefined && ['--summary', '--long', '--sessions', '--update-ledger', '--verbose'].includes(arg)) {
      throw new UsageError(`${arg} takes no value`);
    }
  }
  return o;
}
