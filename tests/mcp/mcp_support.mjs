// Shared by the MCP suites: the server started by the SDK's own stdio client,
// and process checks for what must be gone when a session, the client or the
// server ends.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The native binary (TESSERA_BUILD_DIR, default build/): missing is an error, never a skip. */
export function tesseraBin() {
  const dir = path.resolve(process.env.TESSERA_BUILD_DIR ?? path.join(repoRoot, 'build'));
  const bin = path.join(dir, 'bin', 'tessera');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run bash scripts/build.sh first`);
  return bin;
}

/** A connected SDK client of `tessera mcp FLAGS...`; close() ends it. */
export async function connect(flags = []) {
  const transport = new StdioClientTransport({ command: tesseraBin(), args: ['mcp', ...flags],
    stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d) => { stderr += d; });
  const client = new Client({ name: 'tessera-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** Calls a tool; its structuredContent (already checked by the SDK against the
 * tool's outputSchema), or throws with the text of an error result. */
export async function call(client, name, args = {}) {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${r.content[0].text}`);
  return { ...r.structuredContent, text: r.content[0].text };
}

/** An error result's text (fails when the call succeeded). */
export async function callError(client, name, args = {}) {
  const r = await client.callTool({ name, arguments: args });
  if (!r.isError) throw new Error(`${name} succeeded, expected an error: ${r.content[0].text}`);
  return r.content[0].text;
}

/** Whether a process exists and is not a zombie. */
export function alive(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()[0] !== 'Z';
  } catch { return false; }
}

const pids = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);

/** Pids whose command line holds every one of words (in order). */
export function processesWith(...words) {
  const needle = words.join('\0');
  return pids().filter((pid) => {
    try { return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(needle); } catch { return false; }
  });
}

/** Live children of a pid. */
export function childrenOf(parent) {
  return pids().filter((pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
      return Number(f[1]) === parent && f[0] !== 'Z';
    } catch { return false; }
  });
}

/** Waits up to ms for every pid to end; the ones still alive. */
export async function survivors(list, ms = 15_000) {
  const until = Date.now() + ms;
  let left = list.filter(alive);
  while (left.length && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    left = left.filter(alive);
  }
  return left;
}

/** A word no other process has on its command line. */
export const uniqueMarker = () => `${900 + Math.floor(Math.random() * 99)}.${process.pid}${Date.now() % 100000}`;
