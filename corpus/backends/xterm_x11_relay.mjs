#!/usr/bin/env node
// The program the real xterm of xterm_x11.mjs runs: joins the adapter's Unix socket, so
// what arrives on the socket is what the program prints (xterm parses it), and what xterm
// sends the program (its replies) goes back. sh has made the terminal raw, without echo,
// so bytes pass unchanged both ways.
//
//   node xterm_x11_relay.mjs SOCKET
//
// The relay ends when its socket closes, so an adapter that is gone, even killed outright,
// takes xterm with it (its program exits); Xvfb goes with the adapter (the shell holding it
// sees the adapter's pipe close). It removes its session's temporary folder (the socket's)
// on its way out, which an adapter killed outright could not.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const socketPath = process.argv[2];
if (!socketPath) {
  process.stderr.write('usage: node xterm_x11_relay.mjs SOCKET\n');
  process.exit(2);
}
const leave = (status) => {
  const dir = path.dirname(path.resolve(socketPath));
  if (path.basename(dir).startsWith('tessera-xterm-')) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(status);
};
const socket = net.connect(socketPath);
socket.on('error', () => leave(1));
socket.on('close', () => leave(0));
socket.pipe(process.stdout);
process.stdin.pipe(socket);
