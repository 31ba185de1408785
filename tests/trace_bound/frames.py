"""Prints a journal's first line and its frames, one a line: TYPE LENGTH [LABEL]
(LABEL for marks), then "end" when the frames fill the file exactly. The
layout is core/README.md's "The frame format"."""
import struct
import sys

NAMES = {1: "output", 2: "resize", 3: "reset", 4: "exit", 5: "ack", 6: "input", 7: "mark",
         8: "keyframe"}

data = open(sys.argv[1], "rb").read()
nl = data.index(b"\n") + 1
print(data[:nl - 1].decode())
pos = nl
while pos + 16 <= len(data):
    kind, _, _, n = struct.unpack_from("<BBHI", data, pos)
    line = f"{NAMES.get(kind, kind)} {n}"
    if kind == 7:
        line += " " + data[pos + 16:pos + 16 + n].decode()
    print(line)
    pos += 16 + n
if pos == len(data):
    print("end")
