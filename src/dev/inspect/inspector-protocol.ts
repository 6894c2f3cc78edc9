// What passes between the app, the dev server's relay (scripts/dev-inspector.ts) and the page /dev/inspect.
import type { StatelyInspectionEvent } from '@statelyai/inspect';

export const inspectorPagePath = '/dev/inspect';
export const inspectorSocketPath = '/dev/inspect/socket';

/** The relay's address on the dev server that served the page at `location`. */
export function inspectorSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${inspectorSocketPath}`;
}

/** An app's inspection event as the relay passes it on: numbered by the app tab (connection) it came from. */
export type RelayedEvent = StatelyInspectionEvent & { appTab: number };

/** The relay's word that an app tab closed or reloaded: its actors are gone. */
export interface AppTabClosed {
  type: '@shop.appTab.closed';
  appTab: number;
}

export type RelayMessage = RelayedEvent | AppTabClosed;
