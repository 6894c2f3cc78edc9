/**
 * msw handlers whose answers wait for the model: a held request stays open until the path's next step says how the
 * call ends (answered, refused, failed), so the real view is in the model's state at every check.
 */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { HttpHandler } from 'msw';

export interface HeldRequest {
  route: string;
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}

interface Waiting {
  request: HeldRequest;
  respond: (response: Response) => void;
}

export type HttpVerb = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface HeldNetwork {
  /** A handler for `method path` that holds every request until `answer(route, …)`. */
  hold(method: HttpVerb, path: string, route: string): HttpHandler;
  /** `hold` for each API call `/api/<name>`, its route named as the call. */
  holdCalls(method: HttpVerb, ...names: string[]): HttpHandler[];
  /**
   * Answers the newest held request of the route, waiting for one to arrive: an older one belongs to a call the screen
   * gave up on (its actor left the state), which stays unanswered. `times` answers as many requests in a row the same
   * way (a read the client repeats after a failure).
   */
  answer(route: string, respond: (request: HeldRequest) => Response | Promise<Response>, times?: number): Promise<HeldRequest>;
  /** Requests of the route still waiting, oldest first. */
  waiting(route: string): HeldRequest[];
  /** Every request that reached a held route, in order. */
  readonly received: HeldRequest[];
  /**
   * Refuses whatever is still held, forgets everything and stays closed until `open()`: between paths. A request of the
   * last screen that arrives late (a page it had begun to open) is refused at once rather than waiting in the next
   * path's queue.
   */
  reset(): void;
  /** Holds requests again: at the start of a path. */
  open(): void;
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET') return null;
  const text = await request.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function heldNetwork(): HeldNetwork {
  const queues = new Map<string, Waiting[]>();
  const received: HeldRequest[] = [];
  let closed = false;
  // A 404, which the client does not repeat: a repeated read would land in the next path's queue.
  const over = () => HttpResponse.json({ message: 'The walk is over', code: 'NOT_FOUND' }, { status: 404 });
  const queue = (route: string) => queues.get(route) ?? queues.set(route, []).get(route)!;

  const hold = (method: HttpVerb, path: string, route: string) =>
    http[method](path, async ({ request }) => {
      if (closed) return over();
      const held: HeldRequest = {
        route,
        url: new URL(request.url),
        method: request.method,
        body: await readBody(request.clone()),
        headers: request.headers,
      };
      received.push(held);
      return new Promise<Response>((respond) => queue(route).push({ request: held, respond }));
    });

  return {
    received,
    hold,
    holdCalls: (method, ...names) => names.map((name) => hold(method, `*/api/${name}`, name)),
    async answer(route, respond, times = 1) {
      let last: HeldRequest | undefined;
      for (let answered = 0; answered < times; answered += 1) {
        await waitFor(() => {
          if (!queue(route).length) throw new Error(`no ${route} request is waiting for an answer`);
        });
        const waiting = queue(route).pop()!;
        waiting.respond(await respond(waiting.request));
        last = waiting.request;
      }
      return last!;
    },
    waiting: (route) => queue(route).map((waiting) => waiting.request),
    reset() {
      closed = true;
      for (const waiting of [...queues.values()].flat()) waiting.respond(over());
      queues.clear();
      received.length = 0;
    },
    open() {
      closed = false;
    },
  };
}
