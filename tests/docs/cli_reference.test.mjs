// docs/cli.md against the CLI's own help: every command `tessera help` lists has a section
// "### tessera NAME" whose flag rows, with the global flags listed for it, are exactly the
// flags `tessera help NAME` shows; the exit codes the docs list are those the help prints;
// and docs/javascript.md's `tessera-js` commands are those `tessera-js --help` lists.
//
// usage: node --test tests/docs/cli_reference.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, tesseraBin, tesseraJs, helpText, listedCommands, shownFlags, exitCodes } from './cli_help.mjs';
import { sections, sectionWithin, tables, codeSpans } from './markdown.mjs';

const cliPage = 'docs/cli.md';
const jsPage = 'docs/javascript.md';
const read = (page) => readFileSync(path.join(root, page), 'utf8');

// A flag cell's flags: "`-o FILE.cast`" -> ["-o"], "`--cast-format v2\|v3`" -> ["--cast-format"].
const flagsOf = (cell) => codeSpans(cell).map((s) => s.split(/[ =]/)[0]).filter((f) => /^--?[a-z]/.test(f));

// What docs/cli.md says: per command its own flag rows and exit-code rows; the global flags
// with the commands listed for each; the exit codes of "Exit codes".
function documented() {
  const text = read(cliPage);
  const commands = new Map();
  for (const s of sections(text)) {
    const m = /^tessera (\S+)$/.exec(s.heading);
    if (!m || s.level !== 3) continue;
    const own = tables(s.lines);
    commands.set(m[1], {
      flags: own.filter((t) => t.header[0] === 'flag').flatMap((t) => t.rows.flatMap((r) => flagsOf(r[0]))),
      exitCodes: own.filter((t) => t.header[0] === 'exit code').flatMap((t) => t.rows.map((r) => Number(r[0]))),
    });
  }
  const globalLines = sectionWithin(text, 'Global flags');
  assert.ok(globalLines, `${cliPage}: no "## Global flags" section; keep the shared flags there in a table "| flag | commands | meaning |"`);
  const globals = tables(globalLines).filter((t) => t.header[0] === 'flag' && t.header[1] === 'commands')
    .flatMap((t) => t.rows.map((r) => ({ flags: flagsOf(r[0]), commands: codeSpans(r[1]) })));
  const exitSection = sections(text).find((s) => s.heading.startsWith('Exit codes'));
  assert.ok(exitSection, `${cliPage}: no "## Exit codes" section`);
  // "128+N" is the signal convention, not a code the help lists.
  const codes = tables(exitSection.lines).flatMap((t) => t.rows.map((r) => r[0])).filter((c) => /^\d+$/.test(c)).map(Number);
  return { commands, globals, codes };
}

const docs = documented();
const top = helpText([tesseraBin], ['help']);
const cliCommands = listedCommands(top.stdout);

function documentedFlags(name) {
  const own = docs.commands.get(name)?.flags ?? [];
  const shared = docs.globals.filter((g) => g.commands.includes(name)).flatMap((g) => g.flags);
  return new Set([...own, ...shared]);
}

// Both directions, one message per flag: where it is missing, and what to do.
function flagProblems(name, shown, page, helpCommand) {
  const doc = documentedFlags(name);
  const problems = [];
  for (const f of shown) if (!doc.has(f))
    problems.push(`${page}: \`${helpCommand}\` shows ${f}, which the docs lack: add a row "| \`${f} ...\` | meaning |" under "### tessera ${name}" (or list \`${name}\` beside ${f} in "Global flags")`);
  for (const f of doc) if (!shown.has(f))
    problems.push(`${page}: "### tessera ${name}" documents ${f}, which \`${helpCommand}\` does not show: remove it from that section (or drop \`${name}\` beside it in "Global flags"), or add it to the CLI's help`);
  return problems;
}

