// Debian's headless Chromium through playwright-core, as the browser tests launch it: no
// sandbox (root), no GPU, no background connections (the network is closed), a fresh
// profile each run. A missing Chromium or playwright-core is a failure, never a skip.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.TESSERA_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];

/** Resolves { context, close() }: a persistent context on a new profile directory. */
export async function launchChromium(options = {}) {
  assert.ok(existsSync(CHROMIUM),
    `${CHROMIUM} is missing: install Debian's chromium (bash scripts/setup.sh)`);
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    throw new Error(`playwright-core is not installed (npm ci at the repo root): ${e.message}`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'tessera-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 30_000, ...options,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
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
