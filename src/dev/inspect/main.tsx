// Entry of /dev/inspect (index.html beside this file), served by `npm run dev` only (scripts/dev-inspector.ts).
import './inspector.css';
import { createWebSocketReceiver } from '@statelyai/inspect';
import { StrictMode, useEffect, useReducer, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { InspectorPage } from './inspector-page';
import { emptyInspectionLog, logInspection } from './inspection-log';
import type { RelayMessage } from './inspector-protocol';
import { inspectorSocketUrl } from './inspector-protocol';
import { diagramsByMachineId } from './machine-diagrams';

const docsPages = Object.values(import.meta.glob<string>('/docs/machines/*.md', { query: '?raw', import: 'default', eager: true }));
const diagrams = diagramsByMachineId(docsPages);

const receiver = createWebSocketReceiver({ server: inspectorSocketUrl(window.location) });

function LiveInspector() {
  const [log, receive] = useReducer(logInspection, emptyInspectionLog);
  const [selectedId, select] = useState<string>();
  useEffect(() => {
    const subscription = receiver.subscribe((message) => receive(message as unknown as RelayMessage));
    return () => subscription.unsubscribe();
  }, []);
  return <InspectorPage log={log} diagrams={diagrams} selectedId={selectedId} onSelect={select} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LiveInspector />
  </StrictMode>,
);
