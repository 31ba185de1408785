# The core's source lists, relative to core/: the native libraries (CMakeLists.txt here)
# and the wasm builds (wasm/CMakeLists.txt) include this file, so both compile exactly the
# same list whatever order the folders are added in.
set(TSR_CORE_TEXT_SOURCES
  text/buf.c
  text/utf8.c
  text/hex.c
  text/quote.c
  text/json_escape.c
  text/unescape.c
)
set(TSR_CORE_EMULATOR_SOURCES
  src/unicode.c
  src/uni_table.c
  src/style.c
  src/link.c
  src/row.c
  src/grid.c
  src/parser.c
  src/ascii.c
  src/term.c
  src/screen.c
  src/dispatch.c
  src/print.c
  src/print_text.c
  src/edit.c
  src/rect.c
  src/csi.c
  src/esc.c
  src/osc.c
  src/sgr.c
  src/modes.c
  src/replies.c
  src/resize.c
  src/render.c
  src/render_styled.c
  src/render_json.c
  src/colours.c
  src/find.c
  src/query.c
  src/history.c
  src/snapshot.c
  src/frame.c
  src/keyframe.c
  src/keyboard.c
)
set(TSR_CORE_INPUT_SOURCES
  input/input_why.c
  input/input_keyname.c
  input/input_keys.c
  input/input_kitty.c
  input/input_mok.c
  input/input_mouse.c
  input/input_paste.c
  input/input_focus.c
)
set(TSR_CORE_JSON_SOURCES json/json.c)
set(TSR_CORE_RECORDINGS_SOURCES recordings/cast.c)
set(TSR_CORE_SVG_SOURCES svg/paint.c svg/svg.c)

# Every one of them: the emulator and its clients, as the wasm builds compile them.
set(TSR_CORE_SOURCES ${TSR_CORE_TEXT_SOURCES} ${TSR_CORE_EMULATOR_SOURCES}
    ${TSR_CORE_INPUT_SOURCES} ${TSR_CORE_JSON_SOURCES} ${TSR_CORE_RECORDINGS_SOURCES}
    ${TSR_CORE_SVG_SOURCES})
