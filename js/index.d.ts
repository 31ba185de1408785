// Types of the tessera package (hand-written; the code is in src/).

export type EngineName = 'wasi' | 'emscripten';

/** A loaded WebAssembly build of the core; one instance serves many screens. */
export interface Engine {
  readonly name: EngineName;
}

export interface LoadEngineOptions {
  /** 'wasi' (the default in Node) or 'emscripten' (the default in browsers). */
  engine?: EngineName;
  /** Where the module comes from: a path or URL, its bytes, or a compiled module.
   * Default: $TESSERA_WASM_DIR, js/wasm/, then build/wasm/ (Node); ../wasm/ next to src/ (browsers). */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
}

export declare const ENGINES: readonly EngineName[];
export declare function defaultEngineName(): EngineName;
export declare function loadEngine(options?: LoadEngineOptions): Promise<Engine>;

export interface HistoryLimits {
  /** Revisions kept (default 1000). */
  maxRevisions?: number;
  /** Output bytes the kept revisions were made from (default 4 MiB). */
  maxRawBytes?: number;
  /** Memory of the kept revisions' distinct rows (default 64 MiB). */
  maxDecodedBytes?: number;
}

export interface ScreenOptions {
  rows?: number;       // 1..1000, default 24
  cols?: number;       // 1..1000, default 80
  scrollback?: number; // 0..1000000, default 1000
  reflow?: boolean;    // re-wrap the primary screen on resize
  history?: HistoryLimits;
}

/** 'default', an indexed colour 0..255, or '#rrggbb'. */
export type Color = 'default' | number | `#${string}`;

export interface CellStyle {
  fg: Color;
  bg: Color;
  underlineColor: Color;
  underline: 'none' | 'single' | 'double' | 'curly' | 'dotted' | 'dashed';
  bold: boolean;
  dim: boolean;
  italic: boolean;
  blink: boolean;
  inverse: boolean;
  hidden: boolean;
  strike: boolean;
  overline: boolean;
  /** The OSC 8 hyperlink's URI, or null. */
  link: string | null;
}

export interface Cell {
  /** The grapheme cluster; '' for a blank cell or the tail of a wide one. */
  text: string;
  codepoints: number[];
  /** 1, 2 for the head of a wide character, 0 for its tail. */
  width: number;
  protected: boolean;
  style: CellStyle;
}

export interface Cursor {
  row: number; // zero-based, in the viewport
  col: number;
  visible: boolean;
  shape: 'default' | 'block' | 'underline' | 'bar';
  blink: boolean;
  /** The last column was written with autowrap on. */
  pendingWrap: boolean;
}

/** A region in zero-based cells; width/height 0 (or missing) reach the edge. */
export interface Region {
  row?: number;
  column?: number;
  width?: number;
  height?: number;
}

export interface FindOptions {
  /** The whole row, trailing spaces removed, must equal the text. */
  exact?: boolean;
  /** A match must lie wholly inside. */
  region?: Region;
}

/** A match of a strict text locator: its row, first cell and cells covered. */
export interface Match {
  row: number;
  column: number;
  width: number;
}

export type FrameType = 'output' | 'resize' | 'reset' | 'exit' | 'input-ack' | 'input';

export interface Frame {
  type: FrameType | 1 | 2 | 3 | 4 | 5 | 6;
  /** The host's monotonic time in nanoseconds. */
  timeNs?: bigint | number;
  /** output and input: the bytes (a string is taken as UTF-8). */
  data?: Uint8Array | string;
  rows?: number; // resize
  cols?: number; // resize
  exitCode?: number; // exit: the status, or -1 when a signal ended the program
  exitSignal?: number; // exit: the signal, 0 if none
  actionId?: bigint | number; // input-ack
}

export interface HistoryStats {
  revisions: number;
  rawBytes: number;
  decodedBytes: number;
  /** What the same revisions would take as full copies. */
  fullCopyBytes: number;
  evicted: number;
}

interface Queries {
  /** Rows trimmed, joined by '\n', trailing blank rows dropped. */
  text(): string;
  rowText(row: number): string;
  rowsText(): string[];
  /** The exact grid: every row padded to the width, joined by '\n'. */
  snapshot(): string;
  /** Run-length styled rows ({bold fg=2}Done{} ...), joined by '\n'. */
  styledSnapshot(): string;
  cell(row: number, col: number): Cell;
  /** Every match in the visible rows, row-major (literal, case-sensitive, one row, cell-aware). */
  findAll(text: string, options?: FindOptions): Match[];
  /** The first match, or null. */
  find(text: string, options?: FindOptions): { row: number; col: number } | null;
  contains(text: string, options?: FindOptions): boolean;
}

export declare class Screen implements Queries {
  constructor(engine: Engine, options?: ScreenOptions);
  /** Loads the engine (options.engine, default per platform) and makes a screen. */
  static create(options?: ScreenOptions & LoadEngineOptions): Promise<Screen>;
  readonly engine: Engine;

  /** Bytes as a program wrote them (strings as UTF-8). Makes no revision: use applyFrame. */
  feed(data: Uint8Array | ArrayBuffer | ArrayBufferView | string): this;
  /** The replies the terminal owes the program (DA, CPR, ...), taken from its queue. */
  takeReplies(): Uint8Array;
  resize(rows: number, cols: number): this;
  reset(): this;
  /** Applies one frame; at most one revision, stamped with the frame's time. */
  applyFrame(frame: Frame): { revision: number; made: boolean };

