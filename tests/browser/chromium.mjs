// Debian's headless Chromium through playwright-core, as the browser tests launch it: no
// sandbox (root), no GPU, no background connections (the network is closed). A missing
// Chromium or playwright-core is a failure, never a skip.
//
// One Chromium serves every suite of a process (browser.test.mjs runs them all in one): its
// start is about 3.4 CPU seconds here. Each suite gets a context of its own,
// as fresh as a new profile (no storage, no cache shared), and the browser closes when the
// last context does.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.TESSERA_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];

let shared = null; // the browser's promise while a context is open
let contexts = 0;

async function startChromium() {
  assert.ok(existsSync(CHROMIUM),
    `${CHROMIUM} is missing: install Debian's chromium (bash scripts/setup.sh)`);
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    throw new Error(`playwright-core is not installed (npm ci at the repo root): ${e.message}`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
}

/** Resolves { context, close() }: a new context (options as Browser.newContext takes them) in
 * the process's Chromium, started on first use; close() closes the context, and the browser
 * with the last one. */
export async function launchChromium(options = {}) {
  contexts++;
  let context;
  try {
    shared ??= startChromium();
    context = await (await shared).newContext(options);
  } catch (e) {
    await release();
    throw e;
  }
  let closed = false;
  return {
    context,
    close: async () => {
      if (closed) return;
      closed = true;
      await context.close();
      await release();
    },
  };
}

async function release() {
  if (--contexts > 0 || !shared) return;
  const browser = shared;
  shared = null;
  await (await browser.catch(() => null))?.close();
}

/** The context's first page, with its errors (uncaught and console) and every URL it asks for
 * pushed onto the arrays given, so a test can assert a page made no request and no error. */
export async function watchedPage(browser, errors, requests) {
  const page = browser.context.pages()[0] ?? await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('request', (r) => requests.push(r.url()));
  return page;
}
