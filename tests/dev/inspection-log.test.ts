// /dev/inspect's model, fed by @statelyai/inspect's own conversion of a real actor's inspection events, as the relay
// passes them on: the page lists the live actors, their states and the events they were sent.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sessionRefreshMachine } from '../../machines/session-refresh.machine';
import { lightSnapshot } from '../../src/dev/inspect/app-inspector';
import { emptyInspectionLog, liveActors, logInspection, stateLabel, type InspectionLog } from '../../src/dev/inspect/inspection-log';
import type { RelayMessage } from '../../src/dev/inspect/inspector-protocol';
import { currentStateClass, diagramsByMachineId, markedDiagram } from '../../src/dev/inspect/machine-diagrams';

/** A session actor of app tab 1 whose refresh waits for `finishRefresh`, and the page's log of what it reported. */
function inspectedSessionActor() {
  let log: InspectionLog = emptyInspectionLog;
  const receive = (message: RelayMessage) => {
    log = logInspection(log, message);
  };
  // As the app sends them (src/dev/inspect/app-inspector.ts), through JSON as over the relay's socket.
  const inspector = createInspector(
    { send: (event: StatelyInspectionEvent) => receive({ ...(JSON.parse(JSON.stringify(event)) as StatelyInspectionEvent), appTab: 1 }) },
    { serialize: lightSnapshot },
  );
  let finishRefresh: (token: string) => void = () => {};
  const machine = sessionRefreshMachine.provide({
    actors: { refreshToken: fromPromise(() => new Promise<string>((resolve) => (finishRefresh = resolve))) },
  });
  const actor = createActor(machine, { inspect: inspector.inspect });
  return { actor, receive, finishRefresh: (token: string) => finishRefresh(token), log: () => log };
}

/** The inspector reports when the browser is idle (in Node: on a timer). */
const reported = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the inspector page log', () => {
  it('lists a started machine with its state and context, and the actor it invoked beneath it', async () => {
    const session = inspectedSessionActor();
    session.actor.start();
    session.actor.send({ type: 'token.expired', tokenSent: 'stale-token', tokenStored: 'stale-token' });
    await reported();

    const actors = liveActors(session.log());
    expect(actors.map(({ name, machineId, depth }) => ({ name, machineId, depth }))).toEqual([
      { name: 'sessionRefresh', machineId: 'sessionRefresh', depth: 0 },
      { name: 'refreshToken', machineId: undefined, depth: 1 },
    ]);
    expect(stateLabel(actors[0]!.value)).toBe('refreshing');
    expect(session.log().events.map((logged) => `${logged.actorName} ${logged.event.type}`)).toEqual([
      'sessionRefresh xstate.init',
      'sessionRefresh token.expired',
      'refreshToken xstate.init',
    ]);
    expect(session.log().events.at(-1)?.sourceName).toBe('sessionRefresh');
  });

  it('follows the machine to its next state and drops the finished invoked actor', async () => {
    const session = inspectedSessionActor();
    session.actor.start();
    session.actor.send({ type: 'token.expired', tokenSent: 'stale-token', tokenStored: 'stale-token' });
    await reported();
    session.finishRefresh('new-token');
    await reported();

    const actors = liveActors(session.log());
    expect(actors.map((actor) => [actor.name, stateLabel(actor.value)])).toEqual([['sessionRefresh', 'idle']]);
    expect(actors[0]!.context).toEqual({ accessToken: 'new-token' });
  });

  it('lists no actor that was created but never started, or that stopped', async () => {
    const session = inspectedSessionActor();
    await reported();
    expect(liveActors(session.log())).toEqual([]);

    session.actor.start();
    await reported();
    expect(liveActors(session.log())).toHaveLength(1);
    session.actor.stop();
    await reported();
    expect(liveActors(session.log())).toEqual([]);
  });

  it("forgets an app tab's actors when the relay says the tab closed", async () => {
    const session = inspectedSessionActor();
    session.actor.start();
    await reported();
    session.receive({ type: '@shop.appTab.closed', appTab: 2 });
    expect(liveActors(session.log())).toHaveLength(1);
    session.receive({ type: '@shop.appTab.closed', appTab: 1 });
    expect(liveActors(session.log())).toEqual([]);
  });
});

describe("the inspector page's diagrams", () => {
  const docsDir = join(import.meta.dirname, '../../docs/machines');
  const pages = readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(join(docsDir, name), 'utf8'));

  it('finds the diagram docs/machines draws for every machine by its id', () => {
    const diagrams = diagramsByMachineId(pages);
    expect(diagrams.get('sessionRefresh')).toMatch(/^stateDiagram-v2\n[\s\S]*idle --> refreshing : token\.expired/);
    expect(diagrams.size).toBeGreaterThanOrEqual(pages.length - 1);
  });

  it("marks the deepest states the actor is in, named as docs/machines' Mermaid names them", () => {
    const marked = markedDiagram('stateDiagram-v2\n  [*] --> idle', { checkout: { paying: 'card-dialog' }, badge: 'shown' });
    expect(marked.split('\n').filter((line) => line.trim().startsWith('class '))).toEqual([
      `  class checkout__paying__card_dialog ${currentStateClass}`,
      `  class badge__shown ${currentStateClass}`,
    ]);
    expect(markedDiagram('stateDiagram-v2', undefined)).toBe('stateDiagram-v2');
  });
});
