// Emotion's style cache on both sides of a page the server draws (src/entry-server.tsx): the server writes the class
// styles the page uses into one <style> tag naming their ids, and the browser's cache starts out knowing those ids, so
// that neither writes nor moves those rules again.
import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';

/** Both caches' key: the class names the server writes (`css-…`) are the ones the browser computes. */
export const emotionKey = 'css';

/**
 * The attribute of the server's class style tag, its value the ids of the rules inside. Not emotion's own
 * `data-emotion="css …"`: emotion hydrates a tag of that name by moving it to the end of <head>, which makes the
 * browser build that style sheet again and restyle the page while the app's script is evaluated (a long task on a
 * slow phone).
 */
export const classStylesAttribute = 'data-emotion-classes';

/** The browser's cache, told which class styles the page already has. */
export function browserEmotionCache(page: Document): EmotionCache {
  const cache = createCache({ key: emotionKey });
  const ids = page.querySelector(`style[${classStylesAttribute}]`)?.getAttribute(classStylesAttribute) ?? '';
  for (const id of ids.split(' ')) if (id) cache.inserted[id] = true;
  return cache;
}
