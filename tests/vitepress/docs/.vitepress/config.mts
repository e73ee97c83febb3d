// A small VitePress book with kubevol-lab embedded exactly as the README tells a book author: the
// package installed from its tarball (scripts/build-book.sh: `npm pack ./target/npm`, then `npm
// install` of that file into tests/vitepress/), the config wrapped in `withKubevol`, which adds the
// Markdown hook that renders each demo's first screen into its page at build time, the stylesheet
// and the loader in `head`, and the demos' files under /kubevol/; a placeholder <div> in the pages
// that show a demo, or the Vue component the theme registers (theme/index.ts, used by
// parts/vue.md). tests/e2e/vitepress.test.mjs and scripts/slow-phone.mjs use it as a reader would;
// tests/e2e/vitepress.test.mjs checks that its lines are the README's, word for word.
import { defineConfig } from 'vitepress'
import { withKubevol } from 'kubevol-lab/vitepress'

export default withKubevol(defineConfig({
  lang: 'ja',
  title: 'kubevol-lab の本',
  description: 'Kubernetes のストレージを、動かして確かめる',
  // Prose pieces that two pages share (a chapter and its copy without the demo), not pages.
  srcExclude: ['_prose/**'],
  head: [
    ['link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  ],
  themeConfig: {
    nav: [{ text: '本文', link: '/parts/csi' }],
    sidebar: [
      {
        text: 'ストレージ',
        items: [
          { text: 'はじめに', link: '/' },
          { text: 'CSIとボリューム', link: '/parts/csi' },
          { text: 'StatefulSetとPVC', link: '/parts/statefulset' },
          { text: '区画とボリューム', link: '/parts/topology' },
          { text: '二つを並べる', link: '/parts/together' },
          { text: 'Vue のコンポーネント', link: '/parts/vue' },
          { text: 'In English', link: '/parts/en' },
        ],
      },
    ],
    outline: { level: [2, 3], label: 'このページ' },
    docFooter: { prev: '前のページ', next: '次のページ' },
  },
}));
