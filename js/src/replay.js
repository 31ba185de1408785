// openReplay and replay: a recording, read or given, as a ReplayTerminal
// (replay_terminal.js), at a point if asked.

import { openRecording } from './recording.js';
import { ReplayTerminal, replayAt } from './replay_terminal.js';

export { ReplayTerminal };

/** Opens an asciicast or journal file as a ReplayTerminal, at a point if options say (see seek). */
export async function openReplay(path, options = {}) {
  return replayAt(await openRecording(path, { engine: options.engine }), options);
}

/** A ReplayTerminal over a Recording already read. */
export function replay(recording, options = {}) { return new ReplayTerminal(recording, options); }