test('every command `tessera help` lists has a section in docs/cli.md, and no other does', () => {
  assert.equal(top.status, 0, `${tesseraBin} help: exit ${top.status} ${top.stderr}`);
  const missing = cliCommands.filter((c) => !docs.commands.has(c));
  const extra = [...docs.commands.keys()].filter((c) => !cliCommands.includes(c));
  assert.deepEqual([...missing.map((c) => `${cliPage}: \`tessera help\` lists ${c}: add a section "### tessera ${c}"`),
    ...extra.map((c) => `${cliPage}: "### tessera ${c}" documents a command \`tessera help\` does not list: remove or rename it`)], []);
});

test('each command\'s documented flags are the flags `tessera help COMMAND` shows', () => {
  const problems = [];
  for (const name of cliCommands) {
    if (name === 'help') continue; // its help is the command list itself: no flags
    const h = helpText([tesseraBin], ['help', name]);
    assert.equal(h.status, 0, `tessera help ${name}: exit ${h.status} ${h.stderr}`);
    problems.push(...flagProblems(name, shownFlags(h.stdout), cliPage, `tessera help ${name}`));
  }
  assert.deepEqual(problems, []);
});

test('every global flag is taken by some command, and names only listed commands', () => {
  const problems = [];
  for (const g of docs.globals) {
    if (!g.commands.length) problems.push(`${cliPage}: "Global flags": ${g.flags.join(', ')} lists no command: name the commands that take it`);
    for (const c of g.commands) if (!cliCommands.includes(c))
      problems.push(`${cliPage}: "Global flags": ${g.flags.join(', ')} names \`${c}\`, which \`tessera help\` does not list`);
  }
  assert.deepEqual(problems, []);
});

test('the exit codes in docs/cli.md are those the help prints', () => {
  const helped = exitCodes(top.stdout);
  assert.deepEqual([...docs.codes].sort(), [...helped].sort(),
    `${cliPage}: "Exit codes" lists ${[...docs.codes]} but \`tessera help\` prints ${[...helped]}: make the table's numeric rows match`);
  const problems = [];
  for (const name of cliCommands.filter((c) => c !== 'help')) {
    const own = exitCodes(helpText([tesseraBin], ['help', name]).stdout);
    const doc = docs.commands.get(name)?.exitCodes ?? [];
    const want = own ? [...own].sort() : [];
    if (JSON.stringify([...doc].sort()) !== JSON.stringify(want))
      problems.push(`${cliPage}: "### tessera ${name}" lists exit codes [${doc}] but \`tessera help ${name}\` prints [${want}]: ` +
        (own ? 'make its "| exit code | meaning |" table match' : 'drop the table (the command uses the common codes)'));
  }
  assert.deepEqual(problems, []);
});

// docs/javascript.md: a table "| `tessera-js` command | ... |" with one row per command.
test('docs/javascript.md documents the commands and flags `tessera-js` takes', () => {
  const help = helpText(tesseraJs, ['--help']);
  assert.equal(help.status, 0, `tessera-js --help: exit ${help.status} ${help.stderr}`);
  const listed = listedCommands(help.stdout);
  const table = tables(read(jsPage).split('\n')).find((t) => t.header[0] === '`tessera-js` command');
  assert.ok(table, `${jsPage}: no table "| \`tessera-js\` command | what it does |": add one, a row per command of \`tessera-js --help\``);
  const doc = table.rows.map((r) => codeSpans(r[0])[0]);
  const problems = [
    ...listed.filter((c) => !doc.includes(c)).map((c) => `${jsPage}: \`tessera-js --help\` lists ${c}: add a row for it`),
    ...doc.filter((c) => !listed.includes(c)).map((c) => `${jsPage}: documents \`tessera-js ${c}\`, which \`tessera-js --help\` does not list: remove the row`),
  ];
  // The same C code as the native commands: their flags are those of docs/cli.md's sections.
  for (const name of listed.filter((c) => c !== 'help')) {
    const h = helpText(tesseraJs, ['help', name]);
    problems.push(...flagProblems(name, shownFlags(h.stdout), cliPage, `tessera-js help ${name}`));
  }
  assert.deepEqual(problems, []);
});
