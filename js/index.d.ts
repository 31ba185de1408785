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
  /** The colours it is drawn with ('#rrggbb'; tessera/svg.h): theme, palette, inverse, dim, hidden applied. */
  paint: { fg: string; bg: string; underline: string };
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

export type FrameType = 'output' | 'resize' | 'reset' | 'exit' | 'input-ack' | 'input' | 'mark' | 'keyframe';

export interface Frame {
  type: FrameType | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  /** The host's monotonic time in nanoseconds. */
  timeNs?: bigint | number;
  /** output and input: the bytes (a string is taken as UTF-8); mark: its label; keyframe: Screen.keyframe()'s bytes. */
  data?: Uint8Array | string;
  rows?: number; // resize, keyframe
  cols?: number; // resize, keyframe
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

/** The colours OSC 10, 11 and 12 set, each '#rrggbb'. */
/** A row's size: DECDWL (`ESC # 6`) makes it double width, DECDHL (`ESC # 3`, `ESC # 4`) the top or bottom half of double-height text; such a row holds the first half of the columns. */
export type LineSize = 'single' | 'double-width' | 'double-height-top' | 'double-height-bottom';

export interface DefaultColors {
  fg: string;
  bg: string;
  cursor: string;
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
  /** An SVG picture (tessera/svg.h, as `tessera replay --svg`): colours, styles, cell widths, the cursor. */
  toSVG(): string;
  cell(row: number, col: number): Cell;
  /** The size of row `row` (DECDWL, DECDHL); a TesseraError outside the screen. */
  lineSize(row: number): LineSize;
  /** The '#rrggbb' of palette entry index (0..255) before any OSC 4 change. */
  paletteDefault(index: number): string;
  /** The '#rrggbb' of palette entry index (0..255) on this screen: the default unless the program changed it (OSC 4, 104). RangeError outside 0..255. */
  palette(index: number): string;
  /** The default text, background and cursor colours as '#rrggbb': the program's (OSC 10, 11, 12) or the terminal's defaults, what their queries answer. */
  defaultColors(): DefaultColors;
  /** The '#rrggbb' the cursor is drawn with: the program's OSC 12, else the theme's text colour. */
  cursorPaint(): string;
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
  /** An SVG picture (tessera/svg.h, as `tessera replay --svg`): colours, styles, cell widths, the cursor. */
  toSVG(): string;
  /** The core's JSON rendering, parsed. */
  json(): unknown;
  scrollbackText(): string;
  readonly scrollbackLines: number;
  /** A rendering as the CLI prints it (without the final newline). */
  renderBytes(format?: 'text' | 'exact' | 'styled' | 'json' | 'svg'): Uint8Array;
  /** A keyframe: bytes that, in a KEYFRAME frame of this size, rebuild this screen (scrollback up to scrollbackBytes). */
  keyframe(scrollbackBytes?: number): Uint8Array;
  cell(row: number, col: number): Cell;
  /** The size of row `row` (DECDWL, DECDHL); a TesseraError outside the screen. */
  lineSize(row: number): LineSize;
  /** The '#rrggbb' of palette entry index (0..255) before any OSC 4 change. */
  paletteDefault(index: number): string;
  /** The '#rrggbb' of palette entry index (0..255) on this screen: the default unless the program changed it (OSC 4, 104). RangeError outside 0..255. */
  palette(index: number): string;
  /** The default text, background and cursor colours as '#rrggbb': the program's (OSC 10, 11, 12) or the terminal's defaults, what their queries answer. */
  defaultColors(): DefaultColors;
  /** The '#rrggbb' the cursor is drawn with: the program's OSC 12, else the theme's text colour. */
  cursorPaint(): string;
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
  /** The kitty keyboard protocol's flags on the shown buffer's stack (0: off). */
  readonly kittyKeyboard: number;
  /** xterm's modifyOtherKeys level (0, 1 or 2). */
  readonly modifyOtherKeys: number;
  /** The bytes press(key) sends in the current modes, keyboard protocols included. */
  keyBytes(key: string): Uint8Array;
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
export interface SnapshotModes {
  insert: boolean;
  linefeed_newline: boolean;
  cursor_keys_application: boolean;
  keypad_application: boolean;
  origin: boolean;
  autowrap: boolean;
  reverse_video: boolean;
  alt_screen: boolean;
  mouse_tracking: 'off' | 'x10' | 'normal' | 'button' | 'any';
  mouse_encoding: 'default' | 'utf8' | 'sgr' | 'urxvt';
  focus_reporting: boolean;
  bracketed_paste: boolean;
  synchronized_output: boolean;
}

export declare class ScreenSnapshot implements Queries {
  readonly seq: number;
  readonly timeNs: bigint;
  readonly hash: bigint;
  readonly rows: number;
  readonly cols: number;
  readonly altScreen: boolean;
  readonly cursor: Readonly<Cursor>;
  readonly lines: ReadonlyArray<Readonly<{ text: string }>>;
  /** The modes of this revision, as in `tessera feed --json`. */
  readonly modes: Readonly<SnapshotModes>;
  readonly title: string;
  readonly iconName: string;
  text(): string;
  rowText(row: number): string;
  rowsText(): string[];
  snapshot(): string;
  styledSnapshot(): string;
  /** An SVG picture (tessera/svg.h, as `tessera replay --svg`): colours, styles, cell widths, the cursor. */
  toSVG(): string;
  cell(row: number, col: number): Cell;
  /** The size of row `row` (DECDWL, DECDHL); a TesseraError outside the screen. */
  lineSize(row: number): LineSize;
  /** The '#rrggbb' of palette entry index (0..255) before any OSC 4 change. */
  paletteDefault(index: number): string;
  /** The '#rrggbb' of palette entry index (0..255) on this screen: the default unless the program changed it (OSC 4, 104). RangeError outside 0..255. */
  palette(index: number): string;
  /** The default text, background and cursor colours as '#rrggbb': the program's (OSC 10, 11, 12) or the terminal's defaults, what their queries answer. */
  defaultColors(): DefaultColors;
  /** The '#rrggbb' the cursor is drawn with: the program's OSC 12, else the theme's text colour. */
  cursorPaint(): string;
  findAll(text: string, options?: FindOptions): Match[];
  find(text: string, options?: FindOptions): { row: number; col: number } | null;
  contains(text: string, options?: FindOptions): boolean;
}

export type RecordingFrame =
  | { type: 'output' | 'input'; timeNs: bigint; data: Uint8Array }
  | { type: 'resize'; timeNs: bigint; rows: number; cols: number }
  | { type: 'reset'; timeNs: bigint }                                      // journals only
  | { type: 'exit'; timeNs: bigint; exitCode: number; exitSignal: number } // journals, asciicast v3's x event
  | { type: 'input-ack'; timeNs: bigint; actionId: bigint }                // journals only
  | { type: 'keyframe'; timeNs: bigint; rows: number; cols: number; data: Uint8Array }; // traces that dropped frames

export declare class Recording {
  readonly engine: Engine;
  readonly format: 'asciicast' | 'journal';
  /** The header's size (a journal's first RESIZE frame, else 24x80). */
  readonly header: Readonly<{ cols: number; rows: number }>;
  readonly cols: number;
  readonly rows: number;
  /** asciicast: one frame per output, input, resize and (v3) exit event, in order, times in ns.
   * journal: its frames after the first RESIZE, as recorded. */
  readonly frames: ReadonlyArray<Readonly<RecordingFrame>>;
  readonly markers: ReadonlyArray<{ timeNs: bigint; label: string }>;
  /** Each frame's and each marker's number among all events of the recording, from 1. */
  readonly frameEvents: ReadonlyArray<number>;
  readonly markerEvents: ReadonlyArray<number>;
  /** How many events it holds, of every kind (asciicast lines after the header; journal frames after the size). */
  readonly events: number;
  /** Where times count from: 0 for asciicast, the first frame's time for a journal. */
  readonly startNs: bigint;
  /** Applies every frame (to a new screen of the header's size unless given). */
  replay(screen?: Screen, options?: ScreenOptions): Screen;

