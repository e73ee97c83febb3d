// A small VitePress book with kubevol-lab embedded exactly as the README tells a book author:
// dist/ copied into docs/public/kubevol/, the two `head` entries below, the Markdown hook that
// renders each demo's first screen into its page at build time (`markdown.config`), and a
// placeholder <div> in the pages that show a demo, or the Vue component the theme registers
// (theme/index.ts, used by parts/vue.md). scripts/build-book.sh builds it; tests/e2e/vitepress.test.mjs and
// scripts/slow-phone.mjs use it as a reader would. tests/e2e/vitepress.test.mjs checks that the
// `head` entries are the README's, word for word.
import { defineConfig } from 'vitepress';
import { kubevolMarkdown } from '../public/kubevol/vitepress.mjs';

export default defineConfig({
  lang: 'ja',
  title: 'kubevol-lab の本',
  description: 'Kubernetes のストレージを、動かして確かめる',
  // Prose pieces that two pages share (a chapter and its copy without the demo), not pages.
  srcExclude: ['_prose/**'],
  markdown: { config: kubevolMarkdown },
  head: [
    ['link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
    ['link', { rel: 'stylesheet', href: '/kubevol/kubevol.css' }],
    ['script', { type: 'module', src: '/kubevol/kubevol.js', async: '' }],
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
});
