// The app's side of the inspector, loaded only under `npm run dev` (src/app/inspection.ts): every inspection event
// goes over a WebSocket to the dev server's relay (scripts/dev-inspector.ts), which passes it on to /dev/inspect.
// `VITE_INSPECTOR=stately npm run dev` opens Stately's hosted inspector instead, when it can be reached.
import { createBrowserInspector, createWebSocketInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { InspectionEvent, Observer } from 'xstate';
import { inspectorSocketUrl } from './inspector-protocol';

/** What the page reads of a snapshot: a machine's snapshot also holds the whole machine, which need not travel. */
export function lightSnapshot(event: StatelyInspectionEvent): StatelyInspectionEvent {
  if (event.type === '@xstate.event') return event;
  const { status, value, context, output } = event.snapshot as { status?: string; value?: unknown; context?: unknown; output?: unknown };
  return { ...event, snapshot: { status, value, context, output } } as StatelyInspectionEvent;
}

export function appInspector(): Observer<InspectionEvent> {
  if (import.meta.env.VITE_INSPECTOR === 'stately') return createBrowserInspector().inspect;
  return createWebSocketInspector({ url: inspectorSocketUrl(window.location), serialize: lightSnapshot }).inspect;
}
