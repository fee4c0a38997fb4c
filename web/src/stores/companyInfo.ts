import type { CompanyInfo } from '@draw/shared';
import { proxy } from 'valtio';

export interface CompanyInfoState extends CompanyInfo {
  loaded: boolean;
}

/** Company info (GET /api/home/company-info): site name, SEO fields and which rail icons show. */
export const companyInfoStore = proxy<CompanyInfoState>({
  name: '',
  description: '',
  keywords: '',
  isShowChatGPT: false,
  isShowDiscord: false,
  loaded: false,
});

export function setCompanyInfo(info: CompanyInfo): void {
  Object.assign(companyInfoStore, info, { loaded: true });
}
