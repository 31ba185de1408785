// The old screen case files (tests/screen/cases/*.test, format in the git
// history of tests/screen/README.md) as data, for convert_screen_tests.mjs:
// the lexer (same rules as tests/screen/case_lex.c) and the parser. Comment
// lines are kept: those before the first case are the file's topic header,
// those inside a case its note.
import { readFileSync } from 'node:fs';

// `W-differs "reason"` lines, by the witness they excuse.
export const WITNESS_DIFFERS = { 'xterm-differs': 'xterm', 'libvterm-differs': 'libvterm' };

// ---------------------------------------------------------------- lexing
// Same rules as case_lex.c: words, "strings" with C-style escapes, # comments.
export function lexLine(s) {
  const toks = [];
  let i = 0;
  for (;;) {
    while (s[i] === ' ' || s[i] === '\t' || s[i] === '\r') i++;
    if (i >= s.length) return toks;
    if (s[i] === '#' && (toks.length === 0 || i + 1 >= s.length || ' \t\r'.includes(s[i + 1]))) return toks;
    if (s[i] !== '"') {
      const st = i;
      while (i < s.length && !' \t\r"'.includes(s[i])) i++;
      toks.push({ text: s.slice(st, i), bytes: Buffer.from(s.slice(st, i)), quoted: false });
      continue;
    }
    i++;
    const out = [];
    for (;;) {
      if (i >= s.length) throw new Error('unterminated string');
      const c = s[i];
      if (c === '"') { i++; break; }
      if (c !== '\\') {
        const cp = s.codePointAt(i);
        out.push(...Buffer.from(String.fromCodePoint(cp)));
        i += cp > 0xffff ? 2 : 1;
        continue;
      }
      const e = s[i + 1];
      const simple = { e: 27, a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '0': 0, '\\': 92, '"': 34 };
      if (e in simple) { out.push(simple[e]); i += 2; continue; }
      if (e === 'x') {
        const h = s.slice(i + 2, i + 4);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new Error('\\x needs two hex digits');
        out.push(parseInt(h, 16)); i += 4; continue;
      }
      if (e === 'u') {
        const m = /^\{([0-9a-fA-F]{1,6})\}/.exec(s.slice(i + 2));
        if (!m) throw new Error('bad \\u{...}');
        out.push(...Buffer.from(String.fromCodePoint(parseInt(m[1], 16))));
        i += 2 + m[0].length; continue;
      }
      throw new Error(`unknown escape \\${e}`);
    }
    const bytes = Buffer.from(out);
    toks.push({ text: bytes.toString('utf8'), bytes, quoted: true });
  }
}

export function parseFile(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const cases = [];
  const header = [];
  let cur = null;
  for (let n = 0; n < lines.length; n++) {
    const comment = /^\s*#\s?(.*)$/.exec(lines[n]);
    if (comment) {
      (cur ? cur.comments : header).push(comment[1]);
      continue;
    }
    const toks = lexLine(lines[n]);
    if (!toks.length) continue;
    if (toks[0].text === 'case') {
      if (toks.length !== 2) throw new Error(`${file}:${n + 1}: case needs exactly one name`);
      cur = { file, line: n + 1, name: toks[1].text, steps: [], differs: {}, comments: [], sized: false,
              opts: { rows: 24, cols: 80, scrollback: null, reflow: false } };
      cases.push(cur);
      continue;
    }
    if (!cur) throw new Error(`${file}:${n + 1}: directive outside a case`);
    const step = { line: n + 1, d: toks[0].text, a: toks.slice(1), block: null };
    if (['expect-exact', 'expect-styled', 'expect-scrollback'].includes(step.d)) {
      step.block = [];
      while (n + 1 < lines.length && /^\s*\|/.test(lines[n + 1])) {
        const row = lines[++n].replace(/^[ \t]+/, '').replace(/\r+$/, '');
        if (row.length < 2 || !row.endsWith('|')) throw new Error(`${file}:${n + 1}: bad block row`);
        step.block.push(row.slice(1, -1));
      }
    }
    if (step.d === 'size') {
      cur.opts.rows = +toks[1].text; cur.opts.cols = +toks[2].text;
      for (let k = 3; k < toks.length; k++) {
        if (toks[k].text === 'reflow') cur.opts.reflow = true;
        else if (toks[k].text === 'scrollback') cur.opts.scrollback = +toks[++k].text;
        else throw new Error(`${file}:${n + 1}: unknown size option ${toks[k].text}`);
      }
    } else if (WITNESS_DIFFERS[step.d]) {
      cur.differs[WITNESS_DIFFERS[step.d]] = toks[1]?.text ?? '(no reason)';
    } else {
      cur.steps.push(step);
    }
  }
  return { header, cases };
}
