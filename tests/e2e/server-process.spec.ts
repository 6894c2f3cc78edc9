// The real server process on an embedded database: data survives a restart, a second server on the same DATA_DIR is
// refused with a clear message, a start that fails after the database began to start stops it and frees the
// directory, and SIGTERM shuts down cleanly.
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, removeDataDir, startServer, type RunningServer } from './harness';

describe('the server process', () => {
  let first: RunningServer | undefined;

  afterAll(async () => {
    await first?.stop();
    if (first) removeDataDir(first.dataDir);
  });

  it('refuses a second server on the same data directory while the first runs', async () => {
    first = await startServer();
    await expect(startServer({ dataDir: first.dataDir })).rejects.toThrow(/already using the data directory/);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('keeps what was written across a graceful restart', async () => {
    if (!first) throw new Error('the first server did not start');
    const sent = await fetch(`${first.url}/api/contactapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Meera Raman',
        userEmail: 'meera@example.in',
        phoneNumber: '9876543210',
        message: 'Do you deliver to Coimbatore?',
      }),
    });
    expect(sent.status).toBe(200);
    const catalogueBefore = await (await fetch(`${first.url}/api/allflowers`)).json();

    expect(await first.stop()).toBe(0);
    first = await startServer({ dataDir: first.dataDir });

    const mails = await (await fetch(`${first.url}/api/dev/outbox?to=${encodeURIComponent('support@petalsandstems.in')}`)).json();
    expect(JSON.stringify(mails)).toContain('Do you deliver to Coimbatore?');
    const catalogueAfter = await (await fetch(`${first.url}/api/allflowers`)).json();
    expect(catalogueAfter).toEqual(catalogueBefore);
  });

  it('stops with its message when REDIS_URL does not answer, though the database had begun to start, and frees the directory', async () => {
    if (!first) throw new Error('the first server did not start');
    expect(await first.stop()).toBe(0);
    const nothingThere = await freePort();
    await expect(startServer({ dataDir: first.dataDir, env: { REDIS_URL: `redis://127.0.0.1:${nothingThere}` } })).rejects.toThrow(
      new RegExp(`exited with 1:[\\s\\S]*REDIS_URL: Redis at 127\\.0\\.0\\.1:${nothingThere} did not answer`),
    );
    first = await startServer({ dataDir: first.dataDir });
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });
});
