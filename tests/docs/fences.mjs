// The fenced blocks of a Markdown document and what their info strings ask for
// (docs/testing.md, "Examples that run"): `LANG [file=NAME] [run [exit=N]] [output] [illustration]`.
// Parsing only; tests/docs/run_blocks.mjs runs what this plans.
import path from 'node:path';

// Languages whose blocks look runnable, so each must say whether it runs or only illustrates.
export const MARKED_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console', 'tape', 'json', 'js', 'mjs',
  'javascript', 'ts', 'c', 'python', 'py']);

/**
 * Every fenced block of `text` in order: { line (of the opening fence, from 1), lang, info,
 * content }. A fence is ``` or ~~~ (3 or more), indented or not (list items); it closes at a
 * line of the same character, at least as long, and nothing else. The content loses the
 * opening fence's indentation, as Markdown shows it.
 */
export function fencedBlocks(text) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]);
    if (!open || (open[2][0] === '`' && open[3].includes('`'))) continue;
    const [, indent, fence, info] = open;
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !closing.test(lines[j]); j++) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    const infoText = info.trim();
    blocks.push({ line: i + 1, info: infoText, lang: infoText.split(/\s+/)[0] ?? '', content: body.length ? `${body.join('\n')}\n` : '' });
    i = j; // an unclosed fence runs to the end of the document, as Markdown renders it
  }
  return blocks;
}

// A relative path that stays inside the scratch folder.
const insideFolder = (name) => name !== '' && !path.isAbsolute(name) && !name.split(/[\\/]/).includes('..');

/** The attributes of an info string, and the problems in it (messages without file:line). */
export function parseInfo(info) {
  const words = info.trim().split(/\s+/).filter(Boolean);
  // A block with no language may begin with its attribute: ```output
  const lang = words.length && !ATTRIBUTE.test(words[0]) ? words.shift() : '';
  const attrs = { lang, file: null, run: false, exit: null, output: false, illustration: false };
  const problems = [];
  for (const word of words) {
    let m;
    if (word === 'run') attrs.run = true;
    else if (word === 'output') attrs.output = true;
    else if (word === 'illustration') attrs.illustration = true;
    else if ((m = /^exit=(\d{1,3})$/.exec(word))) attrs.exit = Number(m[1]);
    else if ((m = /^file=(.*)$/.exec(word))) {
      if (insideFolder(m[1])) attrs.file = m[1];
      else problems.push(`file=${m[1]}: a relative path inside the document's folder is needed (no "..", not absolute)`);
    } else problems.push(`unknown attribute "${word}" (known: file=NAME, run, exit=N, output, illustration)`);
  }
  if (attrs.run && lang !== 'sh') problems.push(`"run" is only for sh blocks, not ${lang || 'a block without a language'}`);
  if (attrs.exit !== null && !attrs.run) problems.push('"exit=N" belongs to a "run" block');
  if (attrs.output && attrs.run) problems.push('a block is either "run" or "output", not both');
  if (attrs.illustration && (attrs.run || attrs.output || attrs.file)) problems.push('"illustration" is never run: it takes no other attribute');
  return { attrs, problems };
}

const ATTRIBUTE = /^(run|output|illustration|exit=.*|file=.*)$/;

const isMarked = (a) => a.run || a.output || a.file !== null || a.illustration;

/**
 * The plan of one document: its steps in order ({ kind: 'file', line, name, content } and
 * { kind: 'run', line, script, exit, output: { line, text } | null }), the count of
 * illustrations, and every marking problem as "DOC:LINE: message".
 */
export function planDocument(doc, text) {
  const steps = [];
  const problems = [];
  let illustrations = 0;
  let lastRun = null; // the run step an output block may follow: the previous fence's, if it was one
  for (const block of fencedBlocks(text)) {
    const { attrs, problems: own } = parseInfo(block.info);
    const where = `${doc}:${block.line}`;
    for (const p of own) problems.push(`${where}: ${p}`);
    if (!own.length && !isMarked(attrs) && MARKED_LANGUAGES.has(attrs.lang.toLowerCase())) {
      problems.push(`${where}: a ${attrs.lang} block with no mark: mark it run, file=NAME or illustration`);
    }
    const previousRun = lastRun;
    lastRun = null;
    if (own.length) continue;
    if (attrs.illustration) illustrations++;
    if (attrs.file !== null) steps.push({ kind: 'file', line: block.line, name: attrs.file, content: block.content });
    if (attrs.output) {
      if (!previousRun || previousRun.output) problems.push(`${where}: an "output" block must follow a "run" block (only prose between)`);
      else previousRun.output = { line: block.line, text: block.content };
    }
    if (attrs.run) {
      lastRun = { kind: 'run', line: block.line, script: block.content, exit: attrs.exit ?? 0, output: null };
      steps.push(lastRun);
    }
  }
  return { doc, steps, problems, illustrations };
}
