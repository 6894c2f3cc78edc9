/**
 * One log line per request, once it is answered: its method, path (made loggable by server/log-redaction.ts), client
 * address, status and time, as an access log has it. Fastify's default is two lines, one as the request arrives and
 * one as it is answered. Logging costs a cached catalogue read about half its throughput at LOG_LEVEL=info (against
 * warn, which logs no request); the one line gives back about a tenth of it (docs/performance.md, "The request log").
 */
import { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

const requestIdOf = Symbol('request id');
type RequestLogger = FastifyBaseLogger & { [requestIdOf]?: string };

/**
 * A request's logger: the server's, marked with the request's id. pino would write the id into a child's bindings,
 * running its redaction over them as it made the child (the wildcard paths of server/log-redaction.ts apply to any
 * key): about 4 % of a cached catalogue read, for a logger that at LOG_LEVEL=warn writes nothing. The id is kept on
 * the child instead, and `requestIdInLine`, the server logger's mixin, writes it into each line the request does log.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  // Options only when the route has some (a level, serializers): pino makes a child without any at less cost.
  const child: RequestLogger = Object.keys(options).length > 0 ? logger.child({}, options) : logger.child({});
  child[requestIdOf] = String(bindings.reqId);
  return child;
};

/**
 * The `reqId` of a line logged through a request's logger (or a child of it); nothing for the server's own lines. A
 * new object each time: pino merges the line into it.
 */
export function requestIdInLine(_line: object, _level: number, logger: unknown): { reqId?: string } {
  const reqId = (logger as RequestLogger)[requestIdOf];
  return reqId === undefined ? {} : { reqId };
}
