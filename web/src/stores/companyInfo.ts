import { ENGINE_FEATURES, type CompanyInfoAnswer } from '@draw/shared';
import { proxy } from 'valtio';

export interface CompanyInfoState extends CompanyInfoAnswer {
  loaded: boolean;
}

/**
 * Company info (GET /api/home/company-info): site name, SEO fields, which rail icons show, and what
 * the drawing engine offers (until it is known, everything: the server still refuses clearly).
 */
export const companyInfoStore = proxy<CompanyInfoState>({
  name: '',
  description: '',
  keywords: '',
  isShowChatGPT: false,
  isShowDiscord: false,
  engineFeatures: [...ENGINE_FEATURES],
  translatesPrompts: false,
  loaded: false,
});

/**
 * An answer from a server without `engineFeatures` (older) leaves everything offered; one without
 * `translatesPrompts` promises no translation.
 */
export function setCompanyInfo(
  info: Omit<CompanyInfoAnswer, 'engineFeatures' | 'translatesPrompts'> &
    Partial<Pick<CompanyInfoAnswer, 'engineFeatures' | 'translatesPrompts'>>,
): void {
  const engineFeatures = Array.isArray(info.engineFeatures) ? info.engineFeatures : [...ENGINE_FEATURES];
  Object.assign(companyInfoStore, info, {
    engineFeatures,
    translatesPrompts: info.translatesPrompts === true,
    loaded: true,
  });
}