  text(): string;
  rowText(row: number): string;
  rowsText(): string[];
  snapshot(): string;
  styledSnapshot(): string;
  /** The core's JSON rendering, parsed. */
  json(): unknown;
  scrollbackText(): string;
  readonly scrollbackLines: number;
  /** A rendering as the CLI prints it (without the final newline). */
  renderBytes(format?: 'text' | 'exact' | 'styled' | 'json'): Uint8Array;
  cell(row: number, col: number): Cell;
  hyperlink(id: number): string;
  cursor(): Cursor;
  findAll(text: string, options?: FindOptions): Match[];
  find(text: string, options?: FindOptions): { row: number; col: number } | null;
  contains(text: string, options?: FindOptions): boolean;

  readonly rows: number;
  readonly cols: number;
  readonly reflow: boolean;
  /** A mode's value, or null if the core does not track it (DEC private with {private: true}). */
  mode(n: number, options?: { private?: boolean }): boolean | null;
  readonly mouseTracking: 'off' | 'x10' | 'normal' | 'button' | 'any';
  readonly mouseEncoding: 'default' | 'utf8' | 'sgr' | 'urxvt';
  readonly focusReporting: boolean;
  readonly bracketedPaste: boolean;
  readonly altScreen: boolean;
  readonly keypadApplication: boolean;
  readonly title: string;
  readonly iconName: string;
  readonly bellCount: number;
  readonly exitStatus: { code: number; signal: number } | null;

  /** The newest revision (0 is the blank screen the terminal starts with). */
  readonly revision: number;
  /** The oldest revision still kept. */
  readonly oldestRevision: number;
  /** An immutable snapshot; HistoryEvictedError if seq is older than the history. */
  revisionAt(seq?: number): ScreenSnapshot;
  /** Snapshots since..newest, oldest first; HistoryEvictedError, never a shorter range. */
  revisionsSince(since: number): ScreenSnapshot[];
  historyStats(): HistoryStats;

  free(): void;
  dispose(): void;
}

/**
 * One revision, frozen. seq, timeNs, size, cursor, lines and the renderings
 * are read when it is made; cell() and the searches ask the core and throw
 * HistoryEvictedError once the revision has left the history.
 */
export declare class ScreenSnapshot implements Queries {
  readonly seq: number;
  readonly timeNs: bigint;
  readonly hash: bigint;
  readonly rows: number;
  readonly cols: number;
  readonly altScreen: boolean;
  readonly cursor: Readonly<Cursor>;
  readonly lines: ReadonlyArray<Readonly<{ text: string }>>;
  text(): string;
  rowText(row: number): string;
  rowsText(): string[];
  snapshot(): string;
  styledSnapshot(): string;
  cell(row: number, col: number): Cell;
  findAll(text: string, options?: FindOptions): Match[];
  find(text: string, options?: FindOptions): { row: number; col: number } | null;
  contains(text: string, options?: FindOptions): boolean;
}

export type RecordingFrame =
  | { type: 'output' | 'input'; timeNs: bigint; data: Uint8Array }
  | { type: 'resize'; timeNs: bigint; rows: number; cols: number }
  | { type: 'reset'; timeNs: bigint }                                      // journals only
  | { type: 'exit'; timeNs: bigint; exitCode: number; exitSignal: number } // journals only
  | { type: 'input-ack'; timeNs: bigint; actionId: bigint };               // journals only

export declare class Recording {
  readonly engine: Engine;
  readonly format: 'asciicast' | 'journal';
  /** The header's size (a journal's first RESIZE frame, else 24x80). */
  readonly header: Readonly<{ cols: number; rows: number }>;
  readonly cols: number;
  readonly rows: number;
  /** asciicast: one frame per output, input and resize event, in order, times in ns.
   * journal: its frames after the first RESIZE, as recorded. */
  readonly frames: ReadonlyArray<Readonly<RecordingFrame>>;
  readonly markers: ReadonlyArray<{ timeNs: bigint; label: string }>;
  /** Applies every frame (to a new screen of the header's size unless given). */
  replay(screen?: Screen, options?: ScreenOptions): Screen;
}

/** Reads an asciicast v2 file (through the core's reader) or a tessera journal (Node). */
export declare function openRecording(path: string | URL,
  options?: { engine?: EngineName | Engine }): Promise<Recording>;
/** The same from bytes; name is what errors call the file. */
export declare function readRecording(bytes: Uint8Array,
  options: { engine: Engine; name?: string }): Recording;

export declare class TesseraError extends Error {
  /** The core's tsr_status (negative), or null. */
  readonly status: number | null;
  readonly statusText?: string;
}
export declare class HistoryEvictedError extends TesseraError {}
/** An invalid recording; message as the native CLI prints it: "FILE:LINE: reason"
 * (asciicast) or "FILE: byte OFFSET: reason" (journal). */
export declare class RecordingError extends TesseraError {
  readonly file: string;
  readonly line: number | null;
  readonly offset: number | null;
  readonly reason: string;
}
