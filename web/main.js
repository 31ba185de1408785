// The viewer page: opens the file the page carries (web/README.md) or one picked or dropped,
// shows its revisions on a timeline (scrub, step, play at recorded speed, jump to a time;
// ?rev=N&t=MS in the address opens the same moment), a trace's steps with the screens before
// and after each, the input it holds, search matches, and a comparison with an expected
// screen. A report opens on its failing moment. Every piece of terminal data reaches the page
// through textContent and DOM properties.
import { openDocument, openingRevision, revisionIndexAt, revisionIndexAtEvent } from './document.js';
import { compareScreens, diffSummary } from './diff.js';
import { embeddedData, embeddedEngine } from './embedded.js';
import { renderGrid } from './grid.js';
import { formatMs, renderInputs, renderSteps, renderTimeline } from './lists.js';
import { stepsOf } from './steps.js';

const $ = (id) => document.getElementById(id);
// doc: the shown file; index: its shown revision; steps: its steps (steps.js); step: the
// step whose before and after are shown (null: none); expected: { doc, fromData } the
// screen compared with, and whether the page's data brought it.
const state = { doc: null, index: 0, steps: [], step: null, expected: null, timer: null };
const enginePromise = embeddedEngine();

const params = () => new URLSearchParams(location.search);

function fail(error) {
  $('error').hidden = false;
  $('error').textContent = String(error?.message ?? error);
}

const snapshotAt = (index) => state.doc.screen.revisionAt(state.doc.revisions[index].seq);

// The address carries the moment, so a copy of it opens the same revision. A page whose
// address cannot change (some browsers refuse it for file:) still works without it.
function rememberMoment(rev) {
  const p = params();
  p.set('rev', String(rev.seq));
  p.set('t', String(Math.round(rev.ms)));
  if (state.step === null) p.delete('step'); else p.set('step', String(state.step));
  try {
    history.replaceState(null, '', `?${p}`);
  } catch { /* the moment stays on the page only */ }
}

function renderStepPanes() {
  const step = state.steps.find((s) => s.index === state.step);
  const before = step?.start ? revisionIndexAtEvent(state.doc, step.start.event) : -1;
  $('before-pane').hidden = before < 0;
  if (before >= 0) {
    renderGrid($('step-before'), snapshotAt(before));
    $('before-caption').textContent = `before step ${step.index}: at its start, ${formatMs(step.start.ms)}`;
  }
  let caption = '';
  if (step) {
    caption = step.end ? `after step ${step.index} (${step.verdict}): at its end, ${formatMs(step.end.ms)}`
      : `step ${step.index} did not finish: the end of the file`;
  } else if (state.expected) {
    caption = 'actual';
  }
  $('screen-caption').textContent = caption;
  $('screen-caption').hidden = caption === '';
  for (const li of $('steps').children) li.classList.toggle('selected', Number(li.dataset.step) === state.step);
}

function render() {
  const doc = state.doc;
  if (!doc) return;
  const rev = doc.revisions[state.index];
  const snap = snapshotAt(state.index);
  const query = $('search').value;
  const matches = query ? snap.findAll(query) : [];
  $('search-count').textContent = query ? `${matches.length} match${matches.length === 1 ? '' : 'es'}` : '';
  const marks = { matches };
  if (state.expected) {
    const expected = state.expected.doc.screen.revisionAt();
    const diff = compareScreens(snap, expected, { styles: state.expected.doc.styled && doc.styled });
    marks.changed = diff.text;
    marks.restyled = diff.style ?? undefined;
    renderGrid($('expected'), expected, { changed: diff.text, restyled: diff.style ?? undefined });
    $('diff-summary').textContent = diffSummary(diff, state.expected.doc.name);
  }
  renderGrid($('screen'), snap, marks);
  renderStepPanes();
  $('title').textContent = snap.title;
  document.title = snap.title ? `${snap.title} — tessera viewer` : 'tessera viewer';
  $('scrub').value = String(state.index);
  $('position').textContent = `revision ${rev.seq} (${state.index + 1} of ${doc.revisions.length}) at ${formatMs(rev.ms)}`;
  $('time').value = String(Math.round(rev.ms));
  for (const li of $('revisions').children) li.classList.toggle('current', Number(li.dataset.index) === state.index);
  rememberMoment(rev);
}

/** Shows revision `index`; `step` names the step whose before and after this is. */
function show(index, { step = null } = {}) {
  if (!state.doc) return;
  state.index = Math.max(0, Math.min(state.doc.revisions.length - 1, index));
  state.step = step;
  render();
}

const jump = (ms) => state.doc && show(revisionIndexAt(state.doc, ms));
const showEvent = (event) => state.doc && show(revisionIndexAtEvent(state.doc, event));

/** Shows step n: the screen after it (at its end mark, or the file's end) and before it. */
function selectStep(n) {
  const step = state.steps.find((s) => s.index === n);
  if (!step) return;
  stop();
  show(step.end ? revisionIndexAtEvent(state.doc, step.end.event) : state.doc.revisions.length - 1, { step: n });
  $('steps').querySelector(`[data-step="${n}"]`)?.scrollIntoView({ block: 'nearest' });
}

function stop() {
  clearTimeout(state.timer);
  state.timer = null;
  $('play').textContent = '▶ play';
}

// Plays from the shown revision, waiting between revisions as long as the recording did.
function play() {
  if (state.timer !== null) return stop();
  const revs = state.doc.revisions;
  if (state.index >= revs.length - 1) show(0);
  $('play').textContent = '⏸ pause';
  const next = () => {
    if (state.index >= revs.length - 1) return stop();
    const wait = revs[state.index + 1].ms - revs[state.index].ms;
    state.timer = setTimeout(() => { show(state.index + 1); next(); }, Math.max(0, wait));
  };
  return next();
}

