// The viewer page: opens a file (picker, drop, ?src=URL), shows its revisions on a timeline
// (scrub, step, play at recorded speed, jump to a time; ?rev=N&t=MS in the URL opens the
// same moment), highlights search matches, and compares against an expected snapshot.
// Every piece of terminal data reaches the page through textContent and DOM properties.
import { loadEngine } from '../js/src/index.js';
import { openDocument, revisionIndexAt } from './document.js';
import { changedCells, renderGrid } from './grid.js';

const $ = (id) => document.getElementById(id);
const state = { doc: null, index: 0, expected: null, timer: null };
const enginePromise = loadEngine({ engine: 'emscripten' });

const params = () => new URLSearchParams(location.search);

function fail(error) {
  $('error').hidden = false;
  $('error').textContent = String(error?.message ?? error);
}

function snapshotAt(index) {
  return state.doc.screen.revisionAt(state.doc.revisions[index].seq);
}

function formatMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(3)} s` : `${Math.round(ms)} ms`;
}

function render() {
  const doc = state.doc;
  if (!doc) return;
  const rev = doc.revisions[state.index];
  const snap = snapshotAt(state.index);
  const query = $('search').value;
  const matches = query ? snap.findAll(query) : [];
  $('search-count').textContent = query ? `${matches.length} match${matches.length === 1 ? '' : 'es'}` : '';
  let changed;
  if (state.expected) {
    const expected = state.expected.screen.revisionAt();
    changed = changedCells(expected, snap);
    renderGrid($('expected'), expected, { changed });
    $('diff-summary').textContent = changed.size ? `${changed.size} cells differ` : 'no differences';
  }
  renderGrid($('screen'), snap, { matches, changed });
  $('title').textContent = snap.title;
  document.title = snap.title ? `${snap.title} — tessera viewer` : 'tessera viewer';
  $('scrub').value = String(state.index);
  $('position').textContent =
    `revision ${rev.seq} (${state.index + 1} of ${doc.revisions.length}) at ${formatMs(rev.ms)}`;
  $('time').value = String(Math.round(rev.ms));
  for (const li of $('revisions').children) {
    li.classList.toggle('current', Number(li.dataset.index) === state.index);
  }
  // The moment, in the URL: a link to it opens the same revision.
  const p = params();
  p.set('rev', String(rev.seq));
  p.set('t', String(Math.round(rev.ms)));
  history.replaceState(null, '', `?${p}`);
}

function show(index) {
  if (!state.doc) return;
  state.index = Math.max(0, Math.min(state.doc.revisions.length - 1, index));
  render();
}

function jump(ms) {
  if (state.doc) show(revisionIndexAt(state.doc, ms));
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
  next();
}

function timelineList(doc) {
  const list = $('revisions');
  const items = doc.revisions.map((r, index) => ({ ms: r.ms, index, text: `revision ${r.seq} · ${formatMs(r.ms)}` }));
  for (const m of doc.markers) items.push({ ms: m.ms, marker: true, text: `marker ${m.label} · ${formatMs(m.ms)}` });
  // by time; at equal times revisions in order, markers after them
  items.sort((a, b) => a.ms - b.ms || (a.marker ?? false) - (b.marker ?? false) || a.index - b.index);
  list.replaceChildren(...items.map((item) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = item.text;
    if (item.marker) {
      li.className = 'marker';
      button.addEventListener('click', () => jump(item.ms));
    } else {
      li.dataset.index = String(item.index);
      button.addEventListener('click', () => show(item.index));
    }
    li.append(button);
    return li;
  }));
  list.hidden = doc.revisions.length < 2;
}

async function open(bytes, name) {
  stop();
  const engine = await enginePromise;
  const doc = openDocument(engine, bytes, name);
  state.doc?.screen.free();
  state.doc = doc;
  $('error').hidden = true;
  $('hint').hidden = true;
  $('name').textContent = name;
  $('timeline').hidden = false;
  $('scrub').max = String(doc.revisions.length - 1);
  timelineList(doc);
  const p = params();
  const rev = p.get('rev'), t = p.get('t');
  const byRev = rev === null ? -1 : doc.revisions.findIndex((r) => String(r.seq) === rev);
  if (byRev >= 0) show(byRev);
  else if (t !== null && Number.isFinite(Number(t))) jump(Number(t));
  else show(doc.revisions.length - 1);
}

async function openExpected(bytes, name) {
  const engine = await enginePromise;
  state.expected?.screen.free();
  state.expected = openDocument(engine, bytes, name);
  $('expected-pane').hidden = false;
  $('actual-caption').hidden = false;
  $('expected-name').textContent = name;
  render();
}

const readFile = async (file) => new Uint8Array(await file.arrayBuffer());

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function wire() {
  $('file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    // A file picked here has no URL: the moment in the address is only for this page.
    const p = params();
    p.delete('src'); p.delete('rev'); p.delete('t');
    history.replaceState(null, '', `?${p}`);
    await open(await readFile(file), file.name).catch(fail);
  });
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
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const file = e.dataTransfer.files[0];
    if (file) await open(await readFile(file), file.name).catch(fail);
  });
}

// Tests and `tessera view` wait for this: it settles once the ?src (and ?expected) file is shown.
const ready = (async () => {
  wire();
  await enginePromise;
  const p = params();
  if (p.get('q')) $('search').value = p.get('q');
  if (p.get('src')) await open(await fetchBytes(p.get('src')), p.get('src'));
  if (p.get('expected')) await openExpected(await fetchBytes(p.get('expected')), p.get('expected'));
})().catch((e) => { fail(e); throw e; });

window.viewer = { ready, state, show, jump, open, openExpected, play, stop };
