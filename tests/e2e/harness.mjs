// The e2e suites' runner: a headless Chromium from Debian (no browser download), a fresh page per
// test that records console errors and failed requests, and a summary line the test script parses.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic',
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A page that remembers every console error, uncaught exception and failed request. */
export async function watchedPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 688, height: 900 }, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.problems = problems;
  page.assertClean = () => {
    if (problems.length) throw new Error(`page had problems:\n  ${problems.join('\n  ')}`);
  };
  return page;
}

/**
 * Puts a placeholder at the top of the page's <main>, with `id` and the `dataset` given (at least
 * `kubevolDemo`, the kind), as a book's page places a demo first in its column, and waits for its
 * demo. Returns the placeholder's locator.
 */
export async function prependDemo(page, id, dataset) {
  await page.evaluate(({ id, dataset }) => {
    const host = document.createElement('div');
    host.id = id;
    Object.assign(host.dataset, dataset);
    document.querySelector('main').prepend(host);
  }, { id, dataset });
  const host = page.locator(`#${id}`);
  await host.locator('[data-kubevol-root]').waitFor();
  return host;
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export function assertEq(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Runs named async tests in order; prints one line each and a cargo-like summary. */
// `ONLY=<regexp>` runs only the tests whose name matches (while working on one); the test command
// never sets it.
export async function run(suite, tests) {
  let passed = 0;
  const failed = [];
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
  for (const [name, fn] of tests.filter(([name]) => !only || only.test(name))) {
    const started = performance.now();
    try {
      await fn();
      passed += 1;
      console.log(`test ${suite}::${name} ... ok (${Math.round(performance.now() - started)} ms)`);
    } catch (e) {
      failed.push(name);
      console.log(`test ${suite}::${name} ... FAILED\n${e.stack ?? e}`);
    }
  }
  console.log(`test result: ${failed.length ? 'FAILED' : 'ok'}. ${passed} passed; ${failed.length} failed`);
  if (failed.length) process.exitCode = 1;
}