function showLists(doc, others) {
  renderSteps($('steps'), state.steps, selectStep);
  renderInputs($('inputs'), doc.inputs, (input) => { stop(); showEvent(input.event); });
  renderTimeline($('revisions'), doc.revisions, others,
    { onRevision: (i) => { stop(); show(i); }, onMarker: (m) => { stop(); showEvent(m.event); } });
  $('steps-section').hidden = state.steps.length === 0;
  $('inputs-section').hidden = doc.inputs.length === 0;
  $('revisions-section').hidden = doc.revisions.length < 2 && others.length === 0;
  $('lists').hidden = $('steps-section').hidden && $('inputs-section').hidden && $('revisions-section').hidden;
}

function showReport(report) {
  $('report').hidden = !report;
  if (!report) return;
  $('report-title').textContent = String(report.title ?? '');
  $('report-reason').textContent = String(report.reason ?? '');
  $('report-expectation-line').hidden = typeof report.expectation !== 'string';
  $('report-expectation').textContent = String(report.expectation ?? '');
  const step = state.steps.find((s) => s.index === report.step);
  $('report-moment').textContent = report.step >= 0
    ? `Failing step ${report.step}${step?.description ? `: ${step.description}` : ''}. ` +
      `The screen after the first ${report.event} events of the trace.`
    : 'No step failed: the program could not start.';
}

// The moment to open on: the address's, else a report's failing moment, else the last
// revision with text (saying so when the last one is blank).
function openMoment(report) {
  const doc = state.doc, p = params();
  const rev = p.get('rev'), t = p.get('t'), step = p.get('step');
  const byRev = rev === null ? -1 : doc.revisions.findIndex((r) => String(r.seq) === rev);
  if (step !== null && state.steps.some((s) => String(s.index) === step)) return selectStep(Number(step));
  if (byRev >= 0) return show(byRev);
  if (t !== null && Number.isFinite(Number(t))) return jump(Number(t));
  if (report) {
    const failing = state.steps.some((s) => s.index === report.step) ? report.step : null;
    return show(revisionIndexAtEvent(doc, Number(report.event ?? Infinity)), { step: failing });
  }
  const { index, notice } = openingRevision(doc);
  $('notice').hidden = notice === '';
  $('notice').textContent = notice;
  return show(index);
}

async function open(bytes, name, { report = null } = {}) {
  stop();
  const doc = openDocument(await enginePromise, bytes, name);
  state.doc?.screen.free();
  state.doc = doc;
  const { steps, others } = stepsOf(doc.markers);
  state.steps = steps;
  state.step = null;
  $('error').hidden = true;
  $('notice').hidden = true;
  $('hint').hidden = true;
  $('name').textContent = name;
  $('timeline').hidden = false;
  $('scrub').max = String(doc.revisions.length - 1);
  showLists(doc, others);
  showReport(report);
  openMoment(report);
}

async function openExpected(bytes, name, { fromData = false } = {}) {
  const doc = openDocument(await enginePromise, bytes, name);
  state.expected?.doc.screen.free();
  state.expected = { doc, fromData };
  $('expected-pane').hidden = false;
  $('expected-name').textContent = name;
  render();
}

function closeExpected() {
  state.expected?.doc.screen.free();
  state.expected = null;
  $('expected-pane').hidden = true;
}

const readFile = async (file) => new Uint8Array(await file.arrayBuffer());

// A file picked or dropped replaces the page's own: its report, its expected screen and the
// moment in the address belong to that one.
async function openPicked(file) {
  const p = params();
  for (const key of ['rev', 't', 'step']) p.delete(key);
  try { history.replaceState(null, '', `?${p}`); } catch { /* as in rememberMoment */ }
  if (state.expected?.fromData) closeExpected();
  await open(await readFile(file), file.name);
}

function wire() {
  $('file').addEventListener('change', (e) => e.target.files[0] && openPicked(e.target.files[0]).catch(fail));
  $('expected-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) await openExpected(await readFile(file), file.name).catch(fail);
  });
  $('first').addEventListener('click', () => show(0));
  $('back').addEventListener('click', () => show(state.index - 1));
  $('forward').addEventListener('click', () => show(state.index + 1));
  $('last').addEventListener('click', () => show(Infinity));
  $('play').addEventListener('click', play);
  $('scrub').addEventListener('input', (e) => { stop(); show(Number(e.target.value)); });
  $('jump').addEventListener('click', () => jump(Number($('time').value)));
  $('time').addEventListener('keydown', (e) => { if (e.key === 'Enter') jump(Number($('time').value)); });
  $('search').addEventListener('input', render);
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === 'ArrowLeft') show(state.index - 1);
    if (e.key === 'ArrowRight') show(state.index + 1);
    if (e.key === ' ') { e.preventDefault(); play(); }
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const file = e.dataTransfer.files[0];
    if (file) openPicked(file).catch(fail);
  });
}

// Settles once the page's own file (if it carries one) is shown; tests wait for it.
const ready = (async () => {
  wire();
  const q = params().get('q');
  if (q) $('search').value = q;
  const data = embeddedData();
  await enginePromise;
  if (!data) return;
  if (data.expected) await openExpected(new TextEncoder().encode(data.expected.text), data.expected.name, { fromData: true });
  await open(data.file.bytes, data.file.name, { report: data.report ?? null });
})().catch((e) => { fail(e); throw e; });

window.viewer = { ready, state, show, showEvent, jump, selectStep, open, openExpected, play, stop };
