/**
 * sharp (libvips) on first use: loaded, it holds about 30 MB of the process's memory, and a running shop needs it only
 * when an admin uploads a picture or a fresh database paints the demo catalogue's pictures.
 */
import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
