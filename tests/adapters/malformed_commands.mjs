// Scripts that break the backend protocol (corpus/backends/README.md), each with the line
// an adapter must name when it exits 2, and hostile but well-formed scripts it must answer
// and exit 0 on. tests/corpus/adapters_malformed.test.mjs runs them on every adapter; as a
// program (ctest, so under ASan+UBSan too) it runs them on the adapters given:
//
//   node tests/adapters/malformed_commands.mjs NAME ADAPTER [ARGS...]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const h = (s) => Buffer.from(s, 'latin1').toString('hex');
const OPEN = 'open 3 10 5\n';

// [why, script, the line to name]
export const MALFORMED = [
  ['an empty line', '\n', 1],
  ['a command before open', 'dump\n', 1],
  ['feed before open', 'feed 41\n', 1],
  ['an unknown command', 'bogus\n', 1],
  ['a command in capitals', 'OPEN 3 10 5\n', 1],
  ['a leading space', ' open 3 10 5\n', 1],
  ['a carriage return', 'open 3 10 5\r\n', 1],
  ['a NUL byte', 'open 3 10 5\0\n', 1],
  ['open alone', 'open\n', 1],
  ['open with one number', 'open 3\n', 1],
  ['open with two numbers', 'open 3 10\n', 1],
  ['open with zero rows', 'open 0 10 5\n', 1],
  ['open with zero columns', 'open 3 0 5\n', 1],
  ['open with a negative size', 'open -3 10 5\n', 1],
  ['open with a plus sign', 'open +3 10 5\n', 1],
  ['open with a word for scrollback', 'open 3 10 x\n', 1],
  ['open with a number too long', 'open 99999999999 10 5\n', 1],
  ['open larger than the adapters take', 'open 1001 10 5\n', 1],
  ['open with a fourth word not reflow', 'open 3 10 5 wrap\n', 1],
  ['open with a fifth word', 'open 3 10 5 reflow reflow\n', 1],
  ['open with two spaces', 'open 3  10 5\n', 1],
  ['open with a trailing space', 'open 3 10 5 \n', 1],
  ['open with a fractional size', 'open 3.5 10 5\n', 1],
  ['feed with an odd count of digits', OPEN + 'feed 414\n', 2],
  ['feed with a non-hex digit', OPEN + 'feed 4g\n', 2],
  ['feed with two spaces', OPEN + 'feed  41\n', 2],
  ['feed with a trailing space', OPEN + 'feed 41 \n', 2],
  ['feed with a 0x prefix', OPEN + 'feed 0x41\n', 2],
  ['resize alone', OPEN + 'resize\n', 2],
  ['resize with one number', OPEN + 'resize 3\n', 2],
  ['resize to zero rows', OPEN + 'resize 0 10\n', 2],
  ['resize to zero columns', OPEN + 'resize 3 0\n', 2],
  ['resize with three numbers', OPEN + 'resize 3 10 5\n', 2],
  ['resize past what the adapters take', OPEN + 'resize 3 1001\n', 2],
  ['reset with an argument', OPEN + 'reset now\n', 2],
  ['dump with an argument', OPEN + 'dump all\n', 2],
  ['styled with an argument', OPEN + 'styled 1\n', 2],
  ['keypad with an argument', OPEN + 'keypad 0\n', 2],
  ['quit with an argument', OPEN + 'quit now\n', 2],
  ['mode alone', OPEN + 'mode\n', 2],
  ['mode with a lone ?', OPEN + 'mode ?\n', 2],
  ['mode with a word', OPEN + 'mode ?x\n', 2],
  ['mode with two question marks', OPEN + 'mode ??25\n', 2],
  ['mode negative', OPEN + 'mode -4\n', 2],
  ['mode too large', OPEN + 'mode ?100000\n', 2],
  ['mode with two numbers', OPEN + 'mode ?25 1\n', 2],
  ['find alone', OPEN + 'find\n', 2],
  ['find unquoted', OPEN + 'find b\n', 2],
  ['find without a closing quote', OPEN + 'find "b\n', 2],
  ['find with an empty needle', OPEN + 'find ""\n', 2],
  ['find with a misspelt exact', OPEN + 'find "b" exacto\n', 2],
  ['find exact twice', OPEN + 'find "b" exact exact\n', 2],
  ['find with exact glued on', OPEN + 'find "b"exact\n', 2],
  ['find in with three numbers', OPEN + 'find "b" in 1 2 3\n', 2],
  ['find in with five numbers', OPEN + 'find "b" in 1 2 3 4 5\n', 2],
  ['find in with a word', OPEN + 'find "b" in 1 2 x 4\n', 2],
  ['find in before exact', OPEN + 'find "b" in 0 0 0 0 exact\n', 2],
  ['find with a short escape', OPEN + 'find "\\x4"\n', 2],
  ['find with an unknown escape', OPEN + 'find "\\n"\n', 2],
  ['find with a raw tab', OPEN + 'find "a\tb"\n', 2],
  ['a bad line after good ones', OPEN + `feed ${h('hello')}\ndump\nresize x y\n`, 4],
  ['open again, malformed', OPEN + 'open 3 10\n', 2],
];

