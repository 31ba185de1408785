// The flags of `feed` and `replay`, parsed as native-host/commands/feed_args.c parses
// them (same order of checks, same messages), plus --engine, which may stand
// anywhere among the flags.

import { quoteForMessage } from './quote.js';
import { EXIT, usage } from './diag.js';

const MAX_ROWS = 1000, MAX_COLS = 1000, MAX_SCROLLBACK = 1000000, DEFAULT_SCROLLBACK = 1000;
const NUMBERS = [
  { name: '--rows', min: 1, max: MAX_ROWS, key: 'rows' },
  { name: '--cols', min: 1, max: MAX_COLS, key: 'cols' },
  { name: '--scrollback', min: 0, max: MAX_SCROLLBACK, key: 'scrollback' },
];
const FORMATS = { '--styled': 'styled', '--exact': 'exact', '--json': 'json' };
const FORMAT_FLAG = { styled: '--styled', exact: '--exact', json: '--json', text: '--text' };
const SWITCHES = ['--reflow', '--styled', '--exact', '--json', '--help'];
export const ENGINE_NAMES = ['wasi', 'emscripten'];

// Digits only; the value is checked against max before each digit, as in C.
function parseNumber(flag, text) {
  let v = 0;
  let ok = text.length > 0;
  for (const ch of text) {
    if (!ok) break;
    if (ch < '0' || ch > '9' || v > flag.max) ok = false;
    else v = v * 10 + (ch.charCodeAt(0) - 48);
  }
  if (!ok || v < flag.min || v > flag.max) {
    return { code: usage(`${flag.name} must be a whole number from ${flag.min} to ${flag.max}, got ${quoteForMessage(text)}`) };
  }
  return { value: v };
}

/** Parses argv (argv[0] is the command's name). Returns {code, args}. */
export function parseFeedArgs(argv, defaultEngine) {
  const a = {
    rows: 24, cols: 80, scrollback: DEFAULT_SCROLLBACK, reflow: false,
    rowsGiven: false, colsGiven: false, format: 'text', file: null, help: false,
    engine: defaultEngine,
  };
  let formatGiven = false;
  let flagsDone = false;

  const flag = (i) => {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const valueOf = () => {
      if (eq >= 0) return { value: arg.slice(eq + 1), next: i };
      if (i + 1 >= argv.length) return { code: usage(`${name} needs a value`) };
      return { value: argv[i + 1], next: i + 1 };
    };
    for (const f of NUMBERS) {
      if (f.name !== name) continue;
      const v = valueOf();
      if (v.code !== undefined) return v;
      if (f.key === 'rows') a.rowsGiven = true;
      if (f.key === 'cols') a.colsGiven = true;
      const n = parseNumber(f, v.value);
      if (n.code !== undefined) return n;
      a[f.key] = n.value;
      return { code: EXIT.OK, next: v.next };
    }
    if (name === '--engine') {
      const v = valueOf();
      if (v.code !== undefined) return v;
      if (!ENGINE_NAMES.includes(v.value)) {
        return { code: usage(`--engine must be wasi or emscripten, got ${quoteForMessage(v.value)}`) };
      }
      a.engine = v.value;
      return { code: EXIT.OK, next: v.next };
    }
    if (FORMATS[arg]) {
      const f = FORMATS[arg];
      if (formatGiven && a.format !== f) {
        return { code: usage(`${FORMAT_FLAG[a.format]} and ${FORMAT_FLAG[f]} cannot be used together`) };
      }
      a.format = f;
      formatGiven = true;
      return { code: EXIT.OK, next: i };
    }
    if (arg === '--reflow') { a.reflow = true; return { code: EXIT.OK, next: i }; }
    if (arg === '--help' || arg === '-h') { a.help = true; return { code: EXIT.OK, next: i }; }
    const quoted = quoteForMessage(arg);
    if (eq >= 0 && SWITCHES.includes(name)) return { code: usage(`${name} takes no value, got ${quoted}`) };
    return { code: usage(`unknown option ${quoted}`) };
  };

  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (!flagsDone && arg === '--') { flagsDone = true; continue; }
    if (!flagsDone && arg[0] === '-' && arg.length > 1) {
      const r = flag(i);
      if (r.code !== EXIT.OK) return { code: r.code };
      i = r.next;
    } else {
      if (a.file !== null) {
        return { code: usage(`only one FILE may be given, got ${quoteForMessage(a.file)} and ${quoteForMessage(arg)}`) };
      }
      a.file = arg;
    }
  }
  return { code: EXIT.OK, args: a };
}
