import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request logging without its two lines per successful request ("incoming request",
 * "request completed"): serialising and writing them was about a tenth of the CPU of a cheap
 * request. A request that completes with an error is still logged, and so is everything the error
 * handler, a stream or a header write reports.
 */
export class ErrorRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}
