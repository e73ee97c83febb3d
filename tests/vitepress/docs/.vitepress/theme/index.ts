// The book's theme: VitePress's own, with the demo component registered as the README tells a
// book author (kubevol-lab/vue, from the package the book installs).
import DefaultTheme from 'vitepress/theme'
import { KubevolDemo } from 'kubevol-lab/vue'
export default { extends: DefaultTheme, enhanceApp: ({ app }) => app.component('KubevolDemo', KubevolDemo) }
