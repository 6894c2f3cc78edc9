/**
 * `npm run dev`'s inspector (a Vite plugin, never part of a build): serves the page /dev/inspect (src/dev/inspect/)
 * and relays what every app tab's actors report (src/app/inspection.ts) to every page showing it. A page opened later
 * is first sent what the open app tabs have reported so far, so it lists actors that started before it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Plugin } from 'vite';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AppTabClosed, RelayedEvent, RelayMessage } from '../src/dev/inspect/inspector-protocol';
import { inspectorPagePath, inspectorSocketPath } from '../src/dev/inspect/inspector-protocol';

const pageFile = '/src/dev/inspect/index.html';

/** Past this many events an app tab's oldest event reports (not its actors) are forgotten for pages opened later. */
const keptEventsPerTab = 500;

export interface InspectionRelay {
  /** Takes a socket: an app tab when it reports, a page otherwise. */
  connect(socket: WebSocket): void;
}

/** An inspection event as an app tab sends it; anything else is ignored rather than stopping the dev server. */
function parsed(data: RawData): RelayedEvent | null {
  try {
    const value = JSON.parse(data.toString()) as Partial<RelayedEvent> | null;
    return typeof value?.type === 'string' && typeof value.sessionId === 'string' ? (value as RelayedEvent) : null;
  } catch {
    return null;
  }
}

export function createInspectionRelay(): InspectionRelay {
  const sockets = new Set<WebSocket>();
  const reported = new Map<number, RelayedEvent[]>();
  let lastTab = 0;

  const sendToOthers = (from: WebSocket, message: RelayMessage) => {
    const text = JSON.stringify(message);
    for (const socket of sockets) if (socket !== from && socket.readyState === socket.OPEN) socket.send(text);
  };

  return {
    connect(socket) {
      sockets.add(socket);
      for (const message of [...reported.values()].flat()) socket.send(JSON.stringify(message));
      let appTab: number | undefined;
      socket.on('message', (data: RawData) => {
        const report = parsed(data);
        if (!report) return;
        appTab ??= ++lastTab;
        const message: RelayedEvent = { ...report, appTab };
        const kept = reported.get(appTab) ?? [];
        kept.push(message);
        const oldestEvent = kept.findIndex((event) => event.type !== '@xstate.actor');
        if (kept.length > keptEventsPerTab && oldestEvent >= 0) kept.splice(oldestEvent, 1);
        reported.set(appTab, kept);
        sendToOthers(socket, message);
      });
      socket.on('close', () => {
        sockets.delete(socket);
        if (appTab === undefined) return;
        reported.delete(appTab);
        const closed: AppTabClosed = { type: '@shop.appTab.closed', appTab };
        sendToOthers(socket, closed);
      });
    },
  };
}

export function devInspector(): Plugin {
  return {
    name: 'shop:dev-inspector',
    apply: 'serve',
    configureServer(server) {
      // Ahead of the /dev proxy to the API server: this page is the dev server's own.
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0];
        if (path === inspectorPagePath || path === `${inspectorPagePath}/`) request.url = pageFile;
        next();
      });
      const relay = createInspectionRelay();
      const sockets = new WebSocketServer({ noServer: true });
      server.httpServer?.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (request.url?.split('?')[0] !== inspectorSocketPath) return;
        sockets.handleUpgrade(request, socket, head, (webSocket) => relay.connect(webSocket));
      });
    },
  };
}
