// The public names of js/index.d.ts, by a declaration scan (no TypeScript compiler here):
// every exported type, interface, class, function and const, and the members of exported
// classes and interfaces as `Owner.member` (`Terminal.keyboard.press` for a member of an
// object-typed property whose members are methods; `Screen.constructor`). Comments and
// string literals are blanked first (keeping every offset) so braces and names in them do
// not count.

function stripComments(src) {
  return src.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, (c) => ' '.repeat(c.length))
    .replace(/'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g, (s) => (s.includes('\n') ? s : `'${'_'.repeat(s.length - 2)}'`));
}

// The body between the brace at `open` and its match, and the index after it.
function block(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) return { body: src.slice(open + 1, i), end: i + 1 };
  }
  throw new Error(`index.d.ts: unbalanced braces from offset ${open}`);
}

// Members at the top level of a body: "readonly name:", "name?(", "static name(", and for a
// property whose type is an object literal, that literal's members under it.
function members(body, prefix, out) {
  let depth = 0;
  let start = true; // at the beginning of a member
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '{' || ch === '(' || ch === '[' || ch === '<') depth++;
    else if (ch === '}' || ch === ')' || ch === ']' || (ch === '>' && body[i - 1] !== '=')) depth--;
    else if (depth === 0 && (ch === ';' || ch === ',')) start = true;
    else if (depth === 0 && start && /[A-Za-z_$]/.test(ch)) {
      const m = /^(?:(?:readonly|static|declare)\s+)*([A-Za-z_$][\w$]*)\??\s*([:(<])/.exec(body.slice(i));
      start = false;
      if (!m) continue;
      const name = `${prefix}.${m[1]}`;
      out.add(name);
      const rest = body.slice(i + m[0].length);
      const literal = m[2] === ':' && /^\s*\{/.exec(rest);
      if (literal) {
        const open = i + m[0].length + literal[0].length - 1;
        const { body: inner, end } = block(body, open);
        // An object of methods (keyboard, mouse) is API; a plain record ({ code, signal }) is a value's shape.
        if (/(?:^|[;,{])\s*(?:readonly\s+)?[\w$]+\??\s*\(/.test(inner)) members(inner, name, out);
        i = end - 1;
      } else i += m[0].length - 1;
      if (m[2] !== ':') depth++; // the "(" or "<" just passed
    }
  }
}

export function scanDeclarations(source) {
  const src = stripComments(source);
  const names = new Set();
  const re = /^export\s+(?:declare\s+)?(type|interface|class|function|const)\s+([A-Za-z_$][\w$]*)/gm;
  for (let m; (m = re.exec(src)); ) {
    const [, kind, name] = m;
    names.add(name);
    if (kind !== 'interface' && kind !== 'class') continue;
    const open = src.indexOf('{', m.index);
    const head = source.slice(m.index, open); // the same offsets: stripping keeps lengths
    // `interface Recording extends Pick<ReplayTerminal, 'screen' | ...> {}` adds those members.
    for (const pick of head.matchAll(/Pick<\s*\w+\s*,([^>]*)>/g))
      for (const [, member] of pick[1].matchAll(/'(\w+)'/g)) names.add(`${name}.${member}`);
    members(block(src, open).body, name, names);
  }
  return names;
}
