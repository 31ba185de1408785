// Failure artifacts of a live Terminal (Node only), as the native CLI writes them
// (README "Failure artifacts"): when an expectTerminal assertion fails, a folder with the
// trace the Terminal kept (trace.journal: the host's frames and the test's steps as marks),
// the screen (screen.txt, screen.styled.txt), the golden file if one was compared
// (expected.txt) and report.html, a static page with no script whose every text is escaped.
// Passing tests leave nothing.
import { encodeJournal } from './journal.js';

const FOLDER = 'tessera-artifacts';
const webDir = new URL('../../web/', import.meta.url);

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text with &, <, >, " and ' as character references. */
export const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);

const stamp = (d) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const safeName = (s) => (s.split('.')[0].replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || '_');

/** report.html: the reason, the screen (and the expected one), a link to the viewer. */
export function reportHtml({ name, reason, screen, expected, viewerUrl }) {
  const pane = (title, text) => `<section><h2>${title}</h2><pre>${escapeHtml(text)}</pre></section>\n`;
  const link = viewerUrl
    ? `<a href="${escapeHtml(viewerUrl)}">Open the trace in the viewer at the failing moment</a> (or `
    : '(';
  return '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n' +
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">\n' +
    `<title>tessera failure: ${escapeHtml(name)}</title>\n` +
    '<style>body{font:14px sans-serif;margin:1.5em}pre{font:13px monospace;background:#111;color:#eee;' +
    'padding:.6em;display:inline-block;min-width:40ch}.panes{display:flex;gap:2em;flex-wrap:wrap}' +
    '.reason{color:#a00;white-space:pre-wrap}</style>\n</head><body>\n' +
    `<h1>${escapeHtml(name)} failed</h1>\n<p class="reason">${escapeHtml(reason)}</p>\n` +
    `<p>${link}<code>node js/bin/tessera.mjs view trace.journal</code>; ` +
    '<code>tessera replay trace.journal</code>)</p>\n<div class="panes">\n' +
    (expected !== undefined ? pane('Expected', expected) : '') +
    pane(expected !== undefined ? 'Actual' : 'Screen', screen) + '</div>\n</body></html>\n';
}

/**
 * Writes the artifact folder of terminal (a live Terminal with its trace) for error, under
 * $TESSERA_ARTIFACTS or tessera-artifacts/ beside testFile (a path; else the working folder).
 * Returns the folder's path, also printed on stderr.
 */
export async function writeArtifacts(terminal, error, { testFile, expectedFile } = {}) {
  const [fs, path, url] = await Promise.all([import('node:fs/promises'), import('node:path'), import('node:url')]);
  const root = process.env.TESSERA_ARTIFACTS ||
    path.join(testFile ? path.dirname(testFile) : process.cwd(), FOLDER);
  const base = `${safeName(testFile ? path.basename(testFile) : 'terminal')}-${stamp(new Date())}`;
  await fs.mkdir(root, { recursive: true });
  let folder;
  for (let n = 1; !folder; n++) {
    const candidate = path.join(root, n === 1 ? base : `${base}-${n}`);
    try { await fs.mkdir(candidate); folder = candidate; } catch (e) { if (e.code !== 'EEXIST' || n > 999) throw e; }
  }
  const frames = terminal._trace.frames;
  const snap = terminal.screen;
  let expected;
  if (expectedFile) {
    try { expected = await fs.readFile(expectedFile, 'utf8'); } catch { expected = undefined; }
  }
  const web = url.fileURLToPath(webDir);
  const abs = path.resolve(folder);
  const ms = frames.length ? Number(BigInt(frames.at(-1).timeNs) - BigInt(frames[0].timeNs)) / 1e6 : 0;
  const back = path.relative(web, abs).split(path.sep).join('/');
  let viewerUrl = `${path.relative(abs, web).split(path.sep).join('/')}/index.html?src=${back}/trace.journal` +
    `&rev=${terminal.revision}&t=${Math.round(ms)}`;
  if (expected !== undefined) viewerUrl += `&expected=${back}/expected.txt`;
  await Promise.all([
    fs.writeFile(path.join(folder, 'trace.journal'), encodeJournal(terminal._screen.abi, frames)),
    fs.writeFile(path.join(folder, 'screen.txt'), `${snap.snapshot()}\n`),
    fs.writeFile(path.join(folder, 'screen.styled.txt'), `${snap.styledSnapshot()}\n`),
    expected !== undefined ? fs.writeFile(path.join(folder, 'expected.txt'), expected) : null,
    fs.writeFile(path.join(folder, 'report.html'), reportHtml({
      name: testFile ? path.basename(testFile) : 'terminal', reason: error.message,
      screen: snap.text(), expected, viewerUrl,
    })),
  ]);
  process.stderr.write(`tessera: artifacts: ${folder}\n`);
  return folder;
}
