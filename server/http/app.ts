import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyError } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { REQUEST_ID_HEADER } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import type { Config } from '../config';
import { registerCompression } from './compression';
import { ClientGoneError } from './cancel-on-disconnect';
import { csrfGuard, csrfSessionGuard } from './csrf';
import type { Deps } from './deps';
import { classifyDatabaseError } from './database-errors';
import { AppError } from './errors';
import { classifyMultipartError } from './multipart-errors';
import type { App } from './routes';
import { ErrorRequestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { sessionMemoryOf } from './actor-cache';
import { loadActor } from './session-context';
import { describeIssues } from './validation-messages';
import { registerModules } from './modules';
import { registerWeb } from './web';

const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the HTTP application: plugins, the request pipeline, every module's routes, the web app. */
export interface RouteRecord {
  method: string;
  url: string;
  access: string | undefined;
  /** Staff routes: the staff permission number that gates it (null: any staff user). */
  permission: number | null;
  /** The route's request schemas (zod), for tests that generate requests from them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with how it is reached: the route matrix test walks this. */
    routeTable: RouteRecord[];
  }
}

export interface BuildOptions {
  /** Tests only: routes added beside the modules' (the isolation test's deliberately unscoped route). */
  extraRoutes?: (app: App, deps: Deps) => void;
}

/** A hop count trusts that many proxies nearest the application, whatever their addresses. */
function trustedProxies(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Headers must arrive within a minute (Node's own default), and never after the whole request's limit. */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * Node checks the arrival limits on a timer (every 30 s by default), so a request may overrun them
 * by that much: checked four times within the headers' limit instead. Node enforces the whole
 * request's limit only when the headers' is not longer (measured on Node 20), hence the minimum.
 */
function arrivalLimits(requestTimeoutMs: number): { headersTimeout: number; connectionsCheckingInterval: number } {
  const headersTimeout = requestTimeoutMs > 0 ? Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs) : HEADERS_TIMEOUT_MS;
  return { headersTimeout, connectionsCheckingInterval: Math.max(50, Math.ceil(headersTimeout / 4)) };
}

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<App> {
  const logger: FastifyBaseLogger = deps.log;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: JSON_BODY_LIMIT,
    // Slow clients (docs/security.md): a silent connection is closed, a request must arrive whole in time.
    connectionTimeout: deps.config.clientIdleTimeoutMs,
    requestTimeout: deps.config.requestTimeoutMs,
    http: arrivalLimits(deps.config.requestTimeoutMs),
    // Only the proxies named in TRUST_PROXY may say who the client is (X-Forwarded-For).
    trustProxy: trustedProxies(deps.config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    logController: new ErrorRequestLog(),
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('routeTable', [] as RouteRecord[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const { body, querystring, params } = route.schema ?? {};
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        access: route.config?.access,
        permission: route.config?.permission ?? null,
        schema: { body, querystring, params },
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  const security = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
  deps.database.onConnectionError((error) =>
    logger.warn({ err: error }, 'database connection lost; the pool opens a new one'),
  );
  await app.register(multipart, { limits: { fileSize: deps.config.maxUploadBytes, files: 50, fields: 50 } });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tenet API', version: deps.config.appVersion, description: 'Policy and procedure management.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const sessions = sessionMemoryOf(app);
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(security.always);
    if (req.protocol === 'https') reply.headers(security.tlsOnly);
    reply.header(REQUEST_ID_HEADER, req.id);
    csrfGuard(req);
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs')) await loadActor(req, deps, sessions);
    else {
      req.actor = null;
      req.rememberedSession = null;
      req.sessionCsrfToken = null;
    }
    csrfSessionGuard(req, reply, req.sessionCsrfToken);
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const requestId = req.id;
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({
        errors: error.errors,
        ...(error.customError ? { custom_error: error.customError } : {}),
        request_id: requestId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map(
        (v) =>
          ({
            ...v.params,
            code: v.keyword,
            message: v.message,
            path: v.instancePath.split('/').filter((part) => part !== '' && !/^\d+$/.test(part)),
          }) as unknown as z.core.$ZodIssue,
      );
      return reply
        .code(422)
        .send({ errors: describeIssues(issues, error.validationContext ?? 'body'), request_id: requestId });
    }
    if (error instanceof ClientGoneError) {
      // Nobody is left to read an answer; the transaction was rolled back.
      req.log.info('client closed the connection before the response: its transaction was rolled back');
      return reply.code(499).send({ errors: [Messages.unexpectedError], request_id: requestId });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ errors: [Messages.unexpectedError], request_id: requestId });
    }
    const database = classifyDatabaseError(error);
    if (database) {
      const what = { 503: 'database unavailable', 422: 'value refused by the database', 409: 'duplicate at commit' };
      req.log.warn({ err: error }, what[database.status]);
      return reply.code(database.status).send({ errors: [database.message], request_id: requestId });
    }
    const multipartFailure = classifyMultipartError(error);
    if (multipartFailure) {
      return reply.code(multipartFailure.status).send({ errors: [multipartFailure.message], request_id: requestId });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ errors: ['The request is too large.'], request_id: requestId });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (status === 400 && error instanceof SyntaxError)
    ) {
      return reply.code(400).send({ errors: ['The request body is not valid JSON.'], request_id: requestId });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ errors: ['This content type is not supported.'], request_id: requestId });
    }
    if (status === 429) {
      return reply
        .code(429)
        .send({ errors: ['Too many requests. Please wait a moment and try again.'], request_id: requestId });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errors: ['The request could not be processed.'], request_id: requestId });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ errors: [Messages.unexpectedError], request_id: requestId });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.code(404).send({ errors: ['This address does not exist.'], request_id: req.id });
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  registerModules(app, deps);
  options.extraRoutes?.(app, deps);
  await registerWeb(app, deps);
  return app;
}