// Well-formed scripts with hostile content: [why, script, emulators that crash on it
// themselves (the adapter then shows the crash as its status, as the protocol says)].
// Each must exit 0.
export const HOSTILE = [
  ['nothing at all', ''],
  ['open and the end of input without a newline', 'open 1 1 0'],
  ['quit, then lines that are never read', OPEN + 'quit\nbogus\n\n'],
  ['every byte value, bytewise, then a dump', OPEN +
    Array.from({ length: 256 }, (_, i) => `feed ${i.toString(16).padStart(2, '0')}\n`).join('') + 'dump\n'],
  ['empty feeds', OPEN + 'feed\nfeed \ndump\n'],
  ['upper-case hex', OPEN + 'feed 4A4B\ndump\n'],
  ['a 1x1 screen with a wide character and resizes', 'open 1 1 0\n' +
    `feed ${h('\xe4\xb8\xad\x1b[?1049h\xe4\xb8\xadx')}\nresize 1 2\nresize 1 1\ndump\nstyled\n`,
   { libvterm: 'libvterm 0.1.4 itself segfaults writing a wide character on a one-column screen',
     vt100: 'vt100 0.15 itself panics writing a wide character on a one-column screen',
     alacritty: 'alacritty_terminal 0.17 itself panics writing a wide character on a one-column screen' }],
  ['queries and search at odd places', OPEN + 'mode 0\nmode ?99999\nmode ?0\nkeypad\n' +
    'find "\\x00" exact in 100000 100000 0 0\nfind "\\x22\\x5c" in 0 0 0 0\nfind "é"\n'],
  // The huge counts once: vt100 0.15 inserts an ICH's blanks one at a time (16 CPU seconds
  // for twenty of them); the line stays as long, with the strings repeated.
  ['a long feed of sequences', OPEN + `feed ${h('\x1b[99999;99999H\x1b[99999@' + ('\x1b[38;5;999m\x1b]8;;' + 'u'.repeat(5000) + '\x07x\x1b]0;' + 't'.repeat(5000) + '\x07').repeat(20))}\ndump\n`],
  ['open again and reset', OPEN + `feed ${h('abc\x1b[6n')}\nopen 2 3 0 reflow\nreset\nreset\ndump\n`],
  ['a sequence cut by a mode probe', OPEN + `feed ${h('\x1b[')}\nmode ?25\nfeed ${h('31mA')}\ndump\n`],
];

// One script through the adapter: {status, signal, stderr} or {error}. Its answers are
// read and dropped (a hostile script's may be large); a hung one is killed at 60 s.
function runScript(cmd, args, script, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, timeout: 60_000, killSignal: 'SIGKILL' });
    const err = [];
    child.stdout.resume();
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (error) => resolve({ error }));
    child.on('close', (status, signal) => resolve({ status, signal, stderr: Buffer.concat(err).toString() }));
    child.stdin.on('error', () => {}); // an adapter that refuses a line stops reading
    child.stdin.end(script);
  });
}

// fn over items, `width` at once (each script is its own adapter process), results in order.
async function eachLimited(items, width, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/**
 * Runs every script on argv, three adapters at once, in env (default: this process's);
 * resolves the problems found, one string each, and the hostile scripts not run because
 * the emulator named crashes on them itself. runner, when given, runs a script in place of
 * a process of argv and resolves the same {status, signal, stderr} or {error}.
 */
export async function checkAdapter(name, argv, { env = process.env, runner } = {}) {
  const [cmd, ...args] = argv;
  const run = runner ?? ((script) => runScript(cmd, args, script, env));
  const problems = [];
  const malformed = await eachLimited(MALFORMED, 3, ([, script]) => run(script));
  MALFORMED.forEach(([why, , line], i) => {
    const r = malformed[i];
    if (r.error) problems.push(`${why}: cannot run: ${r.error.message}`);
    else if (r.status !== 2) problems.push(`${why}: exit ${r.status ?? r.signal}, not 2 (${r.stderr.trim()})`);
    else if (!new RegExp(`^\\S+ adapter: line ${line}: .+`).test(r.stderr))
      problems.push(`${why}: the message does not name line ${line}: ${JSON.stringify(r.stderr)}`);
  });
  const notRun = HOSTILE.filter(([, , crashes]) => crashes?.[name]).map(([why, , crashes]) => `${why}: ${crashes[name]}`);
  const hostile = HOSTILE.filter(([, , crashes]) => !crashes?.[name]);
  const answered = await eachLimited(hostile, 3, ([, script]) => run(script));
  hostile.forEach(([why], i) => {
    const r = answered[i];
    if (r.error) problems.push(`${why}: cannot run: ${r.error.message}`);
    else if (r.status !== 0) problems.push(`${why}: exit ${r.status ?? r.signal}, not 0: ${r.stderr.trim()}`);
  });
  return { problems, notRun };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.length < 4) {
    process.stderr.write('usage: node tests/adapters/malformed_commands.mjs NAME ADAPTER [ARGS...]\n');
    process.exit(2);
  }
  const { problems, notRun } = await checkAdapter(process.argv[2], process.argv.slice(3));
  for (const p of problems) process.stderr.write(`FAIL ${p}\n`);
  for (const n of notRun) process.stdout.write(`not run: ${n}\n`);
  const total = MALFORMED.length + HOSTILE.length - notRun.length;
  process.stdout.write(`${total - problems.length}/${total} scripts handled as the protocol says\n`);
  process.exitCode = problems.length ? 1 : 0;
}
