/**
 * Each request is one log line, written once it is answered, as an access log has it: the method, the path with its
 * query values hidden, the status and the time it took, under the request's id. Nothing is logged as it arrives. A
 * credential passed to the logger by mistake shows as `[redacted]` (secrets-in-logs.test.ts covers every real flow).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';
import { LogCapture } from './helpers/log-capture';

interface LogLine {
  msg?: string;
  level?: number;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

let app: FastifyInstance;
const log = new LogCapture();

beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'info' }, { logStream: log });
});

afterAll(async () => {
  await app.close();
});

const linesAbout = (reqId: string): LogLine[] =>
  log.lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === reqId);

describe('the request log', () => {
  it('writes one line for an answered request, with what an access log needs', async () => {
    // The second time, the catalogue answers from memory before its handler: the line is the same.
    for (const time of ['first', 'second']) {
      const res = await app.inject({ method: 'GET', url: '/api/allflowers?category_name=Fresh%20Flowers' });
      expect(res.statusCode, time).toBe(200);
      const lines = linesAbout(String(res.headers['x-request-id']));
      expect(lines, time).toHaveLength(1);
      expect(lines[0], time).toMatchObject({
        msg: 'request completed',
        level: 30,
        req: { method: 'GET', url: '/api/allflowers?category_name=[redacted]' },
        res: { statusCode: 200 },
      });
      expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0);
    }
  });

  it('writes a refused request as its refusal and its answer, never as it arrives', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    const lines = linesAbout(String(res.headers['x-request-id']));
    expect(lines.at(-1)).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/no-such-route' }, res: { statusCode: 404 } });
    expect(log.text).not.toContain('incoming request');
  });

  it('hides credentials that a log call passes by mistake, at the top or one level down', async () => {
    const secrets = { password: 'Lily@Secret71', otp: '482913', token: 'tok-NeverLogged', bearer: 'Bearer NeverLogged', cookie: 'refreshToken=NeverLogged' };
    app.log.warn(
      {
        token: secrets.token,
        body: { email: 'asha@example.in', password: secrets.password, confirmPassword: secrets.password, otp: secrets.otp },
        headers: { authorization: secrets.bearer, cookie: secrets.cookie },
      },
      'a careless line',
    );
    const line = log.lines.find((each) => each.includes('a careless line'))!;
    for (const secret of Object.values(secrets)) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ token: '[redacted]', body: { email: 'asha@example.in', password: '[redacted]', otp: '[redacted]' } });
  });
});
