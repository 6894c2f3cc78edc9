/**
 * One log line per request, once it is answered: its method, path (made loggable by server/log-redaction.ts), client
 * address, status and time, as an access log has it. Fastify's default is two lines, one as the request arrives and
 * one as it is answered. Logging costs a cached catalogue read about half its throughput at LOG_LEVEL=info (against
 * warn, which logs no request); the one line gives back about a tenth of it (docs/performance.md, "The request log").
 */
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
