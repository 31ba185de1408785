"""Finding the two native parts: the core as a shared library (libtessera.so, loaded with
ctypes to render what the host sends) and the `tessera` binary (its `host` command runs the
programs on PTYs). Each is looked for in order, and a miss names every place tried:

  1. $TESSERA_LIB / $TESSERA_BIN: a path (set but not a file is an error, never skipped)
  2. $TESSERA_BUILD_DIR/lib/libtessera.so, $TESSERA_BUILD_DIR/bin/tessera: a build of the
     repository
  3. the wheel's own copies (tessera_terminal/_native/), built with the release
  4. the binary only: every folder of $PATH, then /usr/local/bin (cmake --install)
  5. build/ of the checkout, when the package sits in one (python/ beside build/)
"""
import os
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_BUNDLED = _HERE / "_native"
_CHECKOUT_BUILD = _HERE.parent.parent / "build"
INSTALL_BIN = Path("/usr/local/bin/tessera")


class NotFoundError(RuntimeError):
    """A native part is missing; the message lists every place tried."""


def _is_file(path, executable):
    p = Path(path)
    return p.is_file() and (not executable or os.access(p, os.X_OK))


def _find(what, env_name, build_rel, bundled_name, extra, executable, env, hint):
    value = env.get(env_name)
    if value:
        if _is_file(value, executable):
            return str(Path(value).resolve())
        kind = "an executable file" if executable else "a file"
        raise NotFoundError(f"{what} not found: {env_name}={value} is not {kind}")
    tried = [f"${env_name} (unset)"]
    build_dir = env.get("TESSERA_BUILD_DIR")
    places = [([Path(build_dir) / build_rel] if build_dir else [],
               "$TESSERA_BUILD_DIR/" + build_rel if build_dir else "$TESSERA_BUILD_DIR (unset)"),
              ([_BUNDLED / bundled_name], f"{_BUNDLED / bundled_name} (the wheel's own)")]
    places += extra
    places.append(([_CHECKOUT_BUILD / build_rel], f"{_CHECKOUT_BUILD / build_rel} (the checkout's build)"))
    for files, label in places:
        for f in files:
            if _is_file(f, executable):
                return str(Path(f).resolve())
        tried.append(label)
    raise NotFoundError(f"{what} not found; tried {', '.join(tried)}. {hint}")


def find_library(env=None):
    """The path of libtessera.so (the core)."""
    env = os.environ if env is None else env
    return _find("libtessera.so", "TESSERA_LIB", "lib/libtessera.so", "libtessera.so", [], False, env,
                 "Install the tessera-terminal wheel, build the repository "
                 "(cmake -S . -B build && cmake --build build), or set TESSERA_LIB")


def find_host(env=None):
    """The path of the tessera binary (its `host` command runs programs on PTYs)."""
    env = os.environ if env is None else env
    dirs = [d for d in env.get("PATH", "").split(os.pathsep) if d]
    extra = [([Path(d) / "tessera" for d in dirs], f"$PATH ({os.pathsep.join(dirs) or 'empty'})"),
             ([INSTALL_BIN], f"{INSTALL_BIN} (the install location)")]
    return _find("tessera binary", "TESSERA_BIN", "bin/tessera", "tessera", extra, True, env,
                 "Install the tessera-terminal wheel or tessera itself, or set TESSERA_BIN")
