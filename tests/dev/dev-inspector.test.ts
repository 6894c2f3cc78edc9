// The dev server's inspection relay over real WebSockets: app tabs report, pages receive, a page opened late catches up.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createInspectionRelay } from '../../scripts/dev-inspector';
import type { RelayMessage } from '../../src/dev/inspect/inspector-protocol';

let server: WebSocketServer | undefined;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await new Promise((resolve) => server?.close(resolve));
});

async function startRelay(): Promise<string> {
  const relay = createInspectionRelay();
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => relay.connect(socket));
  await new Promise((resolve) => server!.once('listening', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A connected socket and every message it has received so far. */
async function connect(url: string): Promise<{ socket: WebSocket; received: RelayMessage[] }> {
  const socket = new WebSocket(url);
  clients.push(socket);
  const received: RelayMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as RelayMessage));
  await new Promise((resolve) => socket.once('open', resolve));
  return { socket, received };
}

const until = async (check: () => boolean) => {
  for (let tries = 0; !check(); tries++) {
    if (tries > 100) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const actorReport = (sessionId: string) => ({ type: '@xstate.actor', sessionId, name: 'cart', _version: '0.7.2' });

describe('the inspection relay', () => {
  it("passes each app tab's reports to the pages, numbered by tab, and nothing else", async () => {
    const url = await startRelay();
    const page = await connect(url);
    const firstTab = await connect(url);
    const secondTab = await connect(url);
    const stranger = await connect(url);
    stranger.socket.send('not an inspection event');
    firstTab.socket.send(JSON.stringify(actorReport('x:0')));
    await until(() => page.received.length === 1);
    secondTab.socket.send(JSON.stringify(actorReport('x:1')));
    await until(() => page.received.length === 2);
    expect(page.received).toEqual([
      { ...actorReport('x:0'), appTab: 1 },
      { ...actorReport('x:1'), appTab: 2 },
    ]);
  });

  it('gives a page opened later what the open tabs reported, and tells it when a tab closes', async () => {
    const url = await startRelay();
    const tab = await connect(url);
    tab.socket.send(JSON.stringify(actorReport('x:0')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const page = await connect(url);
    await until(() => page.received.length === 1);
    expect(page.received[0]).toEqual({ ...actorReport('x:0'), appTab: 1 });

    tab.socket.close();
    await until(() => page.received.length === 2);
    expect(page.received[1]).toEqual({ type: '@shop.appTab.closed', appTab: 1 });
    const latePage = await connect(url);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(latePage.received).toEqual([]);
  });
});
