import type { FastifyPluginAsync } from 'fastify';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import { validatePrompt } from '../tasks/service';
import type { PromptTranslator } from './service';

/** `POST /api/mj/translate`: the English a prompt would go with, for the composer's preview. */
export const translatePlugin: FastifyPluginAsync<{ translator: PromptTranslator }> = async (
  app,
  { translator },
) => {
  serve(app, api.tasks.translate, async (request) => {
    currentUser(request);
    const prompt = validatePrompt(request.body.prompt);
    const { promptEn, translated, failed } = await translator.translatePrompt(prompt);
    return { prompt, promptEn, translated, failed, provider: translator.provider };
  });
};
