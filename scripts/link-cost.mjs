// The cost of opening a share link, which sets how many actions a link may hold, two ways.
//
// As a benchmark (the default): for each demo, the release build in headless Chromium with a 4x
// slower CPU (a phone's, as slow-phone.mjs emulates) opens two links made by the model itself
// (crates/ui/examples/link_cost.rs): one of a single action, and one of as many as the demo
// replays (`max_actions` in its `present.rs`), round the heaviest mix of its buttons. Both go the
// reader's way: the page's address changes to the link, and the demo starts again from it. The
// difference between them, over the actions between them, is the price of one action of a
// replay. Prints, per demo, medians over ROUNDS opens of each: that price, the replay of a longest
// link and its ratio to the 50 ms budget, and the limits the time budget and a link's characters
// would allow (a limit is the fewer of the two). A time is printed, never judged: it moves with
// whatever else the machine is doing (twice as slow beside another build).
//
// As a check (`--count`): the work of the same replay, counted. The example opens each demo's two
// links natively, under valgrind's instruction counter (cachegrind, no cache simulation), and the
// difference is the instructions a longest link's replay takes in the demos' own code (the
// model, the session, the link's reading): the same count on a busy machine as on a quiet one.
// It fails if a demo's count passes its bound (`--bound csi=N,...`, set in scripts/test.sh at
// today's count and a fifth more, like the size report's ratchets), so a replay grown a fifth
// costlier fails until the limits are measured again; and, in both modes, if a longest link would
// not fit 8,000 characters.
//   node scripts/link-cost.mjs [dist] [--rounds N]
//   node scripts/link-cost.mjs --count [--bound csi=N,statefulset=N,topology=N]
import { execFileSync, spawnSync } from 'node:child_process';
import { launch, watchedPage, assert, prependDemo } from '../tests/e2e/harness.mjs';
import { startServer } from '../tests/e2e/static-server.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const dist = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'dist';
const ROUNDS = Number(option('--rounds') ?? 9);
const CPU = 4;
const BUDGET_MS = 50; // what a longest link may add to opening its demo
const MAX_CHARS = 8000; // kubevol_sim::link::MAX_CHARS

const links = JSON.parse(execFileSync('cargo', ['run', '-q', '-p', 'kubevol-ui', '--example', 'link_cost'], { encoding: 'utf8' }));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const tooLong = Object.entries(links).filter(([, { max_actions: max, links: byCount }]) => byCount[String(max)].length > MAX_CHARS);
for (const [kind] of tooLong) console.log(`FAIL: ${kind}: a longest link does not fit ${MAX_CHARS} characters`);

if (args.includes('--count')) process.exit(count() || tooLong.length ? 1 : 0);

/** The counted replay of each demo's longest link; returns whether one passed its bound. */
function count() {
  const bounds = Object.fromEntries((option('--bound') ?? '').split(',').filter(Boolean).map((b) => b.split('=')).map(([k, v]) => [k, Number(v)]));
  const built = execFileSync('cargo', ['build', '-q', '-p', 'kubevol-ui', '--example', 'link_cost', '--message-format=json'], { encoding: 'utf8' });
  const example = built.split('\n').filter(Boolean).map((l) => JSON.parse(l))
    .find((m) => m.reason === 'compiler-artifact' && m.target?.name === 'link_cost' && m.executable)?.executable;
  assert(example, 'cargo built no link_cost example');
  // Instructions of one run of the example, opening the link of `n` actions.
  const instructions = (kind, n) => {
    const run = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', example, '--open', kind, String(n)], { encoding: 'utf8' });
    const refs = run.stderr.match(/I\s+refs:\s+([\d,]+)/);
    assert(run.status === 0 && refs, `valgrind on link_cost --open ${kind} ${n}: status ${run.status}\n${run.stderr}`);
    return Number(refs[1].replaceAll(',', ''));
  };
  let over = false;
  const counted = [];
  for (const [kind, { max_actions: max }] of Object.entries(links)) {
    const replay = instructions(kind, max) - instructions(kind, 1);
    const bound = bounds[kind];
    counted.push({ kind, max_actions: max, replay_instructions: replay, per_action: Math.round(replay / (max - 1)), bound: bound ?? null });
    const verdict = bound === undefined ? 'no bound set' : `${(replay / bound).toFixed(2)}x its bound of ${bound.toLocaleString('en')}`;
    console.log(`${kind}: a longest link's replay (${max} actions) takes ${replay.toLocaleString('en')} instructions natively `
      + `(${Math.round(replay / (max - 1)).toLocaleString('en')} an action, counted by valgrind), ${verdict}`);
    if (bound !== undefined && replay > bound) {
      console.log(`  FAIL: ${kind}'s replay takes more work than its bound: a replay this much costlier must have its limit`
        + ' (max_actions) measured again with `node scripts/link-cost.mjs dist`, then its bound set anew in scripts/test.sh');
      over = true;
    }
  }
  console.log(JSON.stringify({ link_work: counted }));
  return over;
}

