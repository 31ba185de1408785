// tessera: the emulator core in WebAssembly, for Node and browsers.
export { loadEngine, defaultEngineName, ENGINES, Engine } from './engine.js';
export { Screen } from './screen.js';
export { ScreenSnapshot } from './snapshot.js';
export { openRecording, readRecording, Recording } from './recording.js';
export { TesseraError, HistoryEvictedError, RecordingError } from './errors.js';
