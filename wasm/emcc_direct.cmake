# The compiler of the emscripten objects. emcc is a Python driver around clang: for each
# object it starts Python and node, which cost three times the compile itself (41 CPU seconds
# for the core against 13). `emcc --cflags` prints the flags it gives clang, so the objects are
# compiled by that clang with those flags; the link still goes through emcc. A probe compiles
# one core source both ways at configure time, and only byte-identical objects let the direct
# compiler in; otherwise every object goes through emcc, as before.
#
# Sets em_compile (the command to compile with, before the flags) in the including scope.
# Expects emcc (the emcc.sh command line), wasm_dir, core_dir and core_flags.

set(em_compile ${emcc})
find_program(TSR_EM_CONFIG em-config)
if(NOT TSR_EM_CONFIG)
  return()
endif()
execute_process(COMMAND ${emcc} --cflags
                OUTPUT_VARIABLE em_cflags OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE em_cflags_rc ERROR_QUIET)
execute_process(COMMAND ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs
                        ${TSR_EM_CONFIG} LLVM_ROOT
                OUTPUT_VARIABLE em_llvm_root OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE em_root_rc ERROR_QUIET)
if(NOT em_cflags_rc EQUAL 0 OR NOT em_root_rc EQUAL 0 OR NOT EXISTS ${em_llvm_root}/clang)
  message(STATUS "wasm: emscripten objects compiled through emcc (no --cflags or LLVM_ROOT)")
  return()
endif()
separate_arguments(em_cflags UNIX_COMMAND "${em_cflags}")
set(em_direct ${em_llvm_root}/clang ${em_cflags})

set(probe_src ${core_dir}/src/parser.c)
set(probe_dir ${wasm_dir}/emcc-probe)
file(MAKE_DIRECTORY ${probe_dir})
execute_process(COMMAND ${emcc} ${core_flags} -c ${probe_src} -o ${probe_dir}/emcc.o
                RESULT_VARIABLE probe_emcc_rc OUTPUT_QUIET ERROR_QUIET)
execute_process(COMMAND ${em_direct} ${core_flags} -c ${probe_src} -o ${probe_dir}/direct.o
                RESULT_VARIABLE probe_direct_rc OUTPUT_QUIET ERROR_QUIET)
if(probe_emcc_rc EQUAL 0 AND probe_direct_rc EQUAL 0)
  file(SHA256 ${probe_dir}/emcc.o probe_emcc_sum)
  file(SHA256 ${probe_dir}/direct.o probe_direct_sum)
  if(probe_emcc_sum STREQUAL probe_direct_sum)
    set(em_compile ${em_direct})
  endif()
endif()
file(REMOVE_RECURSE ${probe_dir})
if(em_compile STREQUAL emcc)
  message(STATUS "wasm: emscripten objects compiled through emcc (clang with emcc's flags made a different object)")
endif()
