import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../lib/api';
import { call } from '../lib/http';
import { setAppTitle } from '../lib/pageTitle';
import { companyInfoStore, setCompanyInfo } from '../stores/companyInfo';

let loading: Promise<void> | null = null;

/** Loads the company info once per page load (GET /api/home/company-info). */
export function loadCompanyInfo(): Promise<void> {
  loading ??= call(api.company.info)
    .then((info) => {
      if (info && typeof info === 'object' && 'name' in info) setCompanyInfo(info);
    })
    .catch(() => {
      loading = null;
    });
  return loading;
}

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/** Loads the company info and puts its name, description and keywords into the document head. */
export function useCompanyInfo(): void {
  const { t } = useTranslation();
  const company = useSnapshot(companyInfoStore);

  useEffect(() => {
    void loadCompanyInfo();
  }, []);

  useEffect(() => {
    setAppTitle(company.name || t('app.name'));
    setMeta('description', company.description || t('app.description'));
    setMeta('keywords', company.keywords);
  }, [company.name, company.description, company.keywords, t]);
}
