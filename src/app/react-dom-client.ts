// React DOM is CommonJS: bundled, its body runs (and, far larger, is compiled) where a module of the app first takes
// something from it. Taken here, in the chunk that holds React DOM (vite.config.ts, reactDomModules), that happens when
// that chunk is evaluated, a task of its own, instead of inside the app's chunk's evaluation. The app takes React DOM's
// client API from this module.
export { createRoot, hydrateRoot } from 'react-dom/client';
