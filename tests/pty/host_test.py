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


def run_host(data):
    q = subprocess.run([BIN, "host"], input=data, capture_output=True, timeout=60)
    errs = q.stderr.decode().splitlines()
    try:
        lines = [json.loads(line) for line in errs]
    except ValueError:
        print("FAIL: a stderr line is not JSON: %r" % errs, file=sys.stderr)
        sys.exit(1)
    return q, lines


def expect(cond, what):
    if not cond:
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)


# A failed spawn answers in JSON only.
q, lines = run_host(b'{"op":"spawn","cmd":"no-such-program-tessera"}\n')
expect(q.returncode == 4 and len(lines) == 1, "spawn failure lines %r" % lines)
# Ids are whole numbers from 0 to 2^53-1; others are echoed as given.
q, lines = run_host(b'{"op":"spawn","cmd":"sh","args":["-c","sleep 5"]}\n'
                    b'{"op":"input","id":9007199254740992,"text":"a"}\n'
                    b'{"op":"input","id":1e3,"text":"a"}\n'
                    b'{"op":"input","id":-1,"text":"a"}\n'
                    b'{"op":"input","id":9007199254740991,"text":"a"}\n{"op":"close"}\n')
got = [l.get("error", "") for l in lines]
expect(len(got) == 3 and got[0].endswith("got 9007199254740992") and got[1].endswith("got 1e3")
       and got[2].endswith("got -1"), "id errors %r" % got)
expect(struct.pack("<Q", 9007199254740991) in q.stdout, "the largest id is acknowledged")
# NUL characters would cut a C string short: refused, nothing runs.
q, lines = run_host(b'{"op":"spawn","cmd":"sh","args":["-c","echo launched > nul.txt\\u0000"]}\n'
                    b'{"op":"spawn","cmd":"sh","env":{"A":"b\\u0000c"}}\n')
expect(len(lines) == 2 and "args[1] holds a NUL" in lines[0]["error"]
       and "env entry 0" in lines[1]["error"] and not q.stdout, "NUL lines %r" % lines)
# A last command without its newline is still run.
q, lines = run_host(b'{"op":"frob"}')
expect(len(lines) == 1 and "unknown op" in lines[0]["error"], "last line %r" % lines)
# Nothing follows the EXIT frame: input and resize after it are errors.
p = subprocess.Popen([BIN, "host"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE)
send({"op": "spawn", "cmd": "sh", "args": ["-c", "exit 3"], "env": {"TSR_TEST_MARK": MARK}})
until(lambda f: f[0] == 4, "exit frame")
send({"op": "resize", "rows": 5, "cols": 5})
send({"op": "input", "id": 8, "text": "late"})
send({"op": "close"})
rest = p.stdout.read()
errs = [json.loads(line) for line in p.stderr.read().decode().splitlines()]
expect(p.wait() == 0 and rest == b"" and len(errs) == 2
       and all("has exited" in e["error"] for e in errs), "after EXIT: %r %r" % (rest, errs))

# Every input is an INPUT frame with the bytes written, before its ack; clearEnv starts the
# program from an empty environment plus env (and the terminal defaults); inheritHome keeps
# the fresh HOME out (by default the program gets one, with the XDG folders).
p = subprocess.Popen([BIN, "host"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE)
seen = b""
send({"op": "spawn", "cmd": "/bin/sh", "clearEnv": True, "inheritHome": True,
      "env": {"TSR_TEST_MARK": MARK, "ONLY": "this"},
      "args": ["-c", "env | sort | tr '\\n' ' '; echo; echo ready; read x; echo got:$x"]})
until(lambda f: b"ready" in seen, "ready")
envline = seen.decode().split("\r\n")[0].split()
names = sorted(e.split("=")[0] for e in envline)
expect(names == ["LANG", "LC_ALL", "ONLY", "PWD", "TERM", "TSR_TEST_MARK"] or
       names == ["LANG", "LC_ALL", "ONLY", "TERM", "TSR_TEST_MARK"], "clearEnv environment %r" % envline)
send({"op": "input", "id": 11, "text": "typed\r"})
inputs = []
until(lambda f: (f[0] == 6 and inputs.append(f[1]) is None and False) or (f[0] == 5), "ack 11")
expect(inputs == [b"typed\r"], "INPUT frames before the ack: %r" % inputs)
until(lambda f: b"got:typed" in seen, "the program read it")
send({"op": "close"})
p.stdout.read()
p.wait()
print("ok")
