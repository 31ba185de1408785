// What the CLIs say about themselves: the commands `tessera help` lists, the flags
// `tessera help COMMAND` shows and the exit codes each prints. The reference pages are
// checked against these (cli_reference.test.mjs), so the help text is the source of truth.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// The binary as the JS package finds a build: $TESSERA_BUILD_DIR, else the checkout's build/.
export const tesseraBin = path.join(process.env.TESSERA_BUILD_DIR ?? path.join(root, 'build'), 'bin', 'tessera');
export const tesseraJs = [process.execPath, path.join(root, 'js', 'bin', 'tessera.mjs')];

export function helpText(argv, args) {
  const [cmd, ...pre] = argv;
  const r = spawnSync(cmd, [...pre, ...args], { encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw new Error(`cannot run ${[cmd, ...pre, ...args].join(' ')}: ${r.error.message}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// "commands:" then "  NAME   description" lines, up to the first blank line.
export function listedCommands(text) {
  const block = /^commands:\n((?: {2}\S.*\n)+)/m.exec(text);
  if (!block) throw new Error(`no "commands:" list in:\n${text}`);
  return block[1].split('\n').filter(Boolean).map((l) => l.trim().split(/\s+/)[0]);
}

const flagTokens = (s) => [...s.matchAll(/(?<![\w-])(--?[a-z][a-z0-9-]*)/g)].map((m) => m[1]);

// The flags a command's help shows: those of its usage lines, and the head of each row of
// its flag lists (a line indented by exactly two spaces that starts with "-"). Flags named
// in the prose belong to other commands or to tapes (`record --journal`, a step's --now).
export function shownFlags(text) {
  const usage = /^usage:[^\n]*(?:\n {2,}\S[^\n]*)*/m.exec(text)?.[0] ?? '';
  const rows = text.split('\n').filter((l) => /^ {2}-/.test(l)).map((l) => l.trim().split(/ {2,}/)[0]);
  return new Set([...flagTokens(usage), ...rows.flatMap(flagTokens)]);
}

// Exit codes: the "exit codes:" list of `tessera help` ("  0  success ...") or a command's
// paragraph ("exit codes: 0 the same, 1 they differ, 2 ..."). Null when there is none.
export function exitCodes(text) {
  const list = /^exit codes:\n((?: {2}\d.*\n?)+)/m.exec(text);
  if (list) return new Set(list[1].split('\n').filter(Boolean).map((l) => Number(l.trim().split(/\s+/)[0])));
  const para = /^exit codes: ([\s\S]*?)(?:\n\n|\n?(?![\s\S]))/m.exec(text);
  if (!para) return null;
  return new Set([...` ${para[1].replace(/\s+/g, ' ')}`.matchAll(/(?:^ |, )(\d+) /g)].map((m) => Number(m[1])));
}
