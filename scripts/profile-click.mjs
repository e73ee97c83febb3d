// Where a click's time goes: each chapter's main button (main-buttons.mjs) clicked in the book's
// page under Chromium's sampling profiler, and the script's time per click split by what did it.
// Each sample goes to the nearest function of its stack that names one of the parts:
//   - the model (kubevol_sim), the session and its log (kubevol_ui::session),
//   - the drawings' markup written (each demo's picture.rs and drawing.rs),
//   - the writer that changes them in place (kubevol_ui::markup),
//   - the rest of the demos' views (kubevol_ui), Leptos's views (tachys) and reactive graph,
// and, within each, what the browser's own DOM functions took. The wasm's function names are
// needed: build with KUBEVOL_WASM_NAMES=1 (no page is measured or shipped so); without them only
// the total and the DOM's share are printed. In-page clicks (element.click(), then the next
// task), 60 of each after 5 unmeasured; a click that needs resets is profiled with them, and its
// figures are the round's. A benchmark, never a verdict.
//   node scripts/profile-click.mjs [book dist] [--rate N]
import { launch, watchedPage } from '../tests/e2e/harness.mjs';
import { startServer } from '../tests/e2e/static-server.mjs';
import { BOOK, MEASURES, openChapter } from './main-buttons.mjs';

const args = process.argv.slice(2);
const site = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--rate') ?? BOOK;
const RATE = Number(args.includes('--rate') ? args[args.indexOf('--rate') + 1] : 1);
const CLICKS = 60;

// The parts, by the first of these its function's (mangled) name contains, nearest the leaf first.
const PARTS = [
  ['model', /kubevol_sim/],
  ['session and log', /kubevol_ui[^a-z]+session/],
  ['writer (markup)', /kubevol_ui[^a-z]+markup/],
  ['drawings written', /kubevol_ui[^a-z]+(\w+[^a-z]+)?(picture|drawing)/],
  ['demo views', /kubevol_ui/],
  ['Leptos views', /tachys/],
  ['reactive graph', /reactive_graph/],
];
const IDLE = ['(idle)', '(program)', '(garbage collector)'];

// In the page: `n` clicks of `clicks` in turn, each followed by its `reset` clicks, each click
// given the next task to finish its effects.
async function clickInPage(host, m, n) {
  await host.evaluate(async (el, { clicks, reset, n }) => {
    const task = () => new Promise((done) => setTimeout(done, 0));
    for (let i = 0; i < n; i++) {
      el.querySelector(clicks[i % clicks.length]).click();
      await task();
      for (const r of reset) { el.querySelector(r).click(); await task(); }
    }
  }, { clicks: m.clicks, reset: m.reset, n });
}

const server = await startServer(site);
const browser = await launch();
let named = false;
for (const m of MEASURES) {
  const page = await watchedPage(browser);
  const host = await openChapter(page, server.url, m.demo);
  for (const s of m.setup) await host.locator(s).first().click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await clickInPage(host, m, 5);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 20 });
  await cdp.send('Profiler.start');
  await clickInPage(host, m, CLICKS);
  const { parts, total, named: hasNames } = split((await cdp.send('Profiler.stop')).profile);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  page.assertClean();
  await page.context().close();
  named ||= hasNames;
  // A click with resets is profiled with them: its figures are the whole round's.
  const round = m.reset.length ? `, with its ${m.reset.length} reset click${m.reset.length > 1 ? 's' : ''}` : '';
  console.log(`${m.label}${round}, ${RATE}x CPU: ${(total / CLICKS).toFixed(2)} ms of script a round`);
  for (const [part, { ms, dom }] of [...parts].sort((a, b) => b[1].ms - a[1].ms)) {
    if (ms / CLICKS < 0.005) continue;
    console.log(`  ${part.padEnd(18)} ${(ms / CLICKS).toFixed(3)} ms  (DOM calls ${(dom / CLICKS).toFixed(3)} ms)`);
  }
}
if (!named) console.log('(no function names in the wasm: build with KUBEVOL_WASM_NAMES=1 to see the parts)');
await browser.close();
await server.close();

// A profile's non-idle time and its split into the parts, with each part's DOM calls.
function split(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const parts = new Map();
  let total = 0;
  let named = false;
  for (let i = 0; i < profile.samples.length; i++) {
    const leaf = byId.get(profile.samples[i]).callFrame;
    if (IDLE.includes(leaf.functionName)) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    total += ms;
    // The browser's own functions have no script of theirs; the glue's are in its .js file.
    const dom = leaf.url === '' || /kubevol-main\.\w+\.js$/.test(leaf.url);
    let part = dom ? 'browser and glue' : 'other script';
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id).callFrame.functionName;
      const found = PARTS.find(([, re]) => re.test(name));
      if (found) { part = found[0]; named = true; break; }
    }
    const p = parts.get(part) ?? { ms: 0, dom: 0 };
    p.ms += ms;
    if (dom) p.dom += ms;
    parts.set(part, p);
  }
  return { parts, total, named };
}
