// The example page's own behaviour: a light/dark switch that works like VitePress's (a `dark`
// class on <html>, remembered in localStorage under the same key). No inline script is needed, so
// the page runs under a strict Content-Security-Policy.
const KEY = 'vitepress-theme-appearance';
const root = document.documentElement;

function apply(mode) {
  const dark = mode === 'dark' || (mode !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  const button = document.querySelector('[data-book="theme"]');
  if (button) button.setAttribute('aria-pressed', String(dark));
}

apply(localStorage.getItem(KEY) ?? 'auto');
document.querySelector('[data-book="theme"]')?.addEventListener('click', () => {
  const next = root.classList.contains('dark') ? 'light' : 'dark';
  localStorage.setItem(KEY, next);
  apply(next);
});
