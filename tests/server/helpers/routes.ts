/**
 * The routes an app registered, read from Fastify itself, so that a test can insist that every route is covered by its
 * table (the authorization matrix, the fuzz run). HEAD routes are Fastify's automatic mirrors of the GET routes.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  path: string;
  methods: string[];
}

/** Parameter names do not matter to the match (Fastify prints `:a|:b` where routes name one position differently). */
export const routeKey = (method: string, path: string) => `${method} ${path.replace(/:[^/]+/g, ':')}`;

/**
 * Every route of the app, read from `printRoutes({ commonPrefix: false })`: a tree whose nodes append their text to
 * their parent's path, a route's node ending in its methods, e.g. `│   └── list (POST)`.
 */
export function registeredRoutes(instance: FastifyInstance): RegisteredRoute[] {
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = (at - 1) / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3))!;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[1];
    stack.push(path);
    if (match[2]) routes.push({ path, methods: match[2].split(',').map((m) => m.trim()) });
  }
  return routes;
}
