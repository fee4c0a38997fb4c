import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per answered request (method, masked URL, address, status, time), instead of Fastify's
 * two ("incoming request", then "request completed"): each line costs its serialisation and
 * redaction on every request (bench: rest). Requests still in flight are not logged until they
 * end; Fastify's other lines (errors, unknown routes) are its own.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
