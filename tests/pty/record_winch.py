#!/usr/bin/env python3
"""`tessera record` attached to a terminal follows its size: the terminal is
resized while the program runs (the kernel sends SIGWINCH to tessera), and
the program sees the new size and the recording gets an "r" event.

usage: record_winch.py PATH/TO/tessera MARK"""
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

BIN, MARK = sys.argv[1], sys.argv[2]
signal.alarm(60)  # a hang fails the test instead of blocking it


def set_size(fd, rows, cols):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def read_until(fd, needle, seen):
    while needle not in seen:
        r, _, _ = select.select([fd], [], [], 30)
        if not r:
            sys.exit("FAIL: timed out waiting for %r; saw %r" % (needle, seen[-300:]))
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            sys.exit("FAIL: the terminal closed before %r; saw %r" % (needle, seen[-300:]))
        seen += chunk
    return seen


pid, fd = pty.fork()
if pid == 0:
    os.execv(BIN, [BIN, "record", "-o", "winch.cast", "--env", "TSR_TEST_MARK=" + MARK, "--",
                   "sh", "-c", 'stty size; echo ready; read x; stty size; echo done'])
set_size(fd, 20, 70)
seen = read_until(fd, b"ready", b"")
set_size(fd, 15, 50)  # the kernel tells tessera (SIGWINCH): it resizes the program's PTY
time.sleep(0.3)
os.write(fd, b"go\r")
seen = read_until(fd, b"done", seen)
_, status = os.waitpid(pid, 0)
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit("FAIL: tessera record exited %d" % os.waitstatus_to_exitcode(status))
text = seen.decode("utf-8", "replace")
if "15 50" not in text:
    sys.exit("FAIL: the program did not see the new size; saw %r" % text[-300:])
events = [json.loads(line) for line in open("winch.cast").read().splitlines()[1:]]
if not any(e[1] == "r" and e[2] == "50x15" for e in events):
    sys.exit("FAIL: no resize event 50x15 in %r" % [e for e in events if e[1] == "r"])
print("ok")
