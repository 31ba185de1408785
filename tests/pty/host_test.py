#!/usr/bin/env python3
"""`tessera host` end to end: spawn, input (text, key, bytes), the INPUT_ACK
after the bytes are written, an error line for a bad key, resize, the EXIT
frame, close. Frames are decoded from their documented layout
(core/README.md), so this also checks the bytes on stdout.

usage: host_test.py PATH/TO/tessera MARK"""
import json
import struct
import subprocess
import signal
import sys

BIN, MARK = sys.argv[1], sys.argv[2]
signal.alarm(90)  # a hang fails the test instead of blocking it
p = subprocess.Popen([BIN, "host"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE)


def send(obj):
    p.stdin.write((json.dumps(obj) + "\n").encode())
    p.stdin.flush()


def frame():
    head = p.stdout.read(16)
    if len(head) < 16:
        return None
    ftype, version, reserved, n, _t = struct.unpack("<BBHIQ", head)
    assert version == 1 and reserved == 0, head
    return ftype, p.stdout.read(n)


def fail(msg):
    p.kill()
    print("FAIL:", msg, file=sys.stderr)
    sys.exit(1)


send({"op": "spawn", "cmd": "bash", "rows": 10, "cols": 40,
      "args": ["--norc", "-c",
               "echo ready; while read -r line; do [ \"$line\" = quit ] && exit 7; "
               "echo \"got:$line size:$(stty size)\"; done"],
      "env": {"TSR_TEST_MARK": MARK}})
seen = b""


def until(pred, what):
    global seen
    while True:
        f = frame()
        if f is None:
            fail("stdout ended while waiting for " + what)
        if f[0] == 1:
            seen += f[1]
        if pred(f):
            return f


until(lambda f: b"ready" in seen, "ready")
send({"op": "input", "id": 1, "text": "hello"})
send({"op": "input", "id": 2, "key": "enter"})
send({"op": "input", "id": 3, "key": "no+such+key"})
send({"op": "input", "id": 4, "bytes": [113, 117, 105, 116]})  # "quit", no Enter yet
acks = []
until(lambda f: f[0] == 5 and acks.append(struct.unpack("<Q", f[1])[0]) is None and 4 in acks,
      "ack 4")
if acks != [1, 2, 4]:
    fail("acks %r" % acks)
until(lambda f: b"got:hello size:10 40" in seen, "echo")
# the PTY's size follows resize (SIGWINCH delivery is tested by the tapes)
send({"op": "resize", "rows": 12, "cols": 50})
until(lambda f: f[0] == 2 and struct.unpack("<HH", f[1]) == (12, 50), "resize frame")
send({"op": "input", "id": 5, "text": "\u0015again\r"})  # Ctrl-U drops "quit"
until(lambda f: b"got:again size:12 50" in seen, "new size")
send({"op": "input", "id": 6, "text": "quit"})
send({"op": "input", "id": 7, "key": "enter"})
code = until(lambda f: f[0] == 4, "exit frame")
if struct.unpack("<ii", code[1]) != (7, 0):
    fail("exit frame %r" % (code[1],))
send({"op": "close"})
rest = p.stdout.read()
err = p.stderr.read().decode()
if p.wait() != 0:
    fail("host exit code %d: %s" % (p.returncode, err))
lines = [json.loads(line) for line in err.splitlines()]
if len(lines) != 1 or lines[0].get("id") != 3 or "unknown" not in lines[0].get("error", ""):
    fail("error lines %r" % lines)

# A program that cannot start: one error line, exit code 4, no frames.
q = subprocess.run([BIN, "host"], input=b'{"op":"spawn","cmd":"no-such-program-tessera"}\n',
                   capture_output=True, timeout=60)
err = q.stderr.decode()
if q.returncode != 4 or q.stdout or "could not start: no-such-program-tessera" not in err:
    print("FAIL: spawn failure: code %d, stderr %r" % (q.returncode, err), file=sys.stderr)
    sys.exit(1)
# A bad command is an error line and the host goes on; end of stdin closes.
q = subprocess.run([BIN, "host"], input=b'{"op":"frob"}\nnot json\n{"op":"input","id":1,"key":"a"}\n',
                   capture_output=True, timeout=60)
lines = [json.loads(line) for line in q.stderr.decode().splitlines()]
if q.returncode != 0 or len(lines) != 3 or "no program" not in lines[2]["error"]:
    print("FAIL: error lines %r, code %d" % (lines, q.returncode), file=sys.stderr)
    sys.exit(1)
print("ok")
