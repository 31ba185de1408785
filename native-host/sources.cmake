# The source lists of the parts that need no PTY, relative to native-host/:
# CMakeLists.txt here builds them into the native parts, and wasm/CMakeLists.txt
# (which includes this file) into the WASI command tessera-cli.wasm.
set(common_sources
  common/command.c
  common/program_name.c
  common/errno_text.c
  common/duration.c
  common/fd_io.c
  common/diag.c
  common/output.c
  common/screen_diag.c
  common/line_reader.c
  common/make_dirs.c
  common/stamped_dir.c
  common/terminal_safe.c)
set(recordings_sources
  recordings/cast_reader.c
  recordings/cast_writer.c
  recordings/journal.c
  recordings/journal_screen.c
  recordings/replay_point.c)
set(viewer_sources
  viewer/page_write.c
  viewer/cmd_view.c)
set(artifacts_sources
  artifacts/trace.c
  artifacts/golden.c
  artifacts/unified_diff.c
  artifacts/artifacts.c
  artifacts/read_input.c
  artifacts/cmd_golden.c
  artifacts/cmd_artifacts.c)
set(feed_sources
  feed/feed_commands.c
  feed/feed_args.c
  feed/input_file.c
  feed/term_feed.c
  feed/journal_replay.c
  feed/replay_marks.c
  feed/cmd_feed.c
  feed/cmd_replay.c)

# What wasm/ compiles for the WASI command: the sources (absolute) and their
# include folders.
set(TSR_HOST_WASI_SOURCES ${common_sources} ${recordings_sources} ${feed_sources}
    ${viewer_sources} ${artifacts_sources} cli/dispatch.c cli/main_wasi.c)
list(TRANSFORM TSR_HOST_WASI_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
set(TSR_HOST_WASI_INCLUDES common recordings feed viewer artifacts cli)
list(TRANSFORM TSR_HOST_WASI_INCLUDES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
