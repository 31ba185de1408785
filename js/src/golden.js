// Golden screens compared as `tessera snapshot` compares them
// (native-host/commands/golden.c): trailing spaces of rows and blank rows at
// the end do not count, so a file an editor trimmed still matches; a
// mismatch is shown as a unified diff, golden (-) before screen (+), with a
// note when only spacing differs. Plain functions of strings: the files are
// read and written by expect.js.

const visible = (line) => line.replace(/ +$/, '');

/** The text as editors leave it: rows without trailing spaces, no blank rows at the end. */
export function trimmedText(text) {
  return text.split('\n').map(visible).join('\n').replace(/\n+$/, '');
}

/** Whether a golden file's text matches a screen's. */
export function goldenMatches(golden, actual) {
  return trimmedText(golden) === trimmedText(actual);
}

/** Whether the two differ only in spaces (within rows, or blank rows). */
export function onlySpacingDiffers(golden, actual) {
  const bare = (t) => t.replace(/[ \n]/g, '');
  return bare(trimmedText(golden)) === bare(trimmedText(actual));
}

const lines = (t) => {
  const l = t.split('\n');
  if (l.length && l[l.length - 1] === '') l.pop(); // a final '\n' ends the last line
  return l;
};

// ' ' keep, '-' golden only, '+' screen only; rows equal up to trailing spaces are kept.
function editScript(a, b) {
  const same = (i, j) => visible(a[i]) === visible(b[j]);
  const n = a.length, m = b.length;
  const t = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) t[i][j] = same(i, j) ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
  }
  const ops = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && same(i, j)) { ops.push(' '); i++; j++; } else if (i < n && (j === m || t[i + 1][j] >= t[i][j + 1])) { ops.push('-'); i++; } else { ops.push('+'); j++; }
  }
  return ops;
}

/** A unified diff (three rows of context) of the golden file against the screen. */
export function goldenDiff(goldenName, golden, actual, context = 3) {
  const a = lines(golden), b = lines(actual);
  const ops = editScript(a, b);
  const out = [`--- ${goldenName}`, '+++ screen'];
  let k = 0;
  while (k < ops.length) {
    let c = k;
    while (c < ops.length && ops[c] === ' ') c++;
    if (c === ops.length) break;
    const start = Math.max(k, c - context);
    let end = c, quiet = 0;
    while (end < ops.length && quiet <= 2 * context) { quiet = ops[end] === ' ' ? quiet + 1 : 0; end++; }
    if (quiet > context) end -= quiet - context;
    let ai = 0, bi = 0;
    for (let x = 0; x < start; x++) { if (ops[x] !== '+') ai++; if (ops[x] !== '-') bi++; }
    const hunk = ops.slice(start, end);
    const ac = hunk.filter((o) => o !== '+').length, bc = hunk.filter((o) => o !== '-').length;
    out.push(`@@ -${ac ? ai + 1 : ai},${ac} +${bc ? bi + 1 : bi},${bc} @@`);
    for (const o of hunk) {
      if (o === ' ') { out.push(` ${a[ai++]}`); bi++; } else if (o === '-') out.push(`-${a[ai++]}`); else out.push(`+${b[bi++]}`);
    }
    k = end;
  }
  return out.join('\n');
}
