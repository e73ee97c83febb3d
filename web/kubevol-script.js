
// ---- appended by scripts/build-modules.sh to the script API module's glue (crates/api) ---------
// What web/kubevol.js asks of the module, kept here so that a page which never uses the script
// API never fetches this code either.

/** The history a demo opens at for `scenario`, or what is wrong with it (the demo words it). */
export function scripted(kind, scenario, preset) {
  try {
    return { history: open(kind, scenario, preset) };
  } catch (error) {
    return { fault: error.message };
  }
}

/** The form the demo reads `level` (an object, or its JSON) in, or what is wrong with it. */
export function levelForm(kind, level) {
  try {
    // Text as it is: the module reads a level's JSON itself, as the book's build does, so both
    // word a malformed level the same way.
    return { form: formOfLevel(kind, level) };
  } catch (error) {
    return { fault: error.message };
  }
}

/** Has the demo in `element` dispatch `kubevol:change` after each action the reader takes. */
export function listen(demos, element, kind) {
  const tell = (history) => element.dispatchEvent(new CustomEvent('kubevol:change', { detail: change(kind, history), bubbles: true }));
  return demos.ask(element, 'watch', tell);
}

/** What `getState` answers for the demo in `element`. */
export async function stateOf(demos, element, kind) {
  return state(kind, await demos.ask(element, 'history'));
}
