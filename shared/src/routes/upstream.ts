import Type, { type Static } from 'typebox';
import { routePaths } from './paths';
import { Access, route } from './route';

/**
 * One `type` list, never an anyOf: the validator coerces types, and inside an anyOf a branch that
 * fails still leaves its coercion behind (null became "", a one-button list became null); with a
 * list, a value that already has one of the types is left as it is.
 */
const Nullable = <T>(...types: ('string' | 'number' | 'integer')[]) =>
  Type.Unsafe<T | null>({ type: [...types, 'null'] });
const Text = Nullable<string>('string');
const Time = Nullable<number>('number');

const UpstreamHookButton = Type.Object({
  customId: Type.String(),
  emoji: Type.Optional(Text),
  label: Type.Optional(Text),
});
type UpstreamHookButton = Static<typeof UpstreamHookButton>;

/**
 * The upstream's Task (contracts/midjourney-proxy.md, "The Task"): typed for what we read, open to
 * the fields the Java and C# lines and relay gateways add. The server still reads it defensively
 * (lengths, unknown statuses).
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
  buttons: Type.Optional(
    Type.Unsafe<UpstreamHookButton[] | null>({
      ...Type.Array(UpstreamHookButton, { maxItems: 100 }),
      type: ['array', 'null'],
    }),
  ),
  seed: Type.Optional(Nullable<string | number>('string', 'number')),
  properties: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  submitTime: Type.Optional(Time),
  startTime: Type.Optional(Time),
  finishTime: Type.Optional(Time),
});

export const upstreamRoutes = {
  // Our task id and the task's hook token travel in the path (the logger masks the token).
  notify: route({
    ...routePaths.upstream.notify,
    access: Access.Token,
    tag: 'upstream',
    summary: 'The midjourney-proxy upstream’s notify hook (body: its Task)',
    // One upstream calls back for every step of every task: no rate, a body of one Task (a real one
    // is 0.4–2.2 KB; a 4,000-character CJK prompt \u-escaped three times stays under 80 KB), which
    // nests four levels (task → buttons → button); extras get room.
    bounds: { bodyBytes: 128 * 1024, jsonDepth: 16, rate: null, concurrent: 64 },
    params: Type.Object({
      id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
      token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
    }),
    body: UpstreamHookBody,
    answer: Type.Object({ accepted: Type.Boolean() }),
  }),
} as const;
