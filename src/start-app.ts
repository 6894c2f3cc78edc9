// The first script a page runs: its own tiny entry in index.html, ahead of the app's bundle. It starts the app and
// the fonts once the page's largest picture has painted (the server preloads that picture in the page's <head>), and
// holds the taps made before then.
import { appScriptsMetaName, pageScriptsMetaName } from '../domain/page-data';
import { webFontsCookie, webFontsCookieMaxAgeSeconds, webFontsTemplateId } from '../domain/web-fonts';
import { appReadyEvent } from './app/app-ready';

/**
 * The built page names the app's scripts in a <meta> instead of running them (vite.config.ts,
 * appScriptsAfterThePicture): they start here once the page's largest picture — the server-drawn page's one
 * high-priority image — has painted, so that evaluating the app (long tasks on a slow phone) never delays that paint. A
 * page without such a picture (one the browser draws) starts the app after its first frame; a picture that takes long
 * does not hold the app back for more than 3 s, and a hidden tab, which paints no frames, starts it at once.
 */
function startAppAfterTheLargestPicture(): void {
  const scripts = metaList(appScriptsMetaName);
  if (scripts.length === 0) return; // the dev server runs the app's entry itself
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    addWebFonts();
    // A page whose own code is a lazy chunk (the product page) names its chunks too (server/modules/web/page-scripts.ts):
    // they download beside the app's scripts, so the app finds them loaded when it starts the page. Its list names the
    // app's chunks it imports too: each address is preloaded once.
    for (const href of new Set([...scripts, ...metaList(pageScriptsMetaName)])) preload(href);
    runInTurn(scripts);
  };
  const afterFrames = (frames: number) => {
    if (document.visibilityState === 'hidden') return start(); // a hidden tab paints no frames
    if (frames === 0) return void setTimeout(start); // the task after the last frame's paint
    requestAnimationFrame(() => afterFrames(frames - 1));
  };
  // A picture loaded before the page's first paint, or slow to decode on a slow phone, paints in the frame after the
  // one that follows its load (seen in Lighthouse traces): two frames.
  const afterItsPaint = () => afterFrames(2);
  // Only a page the server drew has buttons before the app runs; on any other the app draws them, and answers them.
  if (document.getElementById('root')?.hasChildNodes()) holdEarlyTaps(start);
  setTimeout(start, 3000);
  const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!picture) return afterFrames(1);
  if (picture.complete) return afterItsPaint();
  picture.addEventListener('load', afterItsPaint, { once: true });
  picture.addEventListener('error', afterItsPaint, { once: true });
}

/** The space-separated addresses a <meta> of the page names. */
function metaList(name: string): string[] {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ').filter(Boolean) ?? [];
}

/** Fetches a module script now, to run later: a page downloads its scripts at once, not one after another. */
function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * Runs the app's scripts one at a time, each in a task of its own: a module script's load event comes once it has run,
 * and a script finds the ones before it already run (a module runs once per page), so each task evaluates only its
 * own chunk. A script that fails to load does not stop the others: the app's entry then fails as it would alone.
 */
function runInTurn([next, ...rest]: readonly string[]): void {
  if (!next) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = next;
  const runTheRest = () => setTimeout(() => runInTurn(rest));
  script.addEventListener('load', runTheRest, { once: true });
  script.addEventListener('error', runTheRest, { once: true });
  document.head.append(script);
}

/**
 * On a first visit the page's @font-face rules wait in an inert <template>: fonts requested by the first layout would
 * share a slow connection with the largest picture (and Lighthouse counts every request that ends before that paint
 * into its estimate). They are loaded with the app; until they have, fallback-fonts.css's look-alikes draw the text.
 * A browser that has loaded them once gets them at once from the server next time (the cookie), from its cache.
 */
function addWebFonts(): void {
  const template = document.getElementById(webFontsTemplateId);
  if (!(template instanceof HTMLTemplateElement)) return;
  const remember = () => (document.cookie = `${webFontsCookie}=1; path=/; max-age=${webFontsCookieMaxAgeSeconds}; samesite=lax`);
  const faces = fontFacesOf(template.content.textContent ?? '');
  if (!faces) {
    document.fonts.addEventListener('loadingdone', remember, { once: true });
    document.head.append(template.content);
    return;
  }
  // Handed to the page together once loaded, not as rules: a face the page uses while it loads makes every size of
  // text look up a stand-in font of its own (on Linux each a synchronous question to the browser's font service, seen
  // in Lighthouse's traces as layouts of 100 ms and more), and each face's arrival lays the page out again. Loaded
  // first, the page swaps to the shop's fonts in one layout. A face that fails leaves its look-alike in place.
  void Promise.allSettled(faces.map((face) => face.load())).then((results) => {
    const loaded = faces.filter((_, index) => results[index]!.status === 'fulfilled');
    for (const face of loaded) document.fonts.add(face);
    if (loaded.length > 0) remember();
  });
}

/** The template's @font-face rules as FontFace objects; null where the browser cannot parse a style sheet aside. */
function fontFacesOf(css: string): FontFace[] | null {
  if (typeof FontFace === 'undefined' || typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return [...sheet.cssRules]
    .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
    .map((rule) => {
      const descriptor = (name: string) => rule.style.getPropertyValue(name).trim();
      return new FontFace(descriptor('font-family').replace(/^(["'])(.*)\1$/, '$2'), descriptor('src'), {
        style: descriptor('font-style') || 'normal',
        weight: descriptor('font-weight') || 'normal',
        display: (descriptor('font-display') || 'auto') as FontDisplay,
        unicodeRange: descriptor('unicode-range') || 'U+0-10FFFF',
      });
    });
}

/**
 * A tap on a drawn page's button before the app runs would do nothing (its links work: they are plain links). Such a
 * tap starts the app at once, and is made again once the app has taken the page over: hydration keeps the server's
 * elements, so the same button now answers it.
 */
function holdEarlyTaps(startNow: () => void): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(button)) held.push(button);
    startNow();
  };
  document.addEventListener('click', hold, true);
  window.addEventListener(
    appReadyEvent,
    () => {
      document.removeEventListener('click', hold, true);
      // After the app's own start-up work (the event comes from inside its first effects), as a tap of its own.
      setTimeout(() => {
        for (const button of held) if (button.isConnected) button.click();
      });
    },
    { once: true },
  );
}

startAppAfterTheLargestPicture();
