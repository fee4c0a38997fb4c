import { Limits } from '@draw/shared';

export type PromptError = 'promptRequired' | 'promptTooLong';

/** The checks the server makes on a modal's prompt, made first here for a clear inline message. */
export function validatePrompt(prompt: string): PromptError | null {
  const text = prompt.trim();
  if (!text) return 'promptRequired';
  if (text.length > Limits.promptMaxChars) return 'promptTooLong';
  return null;
}
