import type { FastifyPluginAsync } from 'fastify';
import Type, { type Static } from 'typebox';
import { ErrorReason } from '@draw/shared';
import { AppError } from '../../errors';
import { ok } from '../../http/envelope';
import { nestsDeeperThan } from '../../http/json-depth';
import type { UpstreamHooks } from './service';

const Params = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});

/**
 * One `type` list, never an anyOf: the validator coerces types, and inside an anyOf a branch that
 * fails still leaves its coercion behind (null became "", a one-button list became null); with a
 * list, a value that already has one of the types is left as it is.
 */
const Nullable = <T>(...types: ('string' | 'number' | 'integer')[]) => Type.Unsafe<T | null>({ type: [...types, 'null'] });
const Text = Nullable<string>('string');
const Time = Nullable<number>('number');

const UpstreamHookButton = Type.Object({ customId: Type.String(), emoji: Type.Optional(Text), label: Type.Optional(Text) });
type UpstreamHookButton = Static<typeof UpstreamHookButton>;

/**
 * The upstream's Task (contracts/midjourney-proxy.md, "The Task"): typed for what we read, open to
 * the fields the Java and C# lines and relay gateways add. `readUpstreamTask` still reads it
 * defensively (lengths, unknown statuses).
 */
export const UpstreamHookBody = Type.Object({
  id: Type.Unsafe<string | number>({ type: ['string', 'integer'], minLength: 1, maxLength: 200 }),
  status: Type.String({ maxLength: 40 }),
  action: Type.Optional(Text),
  prompt: Type.Optional(Text),
  promptEn: Type.Optional(Text),
  description: Type.Optional(Text),
  state: Type.Optional(Text),
  progress: Type.Optional(Nullable<string | number>('string', 'number')),
  imageUrl: Type.Optional(Text),
  failReason: Type.Optional(Text),
  buttons: Type.Optional(Type.Unsafe<UpstreamHookButton[] | null>({ ...Type.Array(UpstreamHookButton, { maxItems: 100 }), type: ['array', 'null'] })),
  seed: Type.Optional(Nullable<string | number>('string', 'number')),
  properties: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  submitTime: Type.Optional(Time),
  startTime: Type.Optional(Time),
  finishTime: Type.Optional(Time),
});

/**
 * A real hook is a few KB (the fake upstream's, with buttons and properties: 0.4–2.2 KB); the largest plausible one,
 * a 4,000-character CJK prompt \u-escaped in prompt, promptEn and finalPrompt (C# line), stays
 * under 80 KB.
 */
export const HOOK_BODY_LIMIT = 128 * 1024;
/** The Task nests four levels (task → buttons → button, or properties → value); extras get room. */
export const HOOK_MAX_DEPTH = 16;

/**
 * `POST /api/open/notify/:id/:token`: the upstream's notify hook (body: its Task). Our task id and
 * the task's hook token travel in the path (the logger masks the token), never in a query string.
 * Anyone can reach it, so its body is small, shallow and typed before anything reads it.
 */
export const upstreamPlugin: FastifyPluginAsync<{ hooks: UpstreamHooks }> = async (app, { hooks }) => {
  // Encapsulated: this JSON parser applies to the routes of this plugin only.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT }, (request, body, done) => {
    if (nestsDeeperThan(body as string, HOOK_MAX_DEPTH)) return done(new AppError(ErrorReason.BadRequest, 'upstream.hookTooDeep', { max: HOOK_MAX_DEPTH }), undefined);
    parseJson(request, body as string, done);
  });

  app.post(
    '/api/open/notify/:id/:token',
    { bodyLimit: HOOK_BODY_LIMIT, schema: { tags: ['upstream'], params: Params, body: UpstreamHookBody } },
    async (request) => {
      const { id, token } = request.params as { id: string; token: string };
      return ok(await hooks.receive(id, token, request.body));
    },
  );
};
