#!/usr/bin/env python3
"""`tessera mcp` at the protocol level, with no MCP library between: malformed
JSON-RPC, lines a client should never send, and how sessions end (idle, the
server's SIGTERM and SIGKILL, the client closing stdin). Every line the server
writes on stdout must be a JSON-RPC message. Run under ASan too (ctest).

usage: protocol_test.py PATH/TO/tessera CASE"""
import json
import os
import random
import signal
import subprocess
import sys
import time

BIN, CASE = sys.argv[1], sys.argv[2]
signal.alarm(100)  # a hang fails the test instead of blocking it


def fail(msg):
    print("FAIL %s: %s" % (CASE, msg), file=sys.stderr)
    sys.exit(1)


class Server:
    def __init__(self, *flags):
        self.p = subprocess.Popen([BIN, "mcp", *flags], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.next_id = 0

    def send_raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def read(self):
        line = self.p.stdout.readline()
        if not line:
            fail("stdout ended; stderr: %r" % self.p.stderr.read())
        try:
            msg = json.loads(line)
        except ValueError:
            fail("stdout held a line that is not JSON: %r" % line)
        if msg.get("jsonrpc") != "2.0" or "id" not in msg:
            fail("not a JSON-RPC response: %r" % line)
        return msg

    def request(self, method, params=None):
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send_raw((json.dumps(msg) + "\n").encode())
        reply = self.read()
        if reply["id"] != self.next_id:
            fail("reply to %d came with id %r" % (self.next_id, reply["id"]))
        return reply

    def init(self):
        r = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                        "clientInfo": {"name": "protocol_test", "version": "1"}})
        if r["result"]["protocolVersion"] != "2025-06-18":
            fail("the client's revision was not kept: %r" % r)
        self.send_raw(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        return r

    def tool(self, name, **args):
        r = self.request("tools/call", {"name": name, "arguments": args})
        if "result" not in r:
            fail("%s answered with a protocol error: %r" % (name, r))
        return r["result"]


def expect_error(reply, code, words):
    err = reply.get("error")
    if not err or err.get("code") != code or words not in err.get("message", ""):
        fail("expected error %d with %r, got %r" % (code, words, reply))


def proc_files(name, mode="r"):
    """(pid, contents of /proc/PID/NAME) for every process still there to read."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/%s" % (pid, name), mode) as f:
                yield int(pid), f.read()
        except OSError:
            pass


def processes_with(marker):
    """Pids whose command line holds marker."""
    return [pid for pid, cmdline in proc_files("cmdline", "rb") if marker.encode() in cmdline]


def children_of(ppid):
    """Children of ppid."""
    return [pid for pid, stat in proc_files("stat") if int(stat.rsplit(")", 1)[1].split()[1]) == ppid]


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def until_gone(pids, what, seconds=15):
    end = time.time() + seconds
    while time.time() < end:
        left = [p for p in pids if alive(p)]
        if not left:
            return
        time.sleep(0.05)
    fail("%s still running after %ds: %r" % (what, seconds, left))


def launch_sleepers(s, n):
    """n sessions of sleep with a unique argument; returns (marker, ids)."""
    marker = "%d.%06d" % (900 + random.randrange(99), random.randrange(10 ** 6))
    ids = []
    for _ in range(n):
        res = s.tool("terminal_launch", command="sleep", args=[marker], timeout_ms=300)
        if res.get("isError"):
            fail("launch failed: %r" % res)
        ids.append(res["structuredContent"]["session"])
    if len(processes_with("sleep\0" + marker)) != n:
        fail("expected %d sleep processes" % n)
    return marker, ids


def case_malformed():
    s = Server()
    s.init()
    s.send_raw(b"{not json\n")
    expect_error(s.read(), -32700, "not JSON")
    s.send_raw(b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n')
    expect_error(s.read(), -32600, "batch")
    s.send_raw(b'{"id":5,"method":"ping"}\n')
    r = s.read()
    expect_error(r, -32600, "jsonrpc")
    if r["id"] != 5:
        fail("the id of a request without jsonrpc was lost: %r" % r)
    s.send_raw(b'{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}\n')
    expect_error(s.read(), -32600, '"id"')
    s.send_raw(b'{"jsonrpc":"2.0","id":"a","method":"ping","id":"b"}\n')
    expect_error(s.read(), -32700, "duplicate")
    s.send_raw(b'{"jsonrpc":"2.0","id":"\xff\xfe","method":"ping"}\n')
    expect_error(s.read(), -32700, "UTF-8")
    s.send_raw(b'{"jsonrpc":"2.0","id":"m","method":7}\n')
    expect_error(s.read(), -32600, "method")
    expect_error(s.request("no/such/method"), -32601, "not served")
    expect_error(s.request("tools/call", {"arguments": {}}), -32602, "params.name")
    expect_error(s.request("tools/call", {"name": "rm_rf"}), -32602, "unknown tool")
    s.send_raw(b'{"jsonrpc":"2.0","id":9,"method":"tools/list","params":[1]}\n')
    expect_error(s.read(), -32602, "params")
    # a line over 16 MiB is dropped, and the next one still served
    s.send_raw(b'{"jsonrpc":"2.0","id":10,"method":"ping","params":{"x":"' +
               b"a" * (17 * 1024 * 1024) + b'"}}\n')
    expect_error(s.read(), -32600, "16 MiB")
    # notifications and responses get no answer: the next reply is the ping's
    s.send_raw(b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}\n')
    s.send_raw(b'{"jsonrpc":"2.0","id":77,"result":{}}\n')
    r = s.request("ping")
    if r.get("result") != {}:
        fail("ping: %r" % r)
    # tool errors are results with isError, the argument named
    for args, words in [({}, '"command" is required'),
                        ({"command": "sleep", "rows": 0}, '"rows" must be a whole number'),
                        ({"command": "sleep", "colour": 1}, 'unknown argument "colour"'),
                        ({"command": "sleep", "env": {"A=B": "x"}}, "env entry 0"),
                        ({"command": "a\u0000b"}, "NUL"),
                        ({"command": "/no/such/program"}, "No such file")]:
        res = s.tool("terminal_launch", **args)
        text = res["content"][0]["text"]
        if not res.get("isError") or words not in text:
            fail("launch %r: expected an error with %r, got %r" % (args, words, res))
    res = s.tool("terminal_snapshot", session="s99")
    if not res.get("isError") or "unknown session" not in res["content"][0]["text"]:
        fail("unknown session: %r" % res)
    res = s.tool("terminal_list")
    if res["structuredContent"] != {"sessions": []}:
        fail("failed launches must not stay listed: %r" % res)
    s.p.stdin.close()
    if s.p.wait(timeout=20) != 0:
        fail("exit code %r after stdin closed" % s.p.returncode)
    if s.p.stdout.read():
        fail("more output after the last reply")


def case_wait_deadline_is_a_result():
    s = Server()
    s.init()
    sid = s.tool("terminal_launch", command="sh", args=["-c", "echo one; exec cat"])["structuredContent"]["session"]
    res = s.tool("terminal_wait_for", session=sid, text="never", timeout_ms=200)
    sc = res.get("structuredContent", {})
    if res.get("isError") or sc.get("matched") is not False or "one" not in sc.get("screen", ""):
        fail("a missed deadline must be a result with matched false and the screen: %r" % res)
    res = s.tool("terminal_wait_for", session=sid, text="x", regex="y")
    if not res.get("isError") or "exactly one" not in res["content"][0]["text"]:
        fail("two conditions: %r" % res)
    res = s.tool("terminal_wait_for", session=sid, regex="(")
    if not res.get("isError") or '"regex"' not in res["content"][0]["text"]:
        fail("a bad pattern: %r" % res)
    s.tool("terminal_type", session=sid, text="two\n")
    res = s.tool("terminal_wait_for", session=sid, regex=r"^tw\w$", timeout_ms=5000)
    if res["structuredContent"]["matched"] is not True:
        fail("regex: %r" % res)
    res = s.tool("terminal_close", session=sid)
    if res["structuredContent"]["was_running"] is not True:
        fail("close: %r" % res)
    s.p.stdin.close()
    s.p.wait(timeout=20)


def case_input_errors():
    """Input a program cannot take is a tool error that says why, and the session goes on."""
    s = Server()
    s.init()
    # cat prints nothing: its first screen is settled once it waits for input
    first = s.tool("terminal_launch", command="cat", timeout_ms=30000)["structuredContent"]
    if first["settled"] is not True or first.get("notes"):
        fail("a silent program waiting for input is a settled first screen: %r" % first)
    sid = first["session"]
    for tool, args, words in [
            ("terminal_click", {"row": 0, "col": 0}, "mouse tracking is off"),
            ("terminal_click", {"row": 500, "col": 0}, "outside the 24x80 screen"),
            ("terminal_press", {"key": "hyper+x"}, "unknown modifier 'hyper'"),
            ("terminal_changes", {"since": 10 ** 6}, "does not exist yet")]:
        res = s.tool(tool, session=sid, **args)
        if not res.get("isError") or words not in res["content"][0]["text"]:
            fail("%s %r: expected an error with %r, got %r" % (tool, args, words, res))
    res = s.tool("terminal_type", session=sid, text="still here\n")
    if "still here\nstill here" not in res["structuredContent"]["screen"]:
        fail("the session must go on after refused input: %r" % res)
    s.tool("terminal_press", session=sid, key="ctrl+d")
    res = s.tool("terminal_type", session=sid, text="late")
    if not res.get("isError") or "has exited" not in res["content"][0]["text"]:
        fail("input after the exit: %r" % res)
    s.p.stdin.close()
    s.p.wait(timeout=20)


def case_flood_and_worker_killed():
    """Calls to one session queue up to a bound (the rest are told to wait), and a worker
    that dies says so in every later call."""
    s = Server()
    s.init()
    marker, ids = launch_sleepers(s, 1)
    sid = ids[0]
    # one long wait keeps the worker busy; 63 more queue behind it; 2 more are refused
    lines = []
    for i in range(66):
        args = {"session": sid, "text": "never", "timeout_ms": 2000 if i == 0 else 1}
        lines.append(json.dumps({"jsonrpc": "2.0", "id": 1000 + i, "method": "tools/call",
                                 "params": {"name": "terminal_wait_for", "arguments": args}}))
    s.send_raw(("\n".join(lines) + "\n").encode())
    replies = {}
    while len(replies) < 66:
        r = s.read()
        replies[r["id"]] = r["result"]
    refused = [i for i, r in replies.items() if r.get("isError")]
    if sorted(refused) != [1064, 1065] or "calls waiting" not in replies[1064]["content"][0]["text"]:
        fail("expected the 65th and 66th calls refused: %r" % refused)
    if any(replies[i]["structuredContent"]["matched"] for i in range(1000, 1064)):
        fail("a wait for text that never shows matched")
    workers = children_of(s.p.pid)
    if len(workers) != 1:
        fail("expected one worker, found %r" % workers)
    os.kill(workers[0], signal.SIGKILL)
    until_gone(workers, "the killed worker")
    # its program loses its terminal (SIGHUP) with it
    until_gone(processes_with("sleep\0" + marker), "the killed worker's program")
    res = s.tool("terminal_snapshot", session=sid)
    if not res.get("isError") or "signal 9" not in res["content"][0]["text"]:
        fail("a call after the worker died: %r" % res)
    listed = s.tool("terminal_list")["structuredContent"]["sessions"]
    if [x["state"] for x in listed] != ["ended"]:
        fail("the session must be listed as ended: %r" % listed)
    s.p.stdin.close()
    if s.p.wait(timeout=20) != 0:
        fail("exit code %r" % s.p.returncode)


def case_idle_timeout():
    s = Server("--session-timeout", "1s")
    s.init()
    marker, ids = launch_sleepers(s, 1)
    pids = processes_with("sleep\0" + marker)
    until_gone(pids, "the idle session's program", 10)
    time.sleep(0.2)
    res = s.tool("terminal_snapshot", session=ids[0])
    text = res["content"][0]["text"]
    if not res.get("isError") or "--session-timeout" not in text:
        fail("an expired session must say why: %r" % res)
    listed = s.tool("terminal_list")["structuredContent"]["sessions"]
    if [x["state"] for x in listed] != ["ended"]:
        fail("an expired session stays listed as ended: %r" % listed)
    s.p.stdin.close()
    s.p.wait(timeout=20)


def two_sessions_then(end, code):
    """Two sleeping sessions; end(server) ends the server some way, which must
    exit with code (None: not checked) and leave no worker and no program."""
    s = Server()
    s.init()
    marker, _ = launch_sleepers(s, 2)
    workers = children_of(s.p.pid)
    if len(workers) != 2:
        fail("expected one worker per session, found %r" % workers)
    programs = processes_with("sleep\0" + marker)
    end(s.p)
    s.p.wait(timeout=20)
    if code is not None and s.p.returncode != code:
        fail("exit code %r, expected %r" % (s.p.returncode, code))
    until_gone(programs, "the programs")
    until_gone(workers, "the workers")


def case_stdin_closed():  # the client has gone
    two_sessions_then(lambda p: p.stdin.close(), 0)


def case_server_sigterm():
    two_sessions_then(lambda p: p.send_signal(signal.SIGTERM), 128 + signal.SIGTERM)


def case_server_sigkill():  # each worker learns it from the kernel (PR_SET_PDEATHSIG)
    two_sessions_then(lambda p: p.kill(), None)


CASES = {name[5:]: fn for name, fn in globals().items() if name.startswith("case_")}
if CASE not in CASES:
    fail("no such case (%s)" % ", ".join(CASES))
CASES[CASE]()
