// Errors the package throws. A failing core call carries its tsr_status;
// asking for a revision older than the kept history is its own class, as the
// seed's assertions require (HistoryEvictedError, never a shorter range).

import { STATUS } from './abi.generated.js';
import { screenSection } from './diagnostics.js';

export class TesseraError extends Error {
  /** @param {string} message @param {number} [status] */
  constructor(message, status) {
    super(message);
    this.name = 'TesseraError';
    this.status = status ?? null;
  }

  static fromStatus(status, what, statusText) {
    const message = what ? `${what}: ${statusText}` : statusText;
    const e = status === STATUS.EVICTED ? new HistoryEvictedError(message) : new TesseraError(message, status);
    e.statusText = statusText;
    return e;
  }
}

export class HistoryEvictedError extends TesseraError {
  constructor(message, details = {}) {
    super(message, STATUS.EVICTED);
    this.name = 'HistoryEvictedError';
    Object.assign(this, details);
  }
}

// An invalid recording, worded exactly as the native CLI prints it:
// "FILE:LINE: reason" for asciicast, "FILE: byte OFFSET: reason" for journals.
export class RecordingError extends TesseraError {
  constructor(file, line, reason, offset = null) {
    super(offset === null ? `${file}:${line}: ${reason}` : `${file}: byte ${offset}: ${reason}`, STATUS.FORMAT);
    this.name = 'RecordingError';
    this.file = file;
    this.line = line;
    this.offset = offset;
    this.reason = reason;
  }
}

/** A host failure: the program could not start, an input was refused, the host ended. */
export class TerminalError extends Error {
  constructor(message) { super(message); this.name = 'TerminalError'; }
}

/**
 * A wait on a live terminal (an action's acknowledgement, waitForExit, close)
 * that missed its deadline; the message shows the screen as assertion
 * failures do.
 */
export class TerminalTimeoutError extends TerminalError {
  /** @param {{what: string, timeoutMs: number, reason: string, snapshot: object, program: string, exitStatus?: object}} d */
  constructor(d) {
    super([`${d.what} timed out after ${d.timeoutMs} ms: ${d.reason}`, `  timeout: ${d.timeoutMs} ms`,
      `  program: ${d.program}`, screenSection(d.snapshot, 'timeout')].join('\n'));
    this.name = 'TerminalTimeoutError';
    this.code = 'ETIMEDOUT';
    this.what = d.what;
    this.timeoutMs = d.timeoutMs;
    this.snapshot = d.snapshot ?? null;
    this.exitStatus = d.exitStatus ?? null;
  }
}
