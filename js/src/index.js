// tessera: the emulator core in WebAssembly, for Node and browsers.
export { loadEngine, defaultEngineName, ENGINES, Engine } from './engine.js';
export { Screen } from './screen.js';
export { ScreenSnapshot } from './snapshot.js';
export { openRecording, readRecording, Recording } from './recording.js';
export { TesseraError, HistoryEvictedError, RecordingError, TerminalError, TerminalTimeoutError } from './errors.js';
export { launch, Terminal } from './terminal.js';
export { Session } from './session.js';
export { Locator } from './locator.js';
export { expectTerminal, TerminalAssertionError } from './expect.js';
export { ReplayTerminal, openReplay, replay } from './replay.js';
