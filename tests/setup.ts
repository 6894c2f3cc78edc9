// Shared test set-up. View tests opt into jsdom with a `// @vitest-environment jsdom` docblock and import
// tests/views/setup-dom.ts themselves.
import { vi } from 'vitest';

// The app's actor options, given to every actor it creates: the observer reports to the model-based view tests'
// record of real actors (tests/views/model/real-actors.ts), and the clock keeps real time until that kit takes it over
// (tests/views/model/machine-clock.ts); elsewhere the record is only filled, never read.
vi.mock('../src/app/inspection', async () => ({
  appActorOptions: {
    inspect: (await import('./views/model/real-actors')).inspectRealActors,
    clock: (await import('./views/model/machine-clock')).machineClock,
  },
}));
