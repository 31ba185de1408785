// tessera-terminal/core: the engine alone, for pages and tools that drive no program: the
// wasm loader, Screen and its snapshots, recordings, the ABI's constants. No top-level await
// and nothing of Node's, so a bundler puts it in a browser page as it is (web/ does).
export { loadEngine, defaultEngineName, ENGINES, Engine } from './engine.js';
export { Screen } from './screen.js';
export { ScreenSnapshot } from './snapshot.js';
export { openRecording, readRecording, Recording } from './recording.js';
export { isJournal, journalFrames, journalVersion } from './journal.js';
import { encodeJournal as encodeWithAbi } from './journal.js';

/** A journal's bytes from frames, as tessera writes them (version 2 unless told 1). */
export const encodeJournal = (engine, frames, options) => encodeWithAbi(engine.abi, frames, options);
import { FrameDecoder } from './frames.js';

/** A `tessera host` stream's frames, decoded as they arrive: push(chunk) returns the frames
 *  it completed (docs/host-protocol.md); source names the stream in error messages. */
export const frameStream = (engine, source) => new FrameDecoder(engine.abi, source);
export { TesseraError, HistoryEvictedError, RecordingError } from './errors.js';
export { FRAME, FRAME_TYPE, JOURNAL_MAGIC, OFFSET, SIZEOF, STATUS } from './abi.generated.js';
