/* libtessera.so's own source: the library is the core's static libraries linked whole
 * (core/CMakeLists.txt). The version node of libtessera.map names the ABI; the two change
 * together. */
#include "tessera/tessera.h"

_Static_assert(TSR_ABI_VERSION == 1,
               "core/shared/libtessera.map names ABI 1 (TESSERA_1): update it with the ABI");
