// The `inspect` option every actor of the app is created with: under `npm run dev` each one reports its states and
// events to the developer page /dev/inspect (src/dev/inspect/), in the built app (and in tests) it is undefined.
import type { InspectionEvent, Observer } from 'xstate';

const inspecting = import.meta.env.DEV && import.meta.env.MODE !== 'test' && typeof window !== 'undefined';

/**
 * Reports to the inspector once its module has loaded, holding what happens before: the session root actor starts
 * with the app. The module is imported, never bundled, so that the built app carries none of it.
 */
function reportToDevInspector(): Observer<InspectionEvent> {
  const early: InspectionEvent[] = [];
  let report = (event: InspectionEvent) => {
    early.push(event);
  };
  void import('../dev/inspect/app-inspector').then(({ appInspector }) => {
    const inspector = appInspector();
    report = (event) => inspector.next?.(event);
    for (const event of early.splice(0)) report(event);
  });
  return { next: (event) => report(event) };
}

export const inspect: Observer<InspectionEvent> | undefined = inspecting ? reportToDevInspector() : undefined;
