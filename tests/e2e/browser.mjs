// Shared by the browser tests: the demo server, headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core, flags from the toolchain notes), console-error capture and screenshots in ./artifacts.
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../web/serve.mjs';

export const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

// Why the browser tests cannot run here, or null when they can.
export function missing() {
  if (!existsSync(chromiumPath)) return `no Chromium at ${chromiumPath} (node .ci/setup.mjs --browser installs it)`;
  if (!existsSync(fileURLToPath(new URL('../../dist/argmax.wasm', import.meta.url)))) return 'dist/argmax.wasm is not built (node .ci/build.mjs --wasm)';
  return null;
}

export async function launch() {
  const { chromium } = await import('playwright-core');
  mkdirSync(artifacts, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'argmax-e2e-'));
  const { server, url } = await serve({ port: 0 });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: FLAGS, viewport: { width: 1100, height: 900 },
  });
  const page = context.pages()[0] ?? await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => { if (!r.url().startsWith('data:')) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`); });
  return {
    page, context, url, problems,
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Opens the demo page (served cross-origin isolated, so training can use Web Workers) and waits until it is ready,
// so that no request of it is left in flight for a later navigation to abort.
export async function openDemo({ page, url }) {
  await page.goto(`${url}web/?manual`);
  await page.waitForFunction(() => window.argmaxDemo?.ready === true, null, { timeout: 120_000 });
}

// Runs module[name](am, ...args) in the page and resolves with its result; source is the text of an ES module
// that imports nothing, am the library imported as the demo imports it.
export function runInPage(page, source, name, ...args) {
  return page.evaluate(async ([text, name, args]) => {
    const module = await import(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));
    return module[name](await (await import('/bindings/js/index.js')).init(), ...args);
  }, [source, name, args]);
}

export async function shoot(page, name, selector) {
  if (selector) await page.locator(selector).screenshot({ path: join(artifacts, `${name}.png`) });
  else await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: name.endsWith('full') });
}