  // The replay API, answered by `session` (so expectTerminal(recording) works too); the
  // rest of it is declared by the interface below.
  /** The recording as a ReplayTerminal on virtual time, made on first use with openRecording's options. */
  readonly session: ReplayTerminal;
  advanceTo(ms: number): this;
  seek(point: ReplayPoint): this;
}
export interface Recording extends Pick<ReplayTerminal, 'screen' | 'engineScreen' | 'revision' | 'title' |
  'timeoutMs' | 'lastAction' | 'receipts' | 'ended' | 'exitStatus' | 'getByText' | 'nowNs' | 'close'> {}

/**
 * Reads an asciicast v2 or v3 file (through the core's reader) or a tessera journal (Node). The
 * other options are those of its replay (`session`); a point (at, event, mark) is applied,
 * and checked, at once.
 */
export declare function openRecording(path: string | URL,
  options?: { engine?: EngineName | Engine; timeoutMs?: number; history?: HistoryLimits; reflow?: boolean;
    scrollback?: number } & ReplayPoint): Promise<Recording>;
/** The same from bytes; name is what errors call the file. */
export declare function readRecording(bytes: Uint8Array,
  options: { engine: Engine; name?: string }): Recording;

/** Journals in memory (tessera-terminal/core). A journal starts with its magic line. */
export declare function isJournal(bytes: Uint8Array): boolean;
/** The journal's version from its first line, or why it is not one this reader takes. */
export declare function journalVersion(bytes: Uint8Array): { version: 1 | 2; length: number } | { reason: string };
/** A whole journal's frames (views of `bytes`, not copies); throws RecordingError naming `name`. */
export declare function journalFrames(engine: Engine, bytes: Uint8Array, name?: string): { version: 1 | 2; frames: Frame[] };
/** A journal's bytes from frames, as tessera writes them; the first should be the recorded size's RESIZE. */
export declare function encodeJournal(engine: Engine, frames: Frame[], options?: { version?: 1 | 2 }): Uint8Array;
/** A `tessera host` stream's frames, decoded as they arrive: push(chunk) returns the frames it completed. */
export declare function frameStream(engine: Engine, source?: string): { push(chunk: Uint8Array): Frame[] };

/** The ABI's numbers as the core defines them (generated from its headers for wasm32). */
export declare const FRAME: Readonly<{ HEADER_BYTES: number; MAX_PAYLOAD: number }>;
export declare const FRAME_TYPE: Readonly<Record<'OUTPUT' | 'RESIZE' | 'RESET' | 'EXIT' | 'INPUT_ACK' | 'INPUT' | 'MARK' | 'KEYFRAME', number>>;
/** The first line of a journal this tessera writes. */
export declare const JOURNAL_MAGIC: string;
/** Byte offsets of each ABI struct's fields (wasm32). */
export declare const OFFSET: Readonly<Record<string, Readonly<Record<string, number>>>>;
/** Byte sizes of each ABI struct (wasm32). */
export declare const SIZEOF: Readonly<Record<string, number>>;
/** The core's tsr_status codes (OK is 0, errors negative). */
export declare const STATUS: Readonly<Record<'OK' | 'NOMEM' | 'INVALID' | 'RANGE' | 'EVICTED' | 'AGAIN' | 'FORMAT' | 'MODE', number>>;

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

// ---------------------------------------------------------------- the test API (issue 5)

/** What an action resolves with: the revision boundary at which its input was written
 * (for resize: the revision after the RESIZE frame). */
export interface ActionReceipt {
  /** The input's id (null for resize and for asciicast input in replays). */
  readonly id: number | null;
  readonly revision: number;
  /** The host's monotonic time of the INPUT_ACK (or RESIZE) frame. */
  readonly timeNs: bigint;
}

export interface LaunchOptions {
  rows?: number; // default 24
  cols?: number; // default 80
  /** Added to the program's environment. */
  env?: Record<string, string>;
  cwd?: string;
  /** The real HOME (the host's, from this process's environment). By default every program gets a
   * fresh temporary HOME and XDG folders, removed when it closes; env.HOME wins either way. */
  inheritHome?: boolean;
  /** The default (a fresh HOME), said; changes nothing. With inheritHome the launch is refused. */
  isolateHome?: boolean;
  /** How long each input action waits for the program to read its terminal before it is sent
   * anyway, unless the action says otherwise (1..86400000 ms; default: the host's, 1000). */
  readyBudgetMs?: number;
  /** The most bytes of journal the failure trace keeps, its last (default: $TESSERA_TRACE_MAX_BYTES,
   * else 64 MiB; at least 64 KiB): older frames are dropped at a keyframe of the screen. */
  traceMaxBytes?: number;
  reflow?: boolean;
  scrollback?: number;
  history?: HistoryLimits;
  /** The default deadline of every wait: assertions, action receipts, waitForExit, close (default 5000). */
  timeoutMs?: number;
  engine?: EngineName;
  /** The tessera binary (default: $TESSERA_BIN, $TESSERA_BUILD_DIR/bin/tessera, each folder of $PATH,
   * /usr/local/bin/tessera (cmake --install), then the checkout's build/bin/tessera). */
  hostPath?: string;
  /** Closes the terminal when it aborts. */
  signal?: AbortSignal;
  /** A node:test context: the terminal closes after that test (t.after) or when it is cancelled. */
  test?: { after(fn: () => unknown): void; signal?: AbortSignal };
}

/** A deadline for one wait (default: the launch's timeoutMs). */
export interface DeadlineOptions { timeoutMs?: number }

/**
 * An input action first waits, up to a budget, for the program to be reading its terminal
 * (blocked reading, nothing unread), then sends whatever the answer; the step's end mark says
 * when it was sent anyway. The action's timeoutMs covers that wait too.
 */
export interface ActionOptions extends DeadlineOptions {
  /** Send at once, without waiting for readiness (Playwright's `force`). Not with readyMs. */
  now?: boolean;
  /** This action's readiness budget (1..86400000 ms; default: launch's readyBudgetMs, else 1000). */
  readyMs?: number;
}

/**
 * How text must look (getByText(text, { style }), toHaveStyle): a tape's `expect "OK" fg=2
 * bold` as an object. A key left out is not looked at; attributes: true set, false clear.
 */
export interface TextStyle {
  /** A palette index 0..255, 'default', or '#rrggbb' (which also matches a palette index whose
   * default colour it is). */
  fg?: Color;
  bg?: Color;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  /** Any kind of underline (single, double, curly, dotted, dashed). */
  underline?: boolean;
  blink?: boolean;
  /** The attribute the program set (SGR 7), not the colours it is painted with. */
  inverse?: boolean;
  hidden?: boolean;
  strike?: boolean;
  overline?: boolean;
}

export interface LocatorOptions {
  /** The whole row, trailing spaces removed, must match. */
  exact?: boolean;
  /** Only matches whose every cell looks so (wide characters' tails are not looked at). */
  style?: TextStyle;
}

export type MouseButton = 'left' | 'middle' | 'right' | 'none';
export type Modifier = 'shift' | 'alt' | 'ctrl';

/** What live terminals and replays share. */
export declare class Session {
  /** The latest immutable snapshot (the newest revision). */
  readonly screen: ScreenSnapshot;
  /** The wasm Screen the frames are applied to (live; prefer `screen`). */
  readonly engineScreen: Screen;
  readonly revision: number;
  readonly title: string;
  readonly timeoutMs: number;
  /** The most recent completed action (the default baseline of toHaveShown). */
  readonly lastAction: ActionReceipt | null;
  /** The program exited (EXIT frame) or the recording has no more frames. */
  readonly ended: boolean;
  readonly exitStatus: { code: number; signal: number } | null;
  /** A string is literal and case-sensitive; a RegExp is tried on each row's text (one row). */
  getByText(text: string | RegExp, options?: LocatorOptions): Locator;
  /** The clock assertions use: monotonic ns (live) or the recording's time (replays). */
  nowNs(): bigint;
}

export declare class Terminal extends Session {
  readonly keyboard: {
    /** A key name as in README.md "Keys": 'Enter', 'ctrl+c', 'alt+shift+tab', 'f5', 'a'. */
    press(key: string, options?: ActionOptions): Promise<ActionReceipt>;
    type(text: string, options?: ActionOptions): Promise<ActionReceipt>;
  };
  /** Every action rejects with a TerminalTimeoutError if its acknowledgement misses the deadline. */
  readonly mouse: {
    click(row: number, col: number, options?: MouseOptions): Promise<ActionReceipt>;
    /** Two clicks, the second sent at once after the first. */
    dblclick(row: number, col: number, options?: MouseOptions): Promise<ActionReceipt>;
    down(row: number, col: number, options?: MouseOptions): Promise<ActionReceipt>;
    up(row: number, col: number, options?: MouseOptions): Promise<ActionReceipt>;
    move(row: number, col: number, options?: MouseOptions): Promise<ActionReceipt>;
    wheel(row: number, col: number, direction?: 'up' | 'down', options?: { mods?: Modifier[] } & ActionOptions): Promise<ActionReceipt>;
  };
  /** Bracketed when the program set ?2004. */
  paste(text: string, options?: ActionOptions): Promise<ActionReceipt>;
  focus(focused?: boolean, options?: ActionOptions): Promise<ActionReceipt>;
  /** Sent at once (no readiness wait). */
  resize(rows: number, cols: number, options?: DeadlineOptions): Promise<ActionReceipt>;
  /**
   * Resolves once the program waits for input: the screen settled and the PTY's foreground
   * process group is blocked reading the terminal (Linux /proc; elsewhere the settled screen
   * alone, with a warning in hostErrors). Rejects at timeoutMs (default: the launch's). The
   * receipt does not replace lastAction.
   */
  waitForInputReady(options?: { timeoutMs?: number }): Promise<ActionReceipt>;
  /** Resolves once the program has exited and its output was drained; a TerminalTimeoutError at the deadline. */
  waitForExit(options?: DeadlineOptions): Promise<{ code: number; signal: number }>;
  /** Ends the program's process group and the host; idempotent. At the deadline the host is
   * killed (its PTY hangs up) and it rejects with a TerminalTimeoutError. */
  close(options?: DeadlineOptions): Promise<void>;
  /** Error lines the host wrote on stderr, parsed. */
  readonly hostErrors: ReadonlyArray<{ op?: string; id?: number; error: string }>;
}

/** Starts `tessera host` and the program on a PTY; resolves once the program runs. */
export declare function launch(command: string, args?: string[], options?: LaunchOptions): Promise<Terminal>;
export declare function launch(command: string, options?: LaunchOptions): Promise<Terminal>;

export interface MouseOptions extends ActionOptions { button?: MouseButton; mods?: Modifier[] }

/** A host failure: the program could not start, an input was refused, the host ended; or a
 * locator action whose locator matched several times (candidates) or never before the end. */
export declare class TerminalError extends Error {
  readonly candidates?: Match[];
  readonly snapshot?: ScreenSnapshot | null;
}
/** A wait on a live terminal that missed its deadline; the message shows the screen. */
export declare class TerminalTimeoutError extends TerminalError {
  readonly code: 'ETIMEDOUT';
  /** What waited, e.g. 'terminal.waitForExit()', 'press "q"'. */
  readonly what: string;
  readonly timeoutMs: number;
  readonly snapshot: ScreenSnapshot | null;
  readonly exitStatus: { code: number; signal: number } | null;
  /** On a live Terminal: the failure artifacts' folder (README "Failure artifacts"), when written. */
  readonly artifacts?: string;
}

/** A recording as a session on virtual time: frames are applied as assertions wait. */
export declare class ReplayTerminal extends Session {
  readonly recording: Recording;
  /** Receipts of the recorded input (and, in journals, INPUT_ACK) frames applied so far. */
  readonly receipts: ReadonlyArray<ActionReceipt>;
  /** Applies every frame up to `ms` after the start of the recording. */
  advanceTo(ms: number): this;
  /** Applies every frame up to one point (throws RangeError when the recording lacks it). */
  seek(point: ReplayPoint): this;
  close(): Promise<void>;
}
/** Where a replay starts: one of these, as `tessera replay --at/--event/--mark`. */
export interface ReplayPoint {
  /** ms, or a span such as '1500ms', '2s', '1m', from the recording's start */
  at?: number | string;
  /** after the first N events of any kind (0: none applied) */
  event?: number;
  /** at the first marker ("m" event) with this label */
  mark?: string;
}
export declare function openReplay(path: string | URL,
  options?: { engine?: EngineName | Engine; timeoutMs?: number; history?: HistoryLimits; reflow?: boolean } & ReplayPoint): Promise<ReplayTerminal>;
export declare function replay(recording: Recording,
  options?: { timeoutMs?: number; history?: HistoryLimits; reflow?: boolean }): ReplayTerminal;

/** A strict text locator, evaluated lazily on the latest snapshot. */
export declare class Locator {
  /** A string: literal, case-sensitive. A RegExp: tried on each visible row's text (trailing
   * spaces removed), never across rows; a match covers the cells of its characters. */
  readonly text: string | RegExp;
  readonly exact: boolean;
  /** The i-th candidate, zero-based, row-major; past the last it waits like zero matches. */
  nth(i: number): Locator;
  /** Only matches wholly inside the region (zero-based cells). */
  region(region: Region): Locator;
  /** The candidates on a snapshot and the one selected (null for none, or several without nth). */
  resolve(snapshot?: ScreenSnapshot): { candidates: Match[]; match: Match | null; ambiguous: boolean };
  /**
   * Live terminals only: waits (within timeoutMs) for exactly one match, then clicks its middle
   * cell (the left of two), as a tape's `click "TEXT"`. Several matches reject at once with a
   * TerminalError; none by the deadline with a TerminalTimeoutError.
   */
  click(options?: MouseOptions): Promise<ActionReceipt>;
  /** Two clicks there, the second sent at once after the first. */
  dblclick(options?: MouseOptions): Promise<ActionReceipt>;
  /** Turns the wheel over its middle cell (default 'down'). */
  wheel(direction?: 'up' | 'down', options?: ActionOptions & { mods?: Modifier[] }): Promise<ActionReceipt>;
  toString(): string;
}

/** How an assertion went: snapshots evaluated, wake-ups, the revision that satisfied it. */
export interface AssertionStats {
  evaluations: number;
  wakeups: number;
  revision: number;
  baseline?: number;
}

export interface WaitOptions { timeoutMs?: number }
export interface SettleOptions extends WaitOptions { settleMs?: number /* default 100 */ }
export interface ShownOptions extends WaitOptions {
  /** A receipt or a revision; default the most recent completed action (else revision 0). */
  since?: ActionReceipt | number;
}

export interface TerminalExpectation {
  /** The locator matches exactly once (first appearance; no settling). */
  toBePresent(options?: WaitOptions): Promise<AssertionStats>;
  /** The locator matches once (or, on a terminal, nothing) while the screen is unchanged for settleMs. */
  toBeStable(options?: SettleOptions): Promise<AssertionStats>;
  /** The locator stays absent for settleMs; reappearing restarts the window. */
  toBeAbsent(options?: SettleOptions): Promise<AssertionStats>;
  /** The predicate holds on a screen unchanged for settleMs. */
  toSatisfy(predicate: (snapshot: ScreenSnapshot) => boolean, options?: SettleOptions): Promise<AssertionStats>;
  /** Some revision after the baseline satisfied the predicate (HistoryEvictedError if the baseline is gone). */
  toHaveShown(predicate: (snapshot: ScreenSnapshot) => boolean, options?: ShownOptions): Promise<AssertionStats>;
  /** Some revision after the baseline showed the text (literal, one row). */
  toHaveShownText(text: string, options?: ShownOptions & { exact?: boolean }): Promise<AssertionStats>;
  /**
   * The settled screen matches the golden file `__snapshots__/NAME.txt` beside the test file
   * (or in `dir`), compared once the screen is unchanged for settleMs by the native `tessera
   * golden` (through WASI): a difference fails at once, with its diff. With TESSERA_UPDATE=1 the
   * settled screen's exact padded grid is written there instead (Node only).
   */
  toMatchSnapshot(name: string, options?: SettleOptions & { dir?: string }):
    Promise<AssertionStats & { file: string; updated: boolean }>;
  /**
   * The locator matches exactly once and every cell of the match has the style (wide
   * characters' tails are not looked at), waited for like toBePresent.
   */
  toHaveStyle(style: TextStyle, options?: WaitOptions): Promise<AssertionStats>;
  /** The negations that can pass at a moment; the other assertions throw a TypeError. */
  readonly not: NegatedTerminalExpectation;
}

export interface NegatedTerminalExpectation {
  /** toBeAbsent(): the locator stays absent for settleMs. */
  toBePresent(options?: SettleOptions): Promise<AssertionStats>;
  /** toBePresent(): the locator matches exactly once. */
  toBeAbsent(options?: WaitOptions): Promise<AssertionStats>;
  /** The locator matches exactly once and some cell of the match lacks the style. */
  toHaveStyle(style: TextStyle, options?: WaitOptions): Promise<AssertionStats>;
}
export declare function expectTerminal(target: Session | Locator | Recording): TerminalExpectation;

/** node:assert's AssertionError with the details of a failed terminal assertion. */
export declare class TerminalAssertionError extends Error {
  readonly code: 'ERR_ASSERTION';
  readonly assertion: string;
  /** Why it failed, e.g. 'timed out after 500 ms' (the message's first line ends with it). */
  readonly reason: string;
  /** What was expected, e.g. 'the locator to match exactly once' (the message's "expected:"). */
  readonly expectation: string;
  readonly locator: string | null;
  readonly timeoutMs: number;
  readonly candidates: Match[];
  readonly snapshot: ScreenSnapshot | null;
  readonly exitStatus: { code: number; signal: number } | null;
  /** On a live Terminal: the failure artifacts' folder (README "Failure artifacts"), when written. */
  readonly artifacts?: string;
}

