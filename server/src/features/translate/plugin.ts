import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { Limits } from '@draw/shared';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { validatePrompt } from '../tasks/service';
import type { PromptTranslator } from './service';

const Body = Type.Object({ prompt: Type.String({ maxLength: Limits.promptMaxChars + 1000 }) }, { additionalProperties: false });

/** `POST /api/mj/translate`: the English a prompt would go with, for the composer's preview. */
export const translatePlugin: FastifyPluginAsync<{ translator: PromptTranslator }> = async (app, { translator }) => {
  app.post('/api/mj/translate', { preHandler: requireUser, schema: { tags: ['tasks'], body: Body } }, async (request) => {
    currentUser(request);
    const prompt = validatePrompt((request.body as { prompt: string }).prompt);
    const { promptEn, translated, failed } = await translator.translatePrompt(prompt);
    return ok({ prompt, promptEn, translated, failed, provider: translator.provider });
  });
};
