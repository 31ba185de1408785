"""What the package needs of its machine: Python 3.9's syntax, and the two native parts found
where _native.py says, with every place tried named when one is missing."""
import ast
from pathlib import Path

import pytest

import tessera_terminal
from tessera_terminal import _native

PACKAGE = Path(tessera_terminal.__file__).resolve().parent


def test_every_file_parses_as_python_3_9():
    for f in sorted(PACKAGE.glob("*.py")):
        ast.parse(f.read_text(), filename=str(f), feature_version=(3, 9))


def test_a_missing_binary_names_every_place_tried(tmp_path, monkeypatch):
    monkeypatch.setattr(_native, "_BUNDLED", tmp_path / "wheel")
    monkeypatch.setattr(_native, "_CHECKOUT_BUILD", tmp_path / "build")
    monkeypatch.setattr(_native, "INSTALL_BIN", tmp_path / "usr-local-bin" / "tessera")
    env = {"PATH": str(tmp_path / "bin")}
    with pytest.raises(_native.NotFoundError) as info:
        _native.find_host(env)
    message = str(info.value)
    for place in ("$TESSERA_BIN (unset)", "$TESSERA_BUILD_DIR (unset)", f"{tmp_path / 'wheel' / 'tessera'} (the wheel's own)",
                  f"$PATH ({tmp_path / 'bin'})", "(the install location)", "(the checkout's build)"):
        assert place in message, message
    with pytest.raises(_native.NotFoundError, match="libtessera.so not found; tried"):
        _native.find_library(env)


def test_a_binary_on_path_or_named_outright_is_found(tmp_path, monkeypatch):
    found = _native.find_host()  # the real one, wherever this run has it
    monkeypatch.setattr(_native, "_BUNDLED", tmp_path / "wheel")
    monkeypatch.setattr(_native, "_CHECKOUT_BUILD", tmp_path / "build")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "tessera").symlink_to(found)
    assert _native.find_host({"PATH": str(bindir)}) == str(Path(found).resolve())
    with pytest.raises(_native.NotFoundError, match="TESSERA_BIN=/no/such/tessera is not an executable file"):
        _native.find_host({"TESSERA_BIN": "/no/such/tessera"})
