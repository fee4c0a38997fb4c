import { useTranslation } from 'react-i18next';
import { LegalPage, useCompanyName, type LegalDocument } from './LegalPage';

/** /user-agreement */
export function UserAgreementPage() {
  const { t } = useTranslation();
  const company = useCompanyName();
  const document = t('legal.agreement', { returnObjects: true, company }) as unknown as LegalDocument;
  return <LegalPage document={document} testId="user-agreement" />;
}
