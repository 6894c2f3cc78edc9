// The first script a page runs: its own tiny entry in index.html, ahead of the app's bundle. On the home page it asks
// for the hero image at once (the LCP element), so that it downloads alongside the app instead of after the app has
// rendered; the <picture> of the hero then finds it in the memory cache.
import { desktopPictureMedia, heroImageUrl } from './api/image-urls';
import { paths } from './app/paths';

if (window.location.pathname.toLowerCase() === paths.home) {
  for (const [slot, media] of [
    ['topbannermobileimg', `not all and ${desktopPictureMedia}`],
    ['topbannerimg', desktopPictureMedia],
  ] as const) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = heroImageUrl(slot);
    link.media = media;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}
