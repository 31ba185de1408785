// The docs hold together: README.md and every page under docs/ (recursively) link only to files and
// headings that exist, and no page has two headings with the same text (a reader, and an
// anchor, could not tell them apart). The README stays a front door: at most 300 lines.
//
//   node tests/layout/docs_check.mjs [ROOT]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));
const pages = ['README.md', ...readdirSync(path.join(root, 'docs'), { recursive: true }).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

// GitHub's anchor of a heading: lower case, punctuation gone, spaces to hyphens.
const anchorOf = (text) => text.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');

// Headings outside fenced code blocks.
function headings(text) {
  let fenced = false;
  const out = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (m) out.push(m[1]);
  }
  return out;
}

const problems = [];
const anchors = new Map(); // absolute file -> its anchors, for files that are pages or READMEs
const anchorsOf = (file) => {
  if (!anchors.has(file)) anchors.set(file, new Set(headings(readFileSync(file, 'utf8')).map(anchorOf)));
  return anchors.get(file);
};

for (const page of pages) {
  const file = path.join(root, page);
  const text = readFileSync(file, 'utf8');
  const seen = new Set();
  for (const h of headings(text)) {
    if (seen.has(h)) problems.push(`${page}: the heading "${h}" stands twice`);
    seen.add(h);
  }
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue; // http:, mailto:
    const [where, anchor] = target.split('#');
    const to = where ? path.resolve(path.dirname(file), where) : file;
    if (!existsSync(to)) { problems.push(`${page}: a link to ${target}: no such file`); continue; }
    if (anchor && to.endsWith('.md') && statSync(to).isFile() && !anchorsOf(to).has(anchor))
      problems.push(`${page}: a link to ${target}: no such heading there`);
  }
}
const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length - 1;
if (lines > 300) problems.push(`README.md: ${lines} lines; the front door is at most 300 (reference goes to docs/)`);

for (const p of problems) process.stderr.write(`FAIL ${p}\n`);
process.stdout.write(`${pages.length} pages, ${problems.length} problem(s)\n`);
process.exitCode = problems.length ? 1 : 0;
