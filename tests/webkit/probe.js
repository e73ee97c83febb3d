// Injected first into every page the WebKit pass opens (WebDriver has no console log): records
// every error the page shows from its first script on, for the test to read as __problems.
window.__problems = [];
(function () {
  const say = (kind, text) => window.__problems.push(`${kind}: ${text}`);
  const error = console.error;
  console.error = function (...args) {
    say('console error', args.map((a) => (a && a.stack) || String(a)).join(' '));
    return error.apply(console, args);
  };
  addEventListener('error', (e) => {
    const source = e.target && e.target !== window && (e.target.src || e.target.href);
    say(source ? 'failed to load' : 'page error', source || e.message);
  }, true);
  addEventListener('unhandledrejection', (e) => say('unhandled rejection', String(e.reason && (e.reason.stack || e.reason))));
}());
