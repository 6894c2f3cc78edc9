/**
 * A PostgreSQL LISTEN on one dedicated connection, kept alive across drops. It lives outside the pool: a LISTEN belongs
 * to its session, and a pooled connection is handed to other queries and may be closed when idle.
 *
 * Notifications sent while the connection is down are lost, never replayed, so `connected` runs after every successful
 * LISTEN (the first and each reconnect) and the caller must treat it as "anything may have changed". A heartbeat query
 * notices a connection that died without an error (a half-open socket after a network cut), and its answer proves the
 * feed current: PostgreSQL sends a session the notifications of every transaction committed before a query arrives
 * ahead of that query's result, so after a heartbeat sent at time T nothing committed before T is still on its way.
 */
import pg from 'pg';

export interface ListenHandlers {
  /** A notification arrived on the channel (delivered by PostgreSQL when the sending transaction committed). */
  notified(payload: string): void;
  /** LISTEN is in place: the first time and after every reconnect. */
  connected(): void;
  /** The first connection failed, or a working one was lost; reconnecting with backoff follows. */
  disconnected(reason: string): void;
  /** A heartbeat sent at `sentAt` (Date.now()) was answered: every notification committed before then has arrived. */
  caughtUp?(sentAt: number): void;
}

export interface Listener {
  /** Stops listening and reconnecting; resolves within `closeTimeoutMs` even if the socket is stuck. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** The first reconnect waits this long, doubling per failed attempt up to `maxDelayMs` (±20 % jitter). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  heartbeatMs?: number;
  /** Connecting, LISTEN and the heartbeat each give up after this long. */
  timeoutMs?: number;
  closeTimeoutMs?: number;
}

/** The listening sessions show under this name in pg_stat_activity (and tests find them by it). */
export const listenerApplicationName = 'flower-shop listener';

const defaults: Required<ListenOptions> = {
  firstDelayMs: 250,
  maxDelayMs: 30_000,
  heartbeatMs: 30_000,
  timeoutMs: 10_000,
  closeTimeoutMs: 2_000,
};

interface Session {
  client: pg.Client;
  alive: boolean;
  heartbeat?: NodeJS.Timeout;
}

/** The next heartbeat is due `heartbeatMs` after the previous one was answered, so that none ever pile up. */
function scheduleHeartbeat(session: Session, everyMs: number, beat: () => Promise<void>): void {
  session.heartbeat = setTimeout(() => {
    beat().then(
      () => {
        if (session.alive) scheduleHeartbeat(session, everyMs, beat);
      },
      () => undefined,
    );
  }, everyMs);
  session.heartbeat.unref();
}

/** Resolves once the first attempt succeeded or failed; a failed one keeps retrying in the background. */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: ListenOptions = {},
): Promise<Listener> {
  const settings = { ...defaults, ...options };
  let current: Session | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  /** An attempt under way, so that close() can wait for the session it may still open (and end it). */
  let starting: Promise<void> | undefined;

  /** Ends a session once; losing the working one reports it and schedules a reconnect. */
  const drop = (session: Session, reason: string) => {
    if (!session.alive) return;
    session.alive = false;
    clearTimeout(session.heartbeat);
    void session.client.end().catch(() => undefined);
    if (current !== session) return;
    current = null;
    if (closed) return;
    handlers.disconnected(reason);
    schedule();
  };

  const attempt = () => {
    const started = open().finally(() => {
      if (starting === started) starting = undefined;
    });
    starting = started;
    return started;
  };

  const open = async () => {
    const session: Session = {
      client: new pg.Client({
        connectionString: url,
        application_name: listenerApplicationName,
        keepAlive: true,
        connectionTimeoutMillis: settings.timeoutMs,
        query_timeout: settings.timeoutMs,
      }),
      alive: true,
    };
    // Without an 'error' listener a dropped connection would crash the process.
    session.client.on('error', (error) => drop(session, error.message));
    session.client.on('end', () => drop(session, 'the connection closed'));
    session.client.on('notification', (message) => {
      if (session.alive && message.channel === channel) handlers.notified(message.payload ?? '');
    });
    try {
      await session.client.connect();
      await session.client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (!session.alive) throw new Error('the connection closed while starting to listen');
    } catch (error) {
      drop(session, String(error));
      throw error;
    }
    if (closed) {
      session.alive = false;
      await session.client.end().catch(() => undefined);
      return;
    }
    current = session;
    failures = 0;
    scheduleHeartbeat(session, settings.heartbeatMs, async () => {
      const sentAt = Date.now();
      try {
        await session.client.query('select 1');
      } catch (error) {
        drop(session, `heartbeat failed: ${String(error)}`);
        throw error;
      }
      if (session.alive) handlers.caughtUp?.(sentAt);
    });
    handlers.connected();
  };

  const schedule = () => {
    const base = Math.min(settings.maxDelayMs, settings.firstDelayMs * 2 ** failures);
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      attempt().catch(() => {
        failures += 1;
        if (!closed) schedule();
      });
    }, delay);
    // A reconnect alone never keeps the process alive.
    retry.unref();
  };

  try {
    await attempt();
  } catch (error) {
    handlers.disconnected(String(error));
    failures = 1;
    schedule();
  }

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const session = current;
      current = null;
      const ending = [starting?.catch(() => undefined)];
      if (session) {
        session.alive = false;
        clearTimeout(session.heartbeat);
        ending.push(session.client.end().catch(() => undefined));
      }
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, settings.closeTimeoutMs);
        timer.unref();
      });
      await Promise.race([Promise.all(ending), giveUp]);
      clearTimeout(timer);
    },
  };
}
