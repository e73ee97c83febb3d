// The gallery in the reader's language. A reader who lands on the site's root (/) is sent to the
// gallery in the first of Japanese and English their browser asks for (navigator.languages), before
// anything is drawn; index.html is the Japanese gallery, en.html the English one, and each links to
// the other, so a reader who follows that link, or any link to either page, gets the page they asked for.
// A classic script in the head, not a module: it runs before the first paint.
(() => {
  if (!location.pathname.endsWith('/')) return;
  const asked = (navigator.languages?.length ? navigator.languages : [navigator.language ?? 'ja'])
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find((lang) => lang === 'ja' || lang === 'en');
  if (asked === 'en') location.replace(`en.html${location.search}${location.hash}`);
})();
