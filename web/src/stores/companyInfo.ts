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
  loaded: false,
});

/** An answer from a server without `engineFeatures` (older) leaves everything offered. */
export function setCompanyInfo(
  info: Omit<CompanyInfoAnswer, 'engineFeatures'> & Partial<Pick<CompanyInfoAnswer, 'engineFeatures'>>,
): void {
  const engineFeatures = Array.isArray(info.engineFeatures) ? info.engineFeatures : [...ENGINE_FEATURES];
  Object.assign(companyInfoStore, info, { engineFeatures, loaded: true });
}
