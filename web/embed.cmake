# cmake -DIN=viewer.html -DOUT=viewer_page.c -P web/embed.cmake: the page's bytes as C
# (native-host/viewer/viewer_page.h), compiled into tessera and tessera-cli.wasm. An empty
# IN gives an empty page: that build's `tessera view` says it has none.
file(READ ${IN} hex HEX)
if(hex STREQUAL "")
  set(bytes "0")
  set(len "0")
else()
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "((0x..,){16})" "\\1\n" bytes "${bytes}")
  set(len "sizeof tsr_viewer_page")
endif()
file(WRITE ${OUT}.tmp "/* Written by web/embed.cmake from ${IN}; do not edit. */\n"
     "#include <stddef.h>\n\nconst unsigned char tsr_viewer_page[] = {\n${bytes}};\n"
     "const size_t tsr_viewer_page_len = ${len};\n")
file(RENAME ${OUT}.tmp ${OUT})
