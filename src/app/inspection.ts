// The `inspect` option every actor of the app is created with: the one place where its states and events are
// observed. Undefined here; the live inspector (wip-inspect's src/app/inspection.ts) fills it under `npm run dev`,
// and the model-based view tests put their observer in its place.
import type { InspectionEvent, Observer } from 'xstate';

export const inspect: Observer<InspectionEvent> | undefined = undefined;
