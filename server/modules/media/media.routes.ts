/**
 * Public image reads of SPEC.md §7: a product's first image by item code, and the four site images by slot. These
 * URLs are stable names whose content an admin can replace, so they are cached briefly and revalidated by ETag
 * (content hash + variant) rather than cached forever.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { flowerImageQuery } from '../../../domain/catalog';
import { apiError } from '../../../domain/errors';
import { siteImageSlot } from '../../../domain/site-images';
import { NotFound } from '../../errors';
import {
  chooseVariant,
  findProductImageHash,
  findSiteImageHash,
  listVariants,
  readVariant,
  type ImageWidth,
  type VariantInfo,
} from './media.service';

export const imageCacheControl = 'public, max-age=300, stale-while-revalidate=86400';

const imageResponse = {
  200: z.any().describe('The image bytes (image/webp, image/png or image/jpeg)'),
  304: z.null().describe('Not modified: the ETag still matches'),
  400: apiError,
  404: apiError,
};

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Bounded in bytes too, so that a few large originals cannot crowd memory.
  const bytesCache = new LRUCache<string, Buffer>({ max: 64, maxSize: 32 * 1024 * 1024, sizeCalculation: (b) => Math.max(1, b.length) });
  // Content-addressed, so what variants a hash has never changes: safe to remember.
  const variantsCache = new LRUCache<string, VariantInfo[]>({ max: 512 });

  /** `width`: a srcset width, 'default' (the w960 variant, else the original) or 'original'. */
  async function sendImage(request: FastifyRequest, reply: FastifyReply, hash: string, width: ImageWidth | 'default' | 'original') {
    let variants = variantsCache.get(hash);
    if (!variants) {
      variants = await listVariants(app.db, hash);
      if (variants.length > 0) variantsCache.set(hash, variants);
    }
    const chosen =
      width === 'original'
        ? (variants.find((v) => v.variant === 'original') ?? null)
        : chooseVariant(variants, width === 'default' ? undefined : width);
    if (!chosen) throw new NotFound('This image is not available.');

    const etag = `"${hash}-${chosen.variant}"`;
    reply.header('etag', etag).header('cache-control', imageCacheControl);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

    const key = `${hash}-${chosen.variant}`;
    let bytes = bytesCache.get(key);
    if (!bytes) {
      const stored = await readVariant(app.db, hash, chosen.variant);
      if (!stored) throw new NotFound('This image is not available.');
      bytes = stored;
      bytesCache.set(key, bytes);
    }
    return reply.type(chosen.contentType).send(bytes);
  }

  app.get(
    '/flowerimage',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A product's first image by item code (case-insensitive); w picks a resized WebP variant",
        querystring: flowerImageQuery,
        response: imageResponse,
      },
    },
    async (request, reply) => {
      const hash = await findProductImageHash(app.db, request.query.sys_name);
      if (!hash) throw new NotFound('No image found for this product.');
      return sendImage(request, reply, hash, (request.query.w as ImageWidth | undefined) ?? 'default');
    },
  );

  app.get(
    '/heroimage',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A site image: hero or bottom banner, desktop or mobile',
        querystring: z.object({ image: siteImageSlot }),
        response: imageResponse,
      },
    },
    async (request, reply) => {
      const hash = await findSiteImageHash(app.db, request.query.image);
      if (!hash) throw new NotFound('No image has been set for this place yet.');
      // Banners are wider than any variant, and an admin upload is capped at 300 KB: the original it is.
      return sendImage(request, reply, hash, 'original');
    },
  );
};

/** If-None-Match may list several tags, weak ones (W/"…") included, or be "*". */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
