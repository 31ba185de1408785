/* The viewer page's template (web/README.md), compiled into the binary at
 * build time: build/web/viewer_page.c holds its bytes. A build made without
 * the wasm engines has an empty template (length 0). */
#ifndef TSR_CLI_VIEWER_PAGE_H
#define TSR_CLI_VIEWER_PAGE_H

#include <stddef.h>

extern const unsigned char tsr_viewer_page[];
extern const size_t tsr_viewer_page_len;

#endif
