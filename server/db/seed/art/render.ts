/** Rasterises the seed's SVG art with sharp (librsvg inside: no fonts or network needed). */
import { loadSharp } from '../../../modules/media/sharp';

export interface Rendered {
  webp: Buffer;
  /** The rasterised pixels, kept so that resized variants need not decode the WebP again. */
  pixels: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
}

export async function renderSvg(svg: string, effort = 4, quality = 80): Promise<Rendered> {
  const sharp = await loadSharp();
  // Flattened to opaque RGB: the art always has a full background, and three channels encode faster than four.
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#FBF7F2' }).raw().toBuffer({ resolveWithObject: true });
  const pixels = { data, info: { width: info.width, height: info.height, channels: info.channels } };
  const webp = await sharp(data, { raw: pixels.info }).webp({ quality, effort }).toBuffer();
  return { webp, pixels };
}
