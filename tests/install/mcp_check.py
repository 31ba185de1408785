#!/usr/bin/env python3
"""An installed tessera's MCP server, as a client starts it: the handshake, one
session that runs a program, its screen, the close. Prints one line; exit 1
with the reason when anything differs.

usage: mcp_check.py PATH/TO/tessera"""
import json
import signal
import subprocess
import sys

signal.alarm(60)
server = subprocess.Popen([sys.argv[1], "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True)
calls = 0


def request(method, params):
    global calls
    calls += 1
    server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": calls, "method": method,
                                   "params": params}) + "\n")
    server.stdin.flush()
    reply = json.loads(server.stdout.readline())
    if "result" not in reply:
        sys.exit("mcp: %s answered %r" % (method, reply))
    return reply["result"]


version = request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                 "clientInfo": {"name": "install", "version": "1"}})
launched = request("tools/call", {"name": "terminal_launch", "arguments": {
    "command": "/bin/sh", "args": ["-c", "echo mcp-ok; exec cat"]}})
screen = launched.get("structuredContent", {}).get("screen")
if screen != "mcp-ok":
    sys.exit("mcp: the first screen was %r (%r)" % (screen, launched))
closed = request("tools/call", {"name": "terminal_close", "arguments": {"session": "s1"}})
if closed.get("structuredContent", {}).get("was_running") is not True:
    sys.exit("mcp: close said %r" % closed)
server.stdin.close()
if server.wait() != 0:
    sys.exit("mcp: exit code %d" % server.returncode)
print("mcp: %s %s ran sh and closed it" % (version["serverInfo"]["name"],
                                          version["serverInfo"]["version"]))
