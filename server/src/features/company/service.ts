import type { CompanyInfo } from '@draw/shared';
import type { Config } from '../../config';
import type { CompanyRepository } from './repository';

export function companyService(config: Config, repository: CompanyRepository) {
  const defaults = (): CompanyInfo => ({
    name: config.COMPANY_NAME,
    description: config.COMPANY_DESCRIPTION,
    keywords: config.COMPANY_KEYWORDS,
    isShowChatGPT: config.SHOW_CHATGPT,
    isShowDiscord: config.SHOW_DISCORD,
  });
  return {
    async info(): Promise<CompanyInfo> {
      const stored = await repository.get();
      const base = defaults();
      if (!stored) return base;
      const { _id, updatedAt, ...overrides } = stored;
      return { ...base, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
    },
    update: (changes: Partial<CompanyInfo>, now: number) => repository.set(changes, now),
  };
}
export type CompanyService = ReturnType<typeof companyService>;
