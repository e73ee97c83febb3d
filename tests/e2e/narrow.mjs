// What the narrow-page suites (tests/e2e/narrow.test.mjs in Chromium, tests/webkit/narrow.test.mjs
// in WebKit and Firefox) do in the page: drive every demo as a reader does and look, after every
// step, for what reaches past the demo's edges outside a region that scrolls sideways, and for a
// page that scrolls sideways. Self-contained, as both drivers send it to the page as source text.

// Twenty lines a reader types: every kind of answer, long ones and errors among them.
export const COMMANDS = [
  'get pods -o wide', 'get pvc,pv -o wide', 'get volumeattachments', 'get all', 'help',
  'kubectl get pods', 'get nodes -o wide --show-labels', 'get events', 'get pv -o yaml', 'describe pvc',
  'get pods -o json', 'get sts -o wide', 'describe nodes', 'get pods -o jsonpath={.items[*].metadata.name}',
  'get storageclass -o wide', 'delet pod x', 'get pods --bogus', 'get pvc -A', 'describe pods', 'get pods,pvc,pv',
];

// Buttons whose effect is elsewhere (the clipboard, a file, a timer that keeps running, the other
// language, which the pages show anyway) or that would take the moment back to an empty start
// before the steps after them look (reset, Back, Forward).
export const SKIP = ['share', 'export', 'play', 'retry', 'lang', 'reset', 'undo', 'redo', 'kubectl-object'];

/**
 * In the page: drives each demo (every fold open, each main button once, every kubectl object
 * picked, the commands typed into its prompt) and returns what was found, each once, with the step
 * that showed it.
 */
export async function driveAndLook({ COMMANDS, SKIP }) {
  const settle = () => new Promise((r) => setTimeout(() => requestAnimationFrame(() => r()), 0));
  const visible = (el) => el.getClientRects().length > 0 && !el.closest('[hidden]');
  const found = new Map();
  const look = (label, root, step) => {
    const edge = root.getBoundingClientRect();
    for (const el of root.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || (box.left >= edge.left - 0.5 && box.right <= edge.right + 0.5)) continue;
      // A drawing's own parts (nested ones too) are its geometry: the drawing's box is what is checked.
      if (el.parentElement?.closest('svg')) continue;
      let scrolls = false;
      for (let up = el.parentElement; up && up !== root && !scrolls; up = up.parentElement) {
        scrolls = /auto|scroll/.test(getComputedStyle(up).overflowX);
      }
      if (scrolls) continue;
      const name = el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '');
      const what = `${label}: ${name} [${(el.textContent ?? '').trim().slice(0, 40)}] ${Math.round(box.left)}..${Math.round(box.right)} outside ${Math.round(edge.left)}..${Math.round(edge.right)}`;
      if (!found.has(what)) found.set(what, step);
    }
    const wide = document.documentElement.scrollWidth;
    const sideways = `the page scrolls sideways: ${wide} px in a ${innerWidth} px viewport`;
    if (wide > innerWidth && !found.has(sideways)) found.set(sideways, `${label}, ${step}`);
  };
  const roots = [...document.querySelectorAll('[data-kubevol-root]')];
  for (const [i, root] of roots.entries()) {
    const label = `demo ${i + 1} (${root.dataset.kubevolRoot})`;
    // A fold's part arrives after its click, and the prompt's toggle is inside the kubectl panel's:
    // each opening waits for what it fetches before the next toggle is looked for.
    const loaded = async () => {
      for (let wait = 0; wait < 200 && root.querySelector('[data-state="part-loading"]'); wait++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await settle();
    };
    // A page that opens its folds itself (the gallery) is fetching their parts already: the
    // toggles inside them (the prompt's) are there only once those have arrived.
    await loaded();
    for (let left = 20; left > 0; left--) {
      const closed = [...root.querySelectorAll('.kv-folds [aria-expanded="false"]')].find(visible);
      if (!closed) break;
      closed.click();
      await loaded();
      look(label, root, `fold ${closed.dataset.action} opened`);
    }
    look(label, root, 'every fold open');
    const main = [...root.querySelectorAll('button[data-action]')].filter((b) => !b.closest('.kv-folds'));
    for (const action of [...new Set(main.map((b) => b.dataset.action))].filter((a) => !SKIP.includes(a))) {
      const buttons = [...root.querySelectorAll(`button[data-action="${action}"]`)].filter((b) => !b.closest('.kv-folds'));
      for (const [n, button] of buttons.entries()) {
        if (!button.isConnected || !visible(button) || button.disabled) continue;
        button.click();
        await settle();
        look(label, root, `${action} #${n + 1}`);
      }
    }
    const objects = [...root.querySelectorAll('[data-action="kubectl-object"]')].filter(visible).map((b) => b.dataset.value);
    for (const value of objects) {
      root.querySelector(`[data-action="kubectl-object"][data-value="${CSS.escape(value)}"]`)?.click();
      await settle();
      look(label, root, `kubectl object ${value}`);
    }
    const field = [...root.querySelectorAll('[data-state="kubectl-prompt"]')].find(visible);
    if (!field) {
      found.set(`${label}: no kubectl prompt to type into`, 'every fold open');
      continue;
    }
    for (const command of COMMANDS) {
      field.value = command;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      await settle();
      look(label, root, `$ kubectl ${command}`);
    }
  }
  return { demos: roots.length, found: [...found].map(([what, step]) => `${what} (after ${step})`) };
}

/**
 * In the page: for each demo opened in a level, scrolled as a reader scrolls to see the whole of
 * its cluster's picture (the picture's bottom at the screen's bottom), whether the level's name and
 * the line of its checks are in that screen too, clear of the picture (the line stays at the top
 * of the screen while the demo scrolls under it). Returns what is not, one line per demo (an empty
 * list when all are).
 */
export async function levelInOneScreen() {
  const settle = () => new Promise((r) => setTimeout(() => requestAnimationFrame(() => r()), 0));
  const out = [];
  const roots = [...document.querySelectorAll('[data-kubevol-root]')];
  for (const root of roots) {
    const kind = root.dataset.kubevolRoot;
    const picture = [...root.querySelectorAll('[data-state="picture"], [data-state="lanes"], [data-state="zones"]')]
      .find((p) => !p.closest('.kv-goal-pic'));
    (picture ?? root).scrollIntoView({ block: 'end' });
    await settle();
    const parts = {
      'the level\'s name': root.querySelector('[data-state="level-name"]'),
      'the checks\' line': root.querySelector('[data-action="level-checks"]'),
      'the picture': picture,
    };
    const strip = root.querySelector('[data-state="level-strip"]');
    if (strip && picture && strip.getBoundingClientRect().bottom > picture.getBoundingClientRect().top + 0.5) {
      out.push(`${kind}: the level's line covers the picture`);
    }
    for (const [what, el] of Object.entries(parts)) {
      if (!el) {
        out.push(`${kind}: no ${what}`);
        continue;
      }
      const box = el.getBoundingClientRect();
      if (box.top < -0.5 || box.bottom > innerHeight + 0.5) {
        out.push(`${kind}: ${what} at ${Math.round(box.top)}..${Math.round(box.bottom)}, outside 0..${innerHeight}`);
      }
    }
  }
  return { demos: roots.length, out };
}
