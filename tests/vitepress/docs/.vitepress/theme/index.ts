// The book's theme: VitePress's own, with the demo component registered as the README tells a
// book author (the component comes with the release build, copied into public/kubevol/).
import DefaultTheme from 'vitepress/theme';
import KubevolDemo from '../../public/kubevol/KubevolDemo.vue';

export default {
  extends: DefaultTheme,
  enhanceApp: ({ app }) => app.component('KubevolDemo', KubevolDemo),
};
