import Type, { type Static, type TSchema } from 'typebox';
import { EDITOR_ACTIONS, type EditorActionName } from '../actions/registry';
import { BlendDimensions, Limits } from '../constants';
import { REFERENCE_KINDS } from '../references';
import { routePaths, type RoutePath } from './paths';
import { Access, MINUTE_MS, RatePer, route, type RouteBounds } from './route';
import { BotTypeSchema, Id, ImageEngineNameSchema, TaskSchema, UploadedFileSchema } from './schemas';

const tag = 'tasks';
const strict = { additionalProperties: false } as const;
const UploadId = Type.String({
  minLength: 1,
  maxLength: 80,
  pattern: '^[A-Za-z0-9_-]+\\.(png|jpg|jpeg|gif|webp)$',
});
const Bot = Type.Optional(BotTypeSchema);
/** The engine to draw on (else the channel's default, else the site's). */
const Engine = Type.Optional(ImageEngineNameSchema);
const Prompt = Type.String({ maxLength: Limits.promptMaxChars + 1000 });
const ChannelParams = Type.Object({ channelId: Id });
const TaskParams = Type.Object({ id: Id });
const Submitted = Type.Object({ taskId: Type.String() });
/**
 * A submit's body: a prompt and its English (5,000 characters each, \u-escaped at worst) with a
 * few references. Each submit route counts its own 30 a minute, as Midjourney's queue would allow.
 */
const submitBounds = {
  bodyBytes: 64 * 1024,
  rate: { max: 30, windowMs: MINUTE_MS, per: RatePer.User },
} satisfies Partial<RouteBounds>;
const submit = <W extends RoutePath, B extends TSchema>(where: W, body: B, summary: string) =>
  route({
    ...where,
    access: Access.Poster,
    tag,
    summary,
    bounds: submitBounds,
    params: ChannelParams,
    body,
    answer: Submitted,
  });

/** Midjourney's editor (`/retexture` …): one upload restyled by a prompt. */
const EditorBody = Type.Object(
  { imageId: UploadId, prompt: Prompt, promptEn: Type.Optional(Prompt), botType: Bot, engine: Engine },
  strict,
);
/** What every editor route takes, from its schema. */
export type EditorRequest = Static<typeof EditorBody>;
type EditorRoutes = {
  readonly [A in EditorActionName]: ReturnType<
    typeof submit<(typeof routePaths.tasks)[A], typeof EditorBody>
  >;
};
/** Any editor action's route: they differ only in their path. */
export type EditorRoute = ReturnType<typeof submit<RoutePath, typeof EditorBody>>;
/** A route for each editor action of the action table, all with the same body. */
function editorRoutes(): EditorRoutes {
  return Object.fromEntries(
    EDITOR_ACTIONS.map((name) => [name, submit(routePaths.tasks[name], EditorBody, `/${name}`)]),
  ) as EditorRoutes;
}
const EDITOR_ROUTES = editorRoutes();
/** The route of one editor action, typed as any of them (what a loop over the actions serves). */
export const editorRoute = (name: EditorActionName): EditorRoute =>
  (EDITOR_ROUTES as Readonly<Record<string, EditorRoute>>)[name]!;

