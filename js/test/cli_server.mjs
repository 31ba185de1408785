// Runs the JS CLI for shell harnesses inside this test process: one node, one compiled
// tessera-cli.wasm for every run, where a fresh node per run spent most of its time starting.
//
// tests/cli/cli_test.sh runs its binary as a program; cli_client.sh is that program. It sends
// its pid and a reply FIFO down the server's request FIFO, and the server runs runCli with
// the client's own arguments, working directory and stdin, stdout and stderr (opened again
// through /proc/PID, which must be files, FIFOs or devices: a socket cannot be opened so),
// then writes the exit code back. The client waits on the reply, so its descriptors stay
// open for the whole run.
import { spawnSync } from 'node:child_process';
import {
  closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync, readlinkSync, rmSync, writeSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../src/cli/cli.js';

export const clientScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli_client.sh');

// The client runs as `sh cli_client.sh ARGS...` (its #! line): its arguments follow those two.
function clientArgs(pid) {
  const argv = readFileSync(`/proc/${pid}/cmdline`).toString('utf8').split('\0');
  argv.pop(); // the NUL after the last argument
  const at = argv.findIndex((a) => a.endsWith('cli_client.sh'));
  if (at < 0) throw new Error(`process ${pid} is not cli_client.sh: ${argv.join(' ')}`);
  return argv.slice(at + 1);
}

async function serve(pid, reply) {
  const fds = [];
  let code = 5;
  try {
    const open = (n, flags) => { const fd = openSync(`/proc/${pid}/fd/${n}`, flags); fds.push(fd); return fd; };
    code = await runCli(clientArgs(pid), {
      cwd: readlinkSync(`/proc/${pid}/cwd`),
      stdin: open(0, constants.O_RDONLY),
      stdout: open(1, constants.O_WRONLY),
      stderr: open(2, constants.O_WRONLY),
    });
  } catch (e) {
    process.stderr.write(`cli_server: run for client ${pid}: ${e?.stack ?? e}\n`);
  } finally {
    for (const fd of fds) closeSync(fd);
  }
  await answer(pid, reply, code);
}

// Writes the exit code to the client's reply FIFO once it is reading. Never blocks: a
// client that died (its harness timed out) is given up, so the queue goes on.
async function answer(pid, reply, code) {
  for (;;) {
    let fd;
    try {
      fd = openSync(reply, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (e) {
      if (e.code !== 'ENXIO' || !existsSync(`/proc/${pid}`)) return; // gone
      await new Promise((resolve) => setTimeout(resolve, 5)); // not reading yet
      continue;
    }
    try {
      writeSync(fd, `${code}\n`);
    } catch {
      // the client went between the open and the write
    } finally {
      closeSync(fd);
    }
    return;
  }
}

/** Starts the server; resolves { env, stop() }: env is what a client needs (TESSERA_CLI_SERVER). */
export async function startCliServer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-cli-server-'));
  const requests = path.join(dir, 'requests');
  const made = spawnSync('mkfifo', [requests]);
  if (made.status !== 0) throw new Error(`mkfifo ${requests}: ${made.stderr}`);
  // Read and write: the FIFO never reaches end of file between clients.
  const fd = openSync(requests, constants.O_RDWR | constants.O_NONBLOCK);
  const socket = new net.Socket({ fd, readable: true, writable: false });
  let pending = '';
  let queue = Promise.resolve();
  socket.on('data', (chunk) => {
    pending += chunk.toString('utf8');
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      const [pid, reply] = line.split(' ');
      if (!/^[0-9]+$/.test(pid) || !reply?.startsWith(`${dir}/reply.`)) {
        process.stderr.write(`cli_server: a request that is not "PID REPLY": ${JSON.stringify(line)}\n`);
        continue;
      }
      // One run at a time: the module's runs share this thread anyway.
      queue = queue.then(() => serve(Number(pid), reply));
    }
  });
  return {
    env: { TESSERA_CLI_SERVER: dir },
    async stop() {
      socket.destroy();
      await queue;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
