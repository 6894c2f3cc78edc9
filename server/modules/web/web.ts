/**
 * Serves the built browser app from dist/: hashed assets with immutable caching, other root files briefly cached,
 * and index.html (never cached) for any page address, so the browser router handles deep links (history fallback).
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const immutableFolders = ['js', 'css', 'fonts', 'media'].map((folder) => `static${sep}${folder}${sep}`);

export const cacheControl = {
  hashed: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  rootFile: 'public, max-age=3600',
} as const;

export interface Web {
  /** Answers a GET for a page the server has no route for; false when the request is not one for a page. */
  servePage(request: FastifyRequest, reply: FastifyReply): boolean;
}

export async function registerWeb(app: FastifyInstance, options: { distDir: string }): Promise<Web> {
  const { distDir } = options;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // '/' is the page itself; deeper page addresses reach servePage through the not-found handler.
    index: ['index.html'],
    redirect: false,
    wildcard: true,
    // Other engineers' builds and a missing dist/ (dev, tests) are normal: the page fallback says what to do.
    suppressWarning: true,
    cacheControl: false,
    serveDotFiles: false,
    setHeaders(reply, filePath) {
      const path = relative(distDir, filePath);
      if (immutableFolders.some((folder) => path.startsWith(folder))) reply.header('cache-control', cacheControl.hashed);
      else if (path === 'index.html') reply.header('cache-control', cacheControl.page);
      else reply.header('cache-control', cacheControl.rootFile);
    },
  });

  return {
    servePage(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/dev/') || path.startsWith('/static/')) return false;
      if (!wantsPage(request.headers.accept, path)) return false;
      if (!existsSync(join(distDir, 'index.html'))) {
        reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notBuiltPage);
        return true;
      }
      reply.sendFile('index.html');
      return true;
    },
  };
}

/** A browser navigation asks for HTML; a bare client (curl) asking for anything gets a page for extension-less paths. */
function wantsPage(accept: string | undefined, path: string): boolean {
  if (!accept) return false;
  if (accept.includes('text/html')) return true;
  return accept.includes('*/*') && !/\.[A-Za-z0-9]+$/.test(path);
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The shop is not built yet</title>
<style>body{font-family:system-ui,sans-serif;background:#FBF7F2;color:#2B2B2B;margin:0}main{max-width:560px;margin:15vh auto;padding:24px}h1{color:#1F4D3A}code{background:#fff;padding:2px 6px;border-radius:4px}</style>
</head><body><main>
<h1>The shop's web app has not been built yet</h1>
<p>The API is running, but there is no <code>dist/index.html</code> to serve.</p>
<p>Run <code>npm run build</code> (or simply <code>npm start</code>, which builds first), then reload this page.</p>
</main></body></html>`;
