// /dev/inspect: the live actors of the app's tabs, the selected one's diagram, state and context, and the event log.
import { MermaidDiagram } from './mermaid-diagram';
import { markedDiagram } from './machine-diagrams';
import { liveActors, stateLabel, type InspectedActor, type InspectionLog, type LoggedEvent } from './inspection-log';

export interface InspectorPageProps {
  log: InspectionLog;
  diagrams: ReadonlyMap<string, string>;
  selectedId: string | undefined;
  onSelect: (sessionId: string) => void;
}

/** An event's payload without its type, as one line. */
function payload(event: LoggedEvent['event']): string {
  const { type: _type, ...rest } = event;
  return Object.keys(rest).length ? JSON.stringify(rest) : '';
}

/** The events, latest first; `ofOneActor` leaves out which tab and actor each went to. */
function EventRows({ events, ofOneActor = false }: { events: LoggedEvent[]; ofOneActor?: boolean }) {
  return (
    <div className="table-scroll">
      <table className="events">
        <thead>
          <tr>
            {!ofOneActor && <th scope="col">Tab</th>}
            {!ofOneActor && <th scope="col">Actor</th>}
            <th scope="col">Event</th>
            <th scope="col">From</th>
            <th scope="col">Payload</th>
          </tr>
        </thead>
        <tbody>
          {[...events].reverse().map((logged) => (
            <tr key={logged.seq}>
              {!ofOneActor && <td>{logged.appTab}</td>}
              {!ofOneActor && <td>{logged.actorName}</td>}
              <td className="event-type">{logged.event.type}</td>
              <td>{logged.sourceName ?? ''}</td>
              <td className="payload" title={payload(logged.event)}>
                {payload(logged.event)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SelectedActor({ actor, diagram, events }: { actor: InspectedActor; diagram: string | undefined; events: LoggedEvent[] }) {
  return (
    <section className="selected" aria-label={`Actor ${actor.name}`}>
      <h2>
        {actor.name} <span className="state">{stateLabel(actor.value) || actor.status}</span>
      </h2>
      {diagram ? (
        <MermaidDiagram text={markedDiagram(diagram, actor.value)} />
      ) : (
        <p className="note">No diagram: {actor.machineId ? `docs/machines has no machine with id ${actor.machineId}` : 'not a state machine'}.</p>
      )}
      <div className="details">
        <div>
          <h3>Context</h3>
          <pre className="context">{JSON.stringify(actor.context, null, 2) ?? 'none'}</pre>
        </div>
        <div className="its-events">
          <h3>Its events</h3>
          <EventRows events={events.filter((logged) => logged.sessionId === actor.sessionId)} ofOneActor />
        </div>
      </div>
    </section>
  );
}

export function InspectorPage({ log, diagrams, selectedId, onSelect }: InspectorPageProps) {
  const actors = liveActors(log);
  const selected = actors.find((actor) => actor.sessionId === selectedId) ?? actors.find((actor) => actor.machineId);
  return (
    <div className="inspector">
      <header>
        <h1>Live inspector</h1>
        <p className="note">
          Open the shop in another tab of this browser: every actor it starts shows here. With internet, <code>VITE_INSPECTOR=stately npm run dev</code> opens Stately&apos;s hosted inspector instead.
        </p>
      </header>
      <nav aria-label="Live actors" className="actors">
        <h2>Actors ({actors.length})</h2>
        {actors.length === 0 && <p className="note">No app tab is running yet.</p>}
        <ul>
          {actors.map((actor) => (
            <li key={actor.sessionId} style={{ paddingLeft: `${actor.depth * 1.25}rem` }}>
              <button type="button" aria-pressed={actor.sessionId === selected?.sessionId} onClick={() => onSelect(actor.sessionId)}>
                <span className="actor-name">{actor.name}</span>
                <span className="state">{stateLabel(actor.value) || actor.status}</span>
                <span className="tab">tab {actor.appTab}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        {selected && <SelectedActor actor={selected} diagram={selected.machineId ? diagrams.get(selected.machineId) : undefined} events={log.events} />}
        <section aria-label="Event log">
          <h2>Event log</h2>
          <EventRows events={log.events} />
        </section>
      </main>
    </div>
  );
}
