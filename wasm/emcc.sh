#!/usr/bin/env bash
# Runs Debian's emcc with the environment it needs, for wasm/CMakeLists.txt.
#
#   emcc.sh CACHE_DIR emcc-arguments...
#
# Debian's emscripten ships a prebuilt, frozen cache (libc and friends) in
# /usr/share/emscripten/cache, but emcc also wants to take a lock file inside its cache. So the
# build gets its own EM_CACHE: links to the system cache's content plus a writable lock. Node
# (which emcc runs for its JS steps) finds Debian's packaged modules through NODE_PATH.
set -euo pipefail
cache=$1; shift
system_cache=${TSR_EM_SYSTEM_CACHE:-/usr/share/emscripten/cache}

# cache.lock is made last, so its presence means the links are complete.
if [ ! -e "$cache/cache.lock" ]; then
  [ -e "$system_cache/sysroot_install.stamp" ] \
    || { echo "emcc.sh: no prebuilt emscripten cache in $system_cache" >&2; exit 1; }
  mkdir -p "$cache"
  for entry in "$system_cache"/*; do
    name=$(basename "$entry")
    [ "$name" = cache.lock ] || ln -sfn "$entry" "$cache/$name"
  done
  : >"$cache/cache.lock"
fi

export EM_CACHE=$cache
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
exec emcc "$@"
