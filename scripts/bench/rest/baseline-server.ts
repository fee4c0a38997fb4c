import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The REST benchmark's baseline: a bare Fastify process (no plugins, hooks, logging or store)
 * answering the two measured routes with the bytes and headers the real server sent for them.
 * Started by rest.ts with BASELINE_SPEC (a JSON file of BaselineSpec) and PORT.
 */
export interface SampledResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface BaselineSpec {
  channels: SampledResponse;
  /** The submit answer; `taskId` in its body is replaced by a fresh id per request, as ours does. */
  submit: SampledResponse & { taskId: string };
}

const spec = JSON.parse(fs.readFileSync(process.env.BASELINE_SPEC ?? '', 'utf8')) as BaselineSpec;
const app = Fastify({ logger: false });

app.get('/api/draw/channels', async (_request, reply) =>
  reply.status(spec.channels.status).headers(spec.channels.headers).send(spec.channels.body),
);

const [before, after] = spec.submit.body.split(spec.submit.taskId);
app.post('/api/mj/submit/imagine/:channelId', async (request, reply) => {
  // Fastify has already parsed the JSON body; touch it like a handler would.
  const prompt = (request.body as { prompt?: unknown } | null)?.prompt;
  if (typeof prompt !== 'string')
    return reply.status(400).send({ code: 400, message: 'prompt', data: null, success: false });
  return reply
    .status(spec.submit.status)
    .headers(spec.submit.headers)
    .send(`${before}${randomUUID()}${after ?? ''}`);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline listening');
