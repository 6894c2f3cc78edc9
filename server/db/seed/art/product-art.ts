/** The square product picture: one arrangement on a styled backdrop, varied deterministically by the item code. */
import { drawArrangement, tableY, type ArrangementOptions } from './arrangement';
import { artStyles } from './art-styles';
import { arch, disc, wall } from './backdrop';
import { createRandom } from './prng';
import { Defs } from './svg';

export interface ProductArtOptions extends ArrangementOptions {
  /** Usually the item code: the same seed always paints the same picture. */
  seed: string;
}

export function productSvg(options: ProductArtOptions, pixels = 960): string {
  const r = createRandom(options.seed);
  const d = new Defs();
  const style = artStyles[options.style];
  const tone = r.pick(style.walls);
  let body = wall(d, r, tone, 1000, 1000, tableY);
  const frame = r.next();
  if (frame < 0.45) body += arch(d, tone, 500, r.range(90, 130), r.range(540, 640), tableY);
  else if (frame < 0.8) body += disc(d, tone, 500 + r.range(-40, 40), r.range(380, 430), r.range(300, 350));
  // The arrangement is drawn for a 1000 frame with air around it; a product photo is framed tighter.
  body += `<g transform="translate(500 ${tableY}) scale(1.2) translate(-500 ${-tableY})">${drawArrangement(d, r, options)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 1000 1000">${d.toString()}${body}</svg>`;
}
