// `feed` and `replay` on the wasm engine: the same steps, checks and
// messages as native-host/commands/cmd_feed.c and cmd_replay.c, so both tools print
// the same bytes and exit with the same codes.

import { loadEngine } from '../engine.js';
import { Screen } from '../screen.js';
import { CastReader, LineSplitter } from '../cast_reader.js';
import { STATUS } from '../abi.generated.js';
import { readFrame } from '../frames.js';
import { isJournal, walkJournal } from '../journal.js';
import { parseFeedArgs } from './args.js';
import * as diag from './diag.js';
import { commandHelp } from './help.js';
import { CHUNK, closeInput, openInput, readChunk, writeOutput } from './io.js';

const { EXIT } = diag;

async function engineFor(args) {
  return loadEngine({ engine: args.engine });
}

// A failing core call (Screen throws TesseraError with the status).
const coreFailure = (what, e) => {
  if (typeof e?.statusText === 'string') return diag.core(what, e.statusText);
  throw e;
};

function newScreen(engine, args, rows, cols) {
  return new Screen(engine, { rows, cols, scrollback: args.scrollback, reflow: args.reflow });
}

// Drops the replies a feed queued: there is no program to answer.
function drainReplies(screen) {
  if (screen.abi.x.tsr_term_pending_replies(screen.term) > 0) screen.takeReplies();
}

function output(screen, format) {
  let bytes;
  try {
    bytes = screen.renderBytes(format);
  } catch (e) {
    return coreFailure('rendering the screen', e);
  }
  try {
    writeOutput(bytes);
  } catch (e) {
    return diag.internal(`cannot write the output: ${diag.strerror(e)}`);
  }
  return EXIT.OK;
}

function start(argv, name, defaultEngine) {
  const { code, args } = parseFeedArgs(argv, defaultEngine);
  if (code !== EXIT.OK) return { code };
  if (args.help) {
    try { writeOutput(new TextEncoder().encode(commandHelp(name).replace(/\n$/, ''))); } catch { /* like printf */ }
    return { code: EXIT.OK };
  }
  return { args };
}

export async function cmdFeed(argv, defaultEngine) {
  const { code, args } = start(argv, 'feed', defaultEngine);
  if (!args) return code;
  const input = openInput(args.file);
  if (input.error) return diag.fileErrno(input.name, 'cannot open', input.error);
  let screen;
  try {
    const engine = await engineFor(args);
    try {
      screen = newScreen(engine, args, args.rows, args.cols);
    } catch (e) {
      return coreFailure('creating the terminal', e);
    }
    const buf = new Uint8Array(CHUNK);
    for (;;) {
      let chunk;
      try {
        chunk = readChunk(input, buf);
      } catch (e) {
        return diag.fileErrno(input.name, 'cannot read', e);
      }
      if (chunk.length === 0) break;
      try {
        screen.feed(chunk);
        drainReplies(screen);
      } catch (e) {
        return coreFailure('feeding the input', e);
      }
    }
    return output(screen, args.format);
  } finally {
    closeInput(input);
    screen?.free();
  }
}

export async function cmdReplay(argv, defaultEngine) {
  const { code, args } = start(argv, 'replay', defaultEngine);
  if (!args) return code;
  if (args.file === null) return diag.usage('replay needs a FILE.cast argument');
  const input = openInput(args.file);
  if (input.error) return diag.fileErrno(input.name, 'cannot open', input.error);
  const engine = await engineFor(args);
  const abi = engine.abi;
  const reader = new CastReader(abi);
  let screen = null;

  // One line through the core's reader; returns an exit code to stop with.
  const line = (bytes) => {
    const r = reader.line(bytes);
    if (!r.ok) return failed(r);
    const e = r.event;
    try {
      if (e.kind === 'header') {
        screen = newScreen(engine, args, args.rowsGiven ? args.rows : e.rows,
          args.colsGiven ? args.cols : e.cols);
      }
    } catch (err) {
      return coreFailure('creating the terminal', err);
    }
    if (e.kind === 'output') {
      // the event's bytes are in wasm memory already: feed them in place
      const st = abi.x.tsr_term_feed(screen.term, e.dataPtr, e.len);
      if (st < 0) return diag.core('feeding an output event', abi.statusText(st));
      try { drainReplies(screen); } catch (err) { return coreFailure('feeding an output event', err); }
    } else if (e.kind === 'resize') {
      try { screen.resize(e.rows, e.cols); } catch (err) { return coreFailure('applying a resize event', err); }
    }
    return null;
  };
  const failed = (r) => (r.status === STATUS.FORMAT ? diag.fileLine(input.name, r.line, r.reason)
    : diag.internal('out of memory'));

  try {
    const split = new LineSplitter();
    const buf = new Uint8Array(CHUNK);
    for (let first = true; ; first = false) {
      let chunk;
      try {
        chunk = readChunk(input, buf);
      } catch (e) {
        return diag.fileErrno(input.name, 'cannot read', e);
      }
      // A journal starts with "tessera-journal", a cast with '{' (cmd_replay.c).
      if (first && isJournal(chunk)) return replayJournal(engine, args, input, chunk);
      const lines = chunk.length === 0 ? split.end() : split.push(chunk);
      for (const l of lines) {
        const stop = line(l);
        if (stop !== null) return stop;
      }
      if (chunk.length === 0) break;
    }
    const end = reader.finish();
    if (!end.ok) return failed(end);
    return output(screen, args.format);
  } finally {
    reader.free();
    closeInput(input);
    screen?.free();
  }
}

// `replay` of a journal, as native-host/commands/journal_replay.c: the first RESIZE
// frame is the recorded size (unless --rows/--cols), every other frame is
// applied as the live session applied it, replies are dropped.
function replayJournal(engine, args, input, firstChunk) {
  const abi = engine.abi;
  const chunks = [firstChunk.slice()];
  const buf = new Uint8Array(CHUNK);
  for (;;) {
    let chunk;
    try {
      chunk = readChunk(input, buf);
    } catch (e) {
      return diag.fileErrno(input.name, 'cannot read', e);
    }
    if (chunk.length === 0) break;
    chunks.push(chunk.slice());
  }
  const bytes = Buffer.concat(chunks);
  let screen = null;
  try {
    const r = walkJournal(abi, bytes, (p, index) => {
      if (!screen) {
        const first = index === 0 ? readFrame(abi, p) : null;
        const sized = first?.type === 'resize';
        const rows = sized && !args.rowsGiven ? first.rows : args.rows;
        const cols = sized && !args.colsGiven ? first.cols : args.cols;
        try {
          screen = newScreen(engine, args, rows, cols);
        } catch (e) {
          return coreFailure('applying a frame', e);
        }
        if (sized) return undefined;
      }
      const st = abi.x.tsr_term_apply_frame(screen.term, p, 0);
      if (st < 0) return diag.core('applying a frame', abi.statusText(st));
      try { drainReplies(screen); } catch (e) { return coreFailure('applying a frame', e); }
      return undefined;
    });
    if (r.stopped !== undefined) return r.stopped;
    if (r.reason) return diag.fileOffset(input.name, r.offset, r.reason);
    if (!screen) {
      try { screen = newScreen(engine, args, args.rows, args.cols); } catch { return diag.internal('out of memory'); }
    }
    return output(screen, args.format);
  } finally {
    screen?.free();
  }
}