export const taskRoutes = {
  imagine: submit(
    routePaths.tasks.imagine,
    Type.Object(
      {
        prompt: Prompt,
        promptEn: Type.Optional(Prompt),
        botType: Bot,
        engine: Engine,
        imageIds: Type.Optional(Type.Array(UploadId, { maxItems: 20 })),
        references: Type.Optional(
          Type.Array(Type.Object({ imageId: UploadId, kind: Type.Enum([...REFERENCE_KINDS]) }, strict), {
            maxItems: 20,
          }),
        ),
        weights: Type.Optional(
          Type.Object(
            {
              image: Type.Optional(Type.Number()),
              style: Type.Optional(Type.Number()),
              character: Type.Optional(Type.Number()),
              omni: Type.Optional(Type.Number()),
            },
            strict,
          ),
        ),
      },
      strict,
    ),
    '/imagine',
  ),
  describe: submit(
    routePaths.tasks.describe,
    Type.Object({ imageId: UploadId, botType: Bot, engine: Engine }, strict),
    '/describe',
  ),
  blend: submit(
    routePaths.tasks.blend,
    Type.Object(
      {
        imageIds: Type.Array(UploadId, { maxItems: 20 }),
        dimensions: Type.Optional(
          Type.Enum([BlendDimensions.Portrait, BlendDimensions.Square, BlendDimensions.Landscape]),
        ),
        botType: Bot,
        engine: Engine,
      },
      strict,
    ),
    '/blend',
  ),
  shorten: submit(
    routePaths.tasks.shorten,
    Type.Object({ prompt: Prompt, promptEn: Type.Optional(Prompt), botType: Bot, engine: Engine }, strict),
    '/shorten',
  ),
  action: submit(
    routePaths.tasks.action,
    Type.Object({ taskId: Id, customId: Type.String({ minLength: 1, maxLength: 200 }) }, strict),
    'A button of a finished task',
  ),
  modal: submit(
    routePaths.tasks.modal,
    Type.Object(
      {
        taskId: Id,
        prompt: Type.Optional(Prompt),
        promptEn: Type.Optional(Prompt),
        // Vary (Region): the mask goes first through POST /api/upload as a binary file, not in this body.
        maskImageId: Type.Optional(UploadId),
      },
      strict,
    ),
    'The input a MODAL task waits for (remix prompt; region mask as the id of an upload: a PNG of the image’s size, white = repaint)',
  ),
  fetch: route({
    ...routePaths.tasks.fetch,
    access: Access.Member,
    tag,
    params: TaskParams,
    answer: TaskSchema,
  }),
  cancel: route({
    ...routePaths.tasks.cancel,
    access: Access.Author,
    tag,
    params: TaskParams,
    answer: TaskSchema,
  }),
  imageSeed: route({
    ...routePaths.tasks.imageSeed,
    access: Access.Member,
    tag,
    params: TaskParams,
    answer: Type.Object({ seed: Type.String() }),
  }),
  byIds: route({
    ...routePaths.tasks.byIds,
    access: Access.Member,
    tag,
    params: ChannelParams,
    body: Type.Object({ ids: Type.Array(Id, { maxItems: 200 }) }, strict),
    answer: Type.Array(TaskSchema),
  }),
  translate: route({
    ...routePaths.tasks.translate,
    access: Access.SignedIn,
    tag,
    summary: 'The English a prompt would go to the engine with (the composer’s preview)',
    // Metered like a submit: each call may reach a paid translation provider.
    bounds: { ...submitBounds, concurrent: 2 },
    body: Type.Object({ prompt: Prompt }, strict),
    answer: Type.Object({
      prompt: Type.String(),
      promptEn: Type.String(),
      translated: Type.Boolean({ description: 'at least one piece was translated' }),
      failed: Type.Boolean({
        description: 'the translator failed or timed out: promptEn is the prompt as typed',
      }),
      provider: Type.Enum(['none', 'openai', 'baidu']),
    }),
  }),
  ...EDITOR_ROUTES,
} as const;

export const uploadRoutes = {
  upload: route({
    ...routePaths.uploads.upload,
    access: Access.SignedIn,
    tag: 'upload',
    // Streamed part by part (the multipart limits stop a file at its size); a few uploads at once.
    bounds: {
      bodyBytes: Limits.uploadMaxFiles * Limits.imageMaxBytes + 64 * 1024,
      rate: { max: 30, windowMs: MINUTE_MS, per: RatePer.User },
      concurrent: 4,
    },
    summary: `Images as multipart form data, each under the field \`file\` (at most ${Limits.uploadMaxFiles}, ${Limits.imageMaxBytes} bytes each)`,
    multipart: true,
    answer: Type.Object({ files: Type.Array(UploadedFileSchema) }),
  }),
} as const;
