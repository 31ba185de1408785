"""The ctypes side of the ABI (tessera_terminal/_abi.py) against the C compiler's own numbers:
wasm/abi/facts.c built natively (build/bin/abi_facts_native) prints every struct's size and
field offsets, the status codes and the frame types. A field added, moved or resized in a
header fails here, not as a wrong screen later."""
import ctypes
import json
import os
import subprocess
from pathlib import Path

from tessera_terminal import _abi, _native

STRUCTS = {"tsr_buf": _abi.Buf, "tsr_history_limits": _abi.HistoryLimits, "tsr_options": _abi.Options,
           "tsr_cursor": _abi.Cursor, "tsr_style": _abi.Style, "tsr_cell_info": _abi.CellInfo,
           "tsr_match": _abi.Match, "tsr_region": _abi.Region, "tsr_frame": _abi.Frame}


def facts():
    """The facts program: $TESSERA_ABI_FACTS (the installed wheel's test names a copy), else
    bin/abi_facts_native of $TESSERA_BUILD_DIR or of the build libtessera.so was found in."""
    program = os.environ.get("TESSERA_ABI_FACTS")
    if not program:
        build = Path(os.environ.get("TESSERA_BUILD_DIR") or Path(_native.find_library()).parent.parent)
        program = str(build / "bin" / "abi_facts_native")
    out = subprocess.run([program], check=True, capture_output=True, text=True, timeout=30).stdout
    return json.loads(out)


def test_every_struct_has_the_compilers_size_and_offsets():
    f = facts()["structs"]
    for c_name, py in STRUCTS.items():
        assert c_name in f, f"facts.c has no {c_name}"
        assert ctypes.sizeof(py) == f[c_name]["size"], c_name
        py_fields = [name for name, *_ in py._fields_]
        assert sorted(py_fields) == sorted(f[c_name]["fields"]), c_name
        for name in py_fields:
            assert getattr(py, name).offset == f[c_name]["fields"][name], f"{c_name}.{name}"


def test_status_codes_and_frame_types_are_the_headers():
    e = facts()["enums"]
    for name, value in e["STATUS"].items():
        assert getattr(_abi, name if name == "OK" else f"ERR_{name}") == value, name
    assert {name.lower().replace("_", "-"): value for name, value in e["FRAME_TYPE"].items()} == _abi.FRAME_NUMBERS


def test_the_loaded_core_is_this_abi():
    assert _abi.core().abi_version() == _abi.ABI_VERSION
