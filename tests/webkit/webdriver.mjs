// A small W3C WebDriver client for WebKit: Debian's WebKitWebDriver driving its MiniBrowser
// (WebKitGTK, Safari's engine), under Xvfb. Playwright's WebKit is a browser build downloaded
// from elsewhere, which this project may not fetch; WebKitGTK comes from Debian's packages.
// Only what the WebKit pass needs: sessions, navigation, scripts, elements, clicks, window size
// and screenshots. WebDriver has no console log: pages get a probe (probe.js) that records every
// error from their first script on.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

// The drivers by engine: WebKit's, and Firefox's geckodriver (installed by scripts/bootstrap.sh)
// driving Debian's Firefox ESR, headless, for the checks that are run in every engine.
const DRIVERS = { webkit: process.env.WEBKITWEBDRIVER ?? '/usr/bin/WebKitWebDriver', firefox: process.env.GECKODRIVER ?? 'geckodriver' };
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/**
 * Starts the engine's driver (WebKitWebDriver, or geckodriver for `firefox`) on a free port;
 * `close()` stops it, `log()` is what it and its browsers wrote.
 */
export async function startDriver(engine = 'webkit') {
  const port = await freePort();
  const child = spawn(DRIVERS[engine], [`--port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`${base}/status`);
      if (r.ok) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
    if (i === 99) throw new Error(`${DRIVERS[engine]} did not start: ${log}`);
  }
  return { engine, base, close: () => child.kill(), log: () => log };
}

async function call(base, method, path, body, timeout) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeout === undefined ? undefined : AbortSignal.timeout(timeout),
  });
  const json = await response.json();
  if (json.value?.error) throw new Error(`WebDriver ${method} ${path}: ${json.value.error}: ${json.value.message}`);
  return json.value;
}

// How long a new session may take before WebKitWebDriver is taken not to have reached its browser:
// it starts in a second or two, and in under 20 on a machine with both cores busy.
const SESSION_TIMEOUT = 90_000;

/**
 * Asks for a session, and says why when WebKitWebDriver never answers. It launches MiniBrowser,
 * connects to it while the connection is refused, and stops trying, without answering the request,
 * once the browser has exited (Source/WebDriver/glib/SessionHostGlib.cpp). One CI run hung so until
 * Node's fetch gave up at 300 s: MiniBrowser had exited with "cannot open display", refused by an
 * Xvfb resetting as the session before it left (tests/webkit/xvfb-reset/; scripts/test.sh now starts
 * Xvfb with -noreset). A browser that exits at launch is a browser that crashed: it fails here,
 * within SESSION_TIMEOUT, with what the driver and its browser wrote.
 */
async function newSession(driver, capabilities) {
  try {
    return await call(driver.base, 'POST', '/session', capabilities, SESSION_TIMEOUT);
  } catch (e) {
    if (e.name !== 'TimeoutError') throw e;
    throw new Error(`WebKitWebDriver did not answer a new session within ${SESSION_TIMEOUT / 1000} s; `
      + `what it and its browser wrote:\n${driver.log().replace(/^/gm, '    | ')}`);
  }
}

/**
 * A browser session: MiniBrowser, with WebKitWebDriver's own defaults; or headless Firefox.
 * `pageLoadStrategy: 'eager'` makes a navigation return once the document is parsed, not at its
 * load event, which Firefox holds back while a fetch the page started is unanswered.
 */
export async function session(driver, { pageLoadStrategy } = {}) {
  const engine = driver.engine === 'firefox'
    ? { browserName: 'firefox', 'moz:firefoxOptions': { args: ['-headless'] }, timeouts: { pageLoad: 60_000 } }
    : { 'webkitgtk:browserOptions': { args: ['--automation'] } };
  const created = await newSession(driver, {
    capabilities: { alwaysMatch: { ...engine, ...(pageLoadStrategy ? { pageLoadStrategy } : {}) } },
  });
  const id = created.sessionId;
  const at = (path) => `/session/${id}${path}`;
  const s = {
    capabilities: created.capabilities,
    call: (method, path, body) => call(driver.base, method, at(path), body),
    async goto(url) {
      await s.call('POST', '/url', { url });
    },
    /** Runs `fn` (a function, or its source) in the page with `args`; returns what it returns. */
    async run(fn, ...args) {
      return s.call('POST', '/execute/async', {
        script: `const done = arguments[arguments.length - 1];
          Promise.resolve((${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1))).then(done, (e) => done({ __error: String(e && e.stack || e) }));`,
        args,
      }).then((value) => {
        if (value && value.__error) throw new Error(`in the page: ${value.__error}`);
        return value;
      });
    },
    /** Waits until `fn` returns something truthy in the page (checked every 50 ms). */
    async until(fn, { timeout = 10_000, what = String(fn) } = {}, ...args) {
      const end = Date.now() + timeout;
      for (;;) {
        const value = await s.run(fn, ...args);
        if (value) return value;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async find(selector) {
      const found = await s.call('POST', '/element', { using: 'css selector', value: selector });
      return found[ELEMENT];
    },
    /**
     * A real WebDriver click (pointer events through the browser), as a reader's: scrolled into
     * view first and given two frames to render, since a demo off-screen is not rendered
     * (content-visibility: auto) and WebKit's driver then finds nothing to click.
     */
    async click(selector) {
      await s.run((selector) => {
        document.querySelector(selector)?.scrollIntoView({ block: 'center' });
        return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }, selector);
      await s.call('POST', `/element/${await s.find(selector)}/click`, {});
    },
    /** Runs what follows inside the frame `selector` finds, until `top()`. */
    async frame(selector) {
      await s.call('POST', '/frame', { id: { [ELEMENT]: await s.find(selector) } });
    },
    async top() {
      await s.call('POST', '/frame', { id: null });
    },
    async size(width, height) {
      await s.call('POST', '/window/rect', { width, height });
    },
    /** The viewport as PNG bytes. */
    async window() {
      return Buffer.from(await s.call('GET', '/screenshot'), 'base64');
    },
    async screenshot(selector) {
      return Buffer.from(await s.call('GET', `/element/${await s.find(selector)}/screenshot`), 'base64');
    },
    async close() {
      await call(driver.base, 'DELETE', at('')).catch(() => {});
    },
  };
  return s;
}