const server = await startServer(dist);
const browser = await launch();
const results = [];
for (const [kind, { max_actions: max, links: byCount }] of Object.entries(links)) {
  const [one, most] = [byCount['1'], byCount[String(max)]];
  const page = await watchedPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${server.url}/index.html`);
  // The page's first demo of its kind, as the links' address (`kubevol:<kind>:1`) names it.
  await prependDemo(page, 'measured', { kubevolDemo: kind });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  // From the address's change to the demo's last change, once it has been quiet for 400 ms.
  const open = (fragment) => page.evaluate(async (fragment) => {
    const host = document.getElementById('measured');
    let last = 0;
    const observer = new MutationObserver(() => { last = performance.now(); });
    observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
    const began = performance.now();
    location.hash = fragment;
    await new Promise((done, fail) => {
      const poll = () => {
        if (host.querySelector('[data-kubevol-root]') && last && performance.now() - last > 400) done();
        else if (performance.now() - began > 20_000) fail(new Error('the demo did not open from the link'));
        else setTimeout(poll, 50);
      };
      poll();
    });
    observer.disconnect();
    return { ms: last - began, notice: host.querySelector('[data-state="notice"]')?.textContent ?? null };
  }, fragment);
  // The first opening fetches the part that reads links. (Each opening must change the address:
  // the same fragment again is no change, and opens nothing.)
  await open(most);
  const times = { one: [], most: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fragment] of [['one', one], ['most', most]]) {
      const { ms, notice } = await open(fragment);
      assert(notice === null, `${kind}: the link of ${name === 'one' ? 1 : max} actions was refused: ${notice}`);
      times[name].push(ms);
    }
  }
  page.assertClean();
  await page.context().close();
  const replay = median(times.most) - median(times.one);
  const perAction = replay / (max - 1);
  results.push({
    kind, max_actions: max, chars: most.length, open_one_ms: median(times.one), open_most_ms: median(times.most),
    replay_ms: replay, per_action_us: perAction * 1000, fits_budget: Math.floor(BUDGET_MS / perAction),
    fits_chars: Math.floor(MAX_CHARS / (most.length / max)),
  });
}
await browser.close();
await server.close();

for (const r of results) {
  console.log(`${r.kind}: one action of a replay costs ${r.per_action_us.toFixed(1)} µs at ${CPU}x CPU; `
    + `a longest link (${r.max_actions} actions, ${r.chars} characters) adds ${r.replay_ms.toFixed(1)} ms to opening the demo `
    + `(${r.open_most_ms.toFixed(0)} vs ${r.open_one_ms.toFixed(0)} ms for one action), ${(r.replay_ms / BUDGET_MS).toFixed(2)}x the ${BUDGET_MS} ms budget; `
    + `the budget would allow ${r.fits_budget} actions, 8,000 characters about ${r.fits_chars}`);
}
console.log(JSON.stringify({ link_cost: results }));
process.exit(tooLong.length ? 1 : 0);
