// What the page carries inside itself (web/README.md): the engine, gzip-compressed and
// base64-encoded in <script type="application/octet-stream" id="tessera-engine">, and the
// data a writer put in place of the placeholder, <script type="application/json"
// id="tessera-data">. Neither block ever runs; both are read as text.
import { loadEngine } from '../js/src/core.js';

export const DATA_VERSION = 1;

/** Base64 text to bytes. */
export function fromBase64(text) {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The engine the page carries (the emscripten build). */
export async function embeddedEngine(doc = document) {
  const block = doc.getElementById('tessera-engine');
  const text = block?.textContent.trim();
  if (!text) throw new Error('this page carries no engine: build it with node web/build.mjs');
  return loadEngine({ engine: 'emscripten', wasm: await gunzip(fromBase64(text)) });
}

/**
 * The data put in the page (web/README.md, "The data"), checked, with the file's bytes
 * decoded: { kind, file: { name, bytes }, expected?: { name, text }, report? }; null when the
 * page carries none (the empty viewer).
 */
export function embeddedData(doc = document) {
  const block = doc.getElementById('tessera-data');
  if (!block) return null;
  let data;
  try {
    data = JSON.parse(block.textContent);
  } catch (e) {
    throw new Error(`the data in this page is not JSON: ${e.message}`);
  }
  if (data?.version !== DATA_VERSION) {
    throw new Error(`this viewer reads data version ${DATA_VERSION}; the page holds version ` +
      `${JSON.stringify(data?.version)}: open it with the tessera that wrote it`);
  }
  if (data.kind !== 'view' && data.kind !== 'report') {
    throw new Error(`unknown kind of page ${JSON.stringify(data.kind)}: expected "view" or "report"`);
  }
  if (typeof data.file?.base64 !== 'string') throw new Error('the data in this page has no file');
  const out = { kind: data.kind, file: { name: String(data.file.name ?? ''), bytes: fromBase64(data.file.base64) } };
  if (data.expected) out.expected = { name: String(data.expected.name ?? 'expected'), text: String(data.expected.text ?? '') };
  if (data.kind === 'report') out.report = data.report ?? {};
  return out;
}
