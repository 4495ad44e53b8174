/** The real ICU parser under its own name (vite.config.ts): the built app's safety net for a message given as a string. */
declare module 'hub-icu-parser' {
  export { parse } from '@formatjs/icu-messageformat-parser';
}
