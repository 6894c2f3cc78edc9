// The options every actor of the app is created with: under `npm run dev` each one reports its states and events to
// the developer page /dev/inspect (src/dev/inspect/); in the built app there are none. Tests give their own observer
// and clock (tests/setup.ts), through xstate's public actor options.
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';

// Vitest runs with DEV set too, but without a dev server to report to; a server render has no window.
const inspecting = import.meta.env.DEV && import.meta.env.MODE !== 'test' && typeof window !== 'undefined';

/**
 * Reports to the inspector once its module has loaded, holding what actors report before. The module is imported
 * behind `import.meta.env.DEV`, which a build replaces with false: the built app carries none of it
 * (tests/e2e/dev-only.spec.ts).
 */
function reportToDevInspector(): Observer<InspectionEvent> {
  const early: InspectionEvent[] = [];
  let report = (event: InspectionEvent) => {
    early.push(event);
  };
  import('../dev/inspect/app-inspector').then(
    ({ appInspector }) => {
      const inspector = appInspector();
      report = (event) => inspector.next?.(event);
      for (const event of early.splice(0)) report(event);
    },
    (error: unknown) => {
      console.warn('The live inspector did not load; the app runs without it.', error);
      report = () => {};
      early.length = 0;
    },
  );
  return { next: (event) => report(event) };
}

const inspect: Observer<InspectionEvent> | undefined = inspecting ? reportToDevInspector() : undefined;

/** Spread into every `useActor`/`createActor` call of the app: `{ input, ...appActorOptions }`. */
export const appActorOptions: Pick<ActorOptions<AnyActorLogic>, 'inspect' | 'clock'> = { inspect };
