/**
 * One real server and one Chromium for a spec file: started before its tests and stopped after them, with every page
 * the spec opened. Call it at the top of the file, so that the spec's own `beforeAll` (making accounts, orders) runs
 * after the server is up.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, newPage, removeDataDir, startServer, type RunningServer } from './harness';

/** Where the specs leave the screenshots a person looks at (test-results/ is git-ignored). */
export const screenshots = join(process.cwd(), 'test-results', 'screenshots');

export function browserSuite(options: { env?: NodeJS.ProcessEnv } = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  const started = <T>(what: T | undefined, name: string): T => {
    if (!what) throw new Error(`The suite's ${name} is not started: use it inside a test or a hook.`);
    return what;
  };

  return {
    get server(): RunningServer {
      return started(server, 'server');
    },
    /** A new browser context (no shared storage) and its page on the suite's server, closed with the suite. */
    async freshPage(viewport?: { width: number; height: number }) {
      const opened = await newPage(started(browser, 'browser'), started(server, 'server').url, viewport);
      contexts.push(opened.context);
      return opened;
    },
  };
}
