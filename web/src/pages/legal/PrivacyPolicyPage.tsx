import { useTranslation } from 'react-i18next';
import { LegalPage, useCompanyName, type LegalDocument } from './LegalPage';

/** /privacy-policy */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const company = useCompanyName();
  const document = t('legal.privacy', { returnObjects: true, company }) as unknown as LegalDocument;
  return <LegalPage document={document} testId="privacy-policy" />;
}
