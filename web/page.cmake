# The viewer page (web/README.md) as the library tsr_viewer_page, which native-host/viewer
# links: build/web/viewer.html (web/build.mjs: esbuild, the emscripten engine inside), then
# its bytes as C (embed.cmake). Included by wasm/CMakeLists.txt once the emscripten engine
# is known (the WASI CLI compiles the same C file), else by the top level.
#
#   tsr_viewer_page_built(EM_WASM)  the page built here from the engine
#   tsr_viewer_page_given(HTML)     a page another build made (TSR_VIEWER_HTML: the ASan build)
#   tsr_viewer_page_none()          no page: `tessera view` and report.html say so
#
# Each sets TSR_VIEWER_PAGE_C (the C file) in the caller's scope; a target that compiles it
# other than tsr_viewer_page depends on the target tsr_viewer_page_c.

set(tsr_web_dir ${CMAKE_CURRENT_LIST_DIR})
set(tsr_page_out ${CMAKE_BINARY_DIR}/web)

function(tsr_viewer_page_c html)
  set(c ${tsr_page_out}/page/viewer_page.c)
  add_custom_command(
    OUTPUT ${c}
    COMMAND ${CMAKE_COMMAND} -DIN=${html} -DOUT=${c} -P ${tsr_web_dir}/embed.cmake
    DEPENDS ${html} ${tsr_web_dir}/embed.cmake
    COMMENT "web: the viewer page as C"
    VERBATIM)
  # One target makes the file; the library and the WASI CLI wait for it (two targets
  # running the same command in a parallel make would race).
  add_custom_target(tsr_viewer_page_c DEPENDS ${c})
  add_library(tsr_viewer_page STATIC ${c})
  add_dependencies(tsr_viewer_page tsr_viewer_page_c)
  set(TSR_VIEWER_PAGE_C ${c} PARENT_SCOPE)
endfunction()

function(tsr_viewer_page_built em_wasm)
  find_program(TSR_NODE_FOR_PAGE node)
  if(NOT TSR_NODE_FOR_PAGE)
    message(STATUS "web: no node: the viewer page is left out (tessera view says so)")
    tsr_viewer_page_none()
    set(TSR_VIEWER_PAGE_C ${TSR_VIEWER_PAGE_C} PARENT_SCOPE)
    return()
  endif()
  file(GLOB page_sources CONFIGURE_DEPENDS ${tsr_web_dir}/*.js ${tsr_web_dir}/*.mjs
       ${tsr_web_dir}/*.css ${tsr_web_dir}/*.html ${PROJECT_SOURCE_DIR}/js/src/*.js)
  set(html ${tsr_page_out}/viewer.html)
  add_custom_command(
    OUTPUT ${html}
    COMMAND ${TSR_NODE_FOR_PAGE} ${tsr_web_dir}/build.mjs --wasm ${em_wasm} --out ${tsr_page_out}
    DEPENDS ${em_wasm} ${page_sources}
    COMMENT "web: bundling the viewer page (esbuild)"
    VERBATIM)
  tsr_viewer_page_c(${html})
  set(TSR_VIEWER_PAGE_C ${TSR_VIEWER_PAGE_C} PARENT_SCOPE)
endfunction()

function(tsr_viewer_page_given html)
  if(NOT EXISTS ${html})
    message(FATAL_ERROR "TSR_VIEWER_HTML: ${html} does not exist (build the normal build first)")
  endif()
  tsr_viewer_page_c(${html})
  set(TSR_VIEWER_PAGE_C ${TSR_VIEWER_PAGE_C} PARENT_SCOPE)
endfunction()

function(tsr_viewer_page_none)
  set(empty ${tsr_page_out}/empty.html)
  if(NOT EXISTS ${empty})
    file(WRITE ${empty} "")
  endif()
  tsr_viewer_page_c(${empty})
  set(TSR_VIEWER_PAGE_C ${TSR_VIEWER_PAGE_C} PARENT_SCOPE)
endfunction()
