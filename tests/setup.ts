// Shared test set-up. View tests opt into jsdom with a `// @vitest-environment jsdom` docblock and import
// tests/views/setup-dom.ts themselves.
import { vi } from 'vitest';

// The app's one `inspect` option, given to every actor it creates, reports to the model-based view tests' record of
// real actors (tests/views/model/real-actors.ts); elsewhere the record is only filled, never read.
vi.mock('../src/app/inspection', async () => ({ inspect: (await import('./views/model/real-actors')).inspectRealActors }));
