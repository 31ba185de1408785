// The lists beside the screen: the steps of a trace, the input a recording holds, and the
// timeline of revisions and other markers. One column, one row per item, each a button;
// every label goes in through textContent.

/** 1234.5 -> '1.234 s', 80.7 -> '80 ms': whole milliseconds, as `tessera replay --marks` prints them. */
export function formatMs(ms) {
  const whole = Math.floor(ms);
  return whole >= 1000 ? `${(whole / 1000).toFixed(3)} s` : `${whole} ms`;
}

const NAMED = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r', 0x1b: '\\e', 0x5c: '\\\\' };
const utf8 = new TextDecoder('utf-8', { fatal: true });
const hex = (b) => `\\x${b.toString(16).padStart(2, '0')}`;

// How many bytes a UTF-8 sequence starting with `lead` takes (0: not a lead byte).
const sequenceLength = (lead) => (lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3
  : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0);

/** Input bytes as readable text: printable characters as they are, the rest escaped (\r, \e, \x01). */
export function escapeBytes(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    if (NAMED[b]) { out += NAMED[b]; i++; continue; }
    if (b < 0x20 || b === 0x7f) { out += hex(b); i++; continue; }
    if (b < 0x80) { out += String.fromCharCode(b); i++; continue; }
    const n = sequenceLength(b);
    let ch = null;
    if (n && i + n <= bytes.length) {
      try { ch = utf8.decode(bytes.subarray(i, i + n)); } catch { ch = null; }
    }
    // C1 controls (U+0080..U+009F) are controls too.
    if (ch !== null && !/^[\u0080-\u009f]$/.test(ch)) { out += ch; i += n; } else { out += hex(b); i++; }
  }
  return out;
}

function item(className, onClick, ...parts) {
  const li = document.createElement('li');
  if (className) li.className = className;
  const button = document.createElement('button');
  button.type = 'button';
  for (const [cls, text] of parts) {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    button.append(span);
  }
  button.addEventListener('click', onClick);
  li.append(button);
  return li;
}

/** The steps: index and description, verdict, duration, detail (exit 1), and a failed step's reason. */
export function renderSteps(list, steps, onSelect) {
  list.replaceChildren(...steps.map((step) => {
    const verdictClass = step.verdict === 'not finished' ? 'unfinished' : step.verdict;
    const parts = [['index', `${step.index}`], ['description', step.description || '(no start mark)'],
      ['verdict', step.verdict], ['duration', step.durationMs === null ? '' : `${step.durationMs} ms`]];
    if (step.detail) parts.push(['detail', step.detail]);
    if (step.reason) parts.push(['reason', step.reason]);
    const li = item(`step ${verdictClass}`, () => onSelect(step.index), ...parts);
    li.dataset.step = String(step.index);
    return li;
  }));
}

/** The input events: time and the bytes, escaped; a private trace's writes as "(private)". */
export function renderInputs(list, inputs, onSelect) {
  list.replaceChildren(...inputs.map((input, i) => {
    const li = item('input', () => onSelect(input), ['at', formatMs(input.ms)],
      input.data ? ['bytes', escapeBytes(input.data)] : ['bytes private', '(private)']);
    li.dataset.input = String(i);
    return li;
  }));
}

/** Revisions and the markers that are not steps, by time (at one time: revisions first). */
export function renderTimeline(list, revisions, markers, { onRevision, onMarker }) {
  const items = revisions.map((r, index) =>
    ({ ms: r.ms, event: r.event, index, label: `revision ${r.seq}` }));
  for (const m of markers) items.push({ ms: m.ms, event: m.event, marker: m, label: `marker ${m.label}` });
  items.sort((a, b) => a.ms - b.ms || a.event - b.event || (a.marker ? 1 : 0) - (b.marker ? 1 : 0));
  list.replaceChildren(...items.map((it) => {
    const li = item(it.marker ? 'marker' : 'revision',
      it.marker ? () => onMarker(it.marker) : () => onRevision(it.index),
      ['label', it.label], ['time', formatMs(it.ms)]);
    if (!it.marker) li.dataset.index = String(it.index);
    return li;
  }));
}
