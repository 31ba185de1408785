#!/usr/bin/env python3
"""Writes the list of functions a wasm module exports.

Every function declared in the public headers (core/include/tessera/*.h) is
exported, plus malloc and free (the host needs them to pass memory in), so a
function another header adds later is exported without editing this build.

    exports.py --nm NM --format wasi|emscripten --out-dir DIR \
               --headers H... --objects O...

A function declared in a header but defined in none of the objects (a header
that landed before its .c file was added to TSR_CORE_SOURCES) is not exported,
so the link still succeeds; it is listed in DIR/missing.txt and named in a
warning, and tests/wasm/smoke.test.mjs fails while that list is not empty.

Writes DIR/exports.txt (one name a line), DIR/missing.txt, and DIR/wasi.rsp
(wasm-ld --export= flags) or DIR/emscripten.json (EXPORTED_FUNCTIONS).
"""
import argparse
import json
import os
import re
import subprocess
import sys

HOST_FUNCTIONS = ["malloc", "free"]


def strip(text):
    # Comments, then preprocessor lines with their continuations: a macro that
    # looks like a call (TSR_COLOR_RGB(...)) is not a function.
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    return text


def declared_functions(path):
    with open(path, encoding="utf-8") as f:
        text = strip(f.read())
    names = []
    # A declaration is what follows the previous ';', '{' or '}'. A name
    # followed by '(' at that level is a function; skip static inline ones
    # (not linkable) and function-pointer typedefs ('(*name)' never matches).
    for decl in re.split(r"[;{}]", text):
        m = re.search(r"\b(tsr_[A-Za-z0-9_]*)\s*\(", decl)
        if not m or re.search(r"\b(static|typedef)\b", decl[: m.start()]):
            continue
        names.append(m.group(1))
    return names


def defined_symbols(nm, objects):
    out = subprocess.run([nm, "--defined-only", "--extern-only", "-j", *objects],
                         check=True, capture_output=True, text=True).stdout
    return {line.strip() for line in out.splitlines() if line.strip() and not line.endswith(":")}


def write(path, content):
    with open(path, "w", encoding="utf-8") as f:
        f.write(content)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nm", required=True)
    ap.add_argument("--format", choices=["wasi", "emscripten"], required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--headers", nargs="+", required=True)
    ap.add_argument("--objects", nargs="+", required=True)
    args = ap.parse_args()

    declared = []
    for h in sorted(args.headers):
        for n in declared_functions(h):
            if n not in declared:
                declared.append(n)
    if not declared:
        sys.exit("exports.py: no tsr_ functions found in " + " ".join(args.headers))
    defined = defined_symbols(args.nm, args.objects)
    names = [n for n in declared if n in defined]
    missing = [n for n in declared if n not in defined]
    if missing:
        print("wasm (%s): WARNING: declared in core/include/tessera but defined in no core "
              "source, not exported: %s" % (args.format, " ".join(missing)), file=sys.stderr)
    names += HOST_FUNCTIONS

    os.makedirs(args.out_dir, exist_ok=True)
    write(os.path.join(args.out_dir, "exports.txt"), "".join(n + "\n" for n in names))
    write(os.path.join(args.out_dir, "missing.txt"), "".join(n + "\n" for n in missing))
    if args.format == "wasi":
        write(os.path.join(args.out_dir, "wasi.rsp"),
              "".join("--export=" + n + "\n" for n in names))
    else:
        write(os.path.join(args.out_dir, "emscripten.json"),
              json.dumps(["_" + n for n in names]) + "\n")


if __name__ == "__main__":
    main()
