import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per answered request (method, masked URL, address, status, time), instead of Fastify's
 * two ("incoming request", then "request completed"): each line costs its serialisation and
 * redaction on every request (bench: rest). Requests still in flight are not logged until they
 * end; Fastify's other lines (errors, unknown routes) are its own.
 *
 * A completed request's line holds only what the `req` and `res` serializers pick (method, masked
 * URL, id, address, status) and a number: nothing the redaction paths could match. It goes through
 * a logger without them, since pino runs its wildcard paths over every key of every line (a tenth
 * of a cached list request's CPU). An errored request's line carries the error and keeps them.
 */
export class OneLinePerRequest extends LogController {
  private readonly unredacted = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      return reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    const line = {
      [this.requestIdLogLabel]: request.id,
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
    };
    this.unredactedOf(request.server.log).info(line, 'request completed');
  }

  private unredactedOf(log: FastifyBaseLogger): FastifyBaseLogger {
    let plain = this.unredacted.get(log);
    if (!plain) {
      plain = log.child({}, { redact: { paths: [] } });
      this.unredacted.set(log, plain);
    }
    return plain;
  }
}
