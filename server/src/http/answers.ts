import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { isEnvelope } from '@draw/shared';
import { AnswerKind, routeKey, type ApiRoute } from '@draw/shared/routes';
import { tableRoute } from './openapi';

/**
 * The answer schema made exact: every object that lists its properties refuses others, so a field
 * the table does not declare (a leaked `_id`, a renamed field) is caught, not just a missing one.
 */
export function exact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(exact);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = exact(value);
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined)
    copy.additionalProperties = false;
  return copy;
}

/** Why an answer does not match its route's table entry, or null when it does. */
export type AnswerCheck = (route: ApiRoute, data: unknown) => string | null;

export function answerChecker(): AnswerCheck {
  const validators = new Map<ApiRoute, Validator>();
  return (route, data) => {
    let validator = validators.get(route);
    if (!validator) validators.set(route, (validator = Compile(exact(route.answer) as TSchema)));
    if (validator.Check(data)) return null;
    const errors = validator
      .Errors(data)
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message}`);
    return `${routeKey(route.method, route.path)} answered data the route table does not describe: ${errors.join('; ')}`;
  };
}

/**
 * Tests only (`AppOptions.checkAnswers`): every successful /api answer is checked against the
 * route table's answer schema, exactly; a mismatch fails the request with a 500 and is printed,
 * so the whole integration suite keeps the table true to what the server sends.
 */
export const answerCheckPlugin = fp(async (app: FastifyInstance) => {
  const check = answerChecker();
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || !isEnvelope(payload) || !payload.success) return payload;
    const route = tableRoute(request.routeOptions.method ?? request.method, request.routeOptions.url ?? '');
    if (!route || route.kind !== AnswerKind.Envelope) return payload;
    const problem = check(route, payload.data);
    if (problem === null) return payload;
    console.error(problem);
    throw new Error(problem);
  });
});
