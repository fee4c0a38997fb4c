import type { AdminCode, AdminProduct } from '@draw/shared/routes';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminT, type AdminT } from '../i18n/strings';

export interface GrantsWords {
  /** The console's strings. */
  admin: AdminT;
  /** The app's strings (a plan's length is worded as the billing page words it). */
  app: (key: string) => string;
  language: string;
}

/**
 * What a code grants, in the reader's language: "1,200 credits", or the plan (its product's name
 * in that language where it has one) with its credits and how long it lasts. A product the console
 * does not know (any more) shows by its id.
 */
export function codeGrantsText(
  grants: AdminCode['grants'],
  products: readonly AdminProduct[],
  { admin, app, language }: GrantsWords,
): string {
  const n = new Intl.NumberFormat(language).format(grants.credits);
  if (grants.kind === 'credits') return admin('codes.grantsCreditsText', { n });
  const product = products.find((candidate) => candidate.id === grants.productId);
  const name = product ? (product.translations[language]?.name ?? product.name) : (grants.productId ?? '');
  const plan = admin('codes.grantsPlanText', { name, n });
  return product ? `${plan} · ${app(`billing.periodLength.${product.period}`)}` : plan;
}

/** `codeGrantsText` in the console's current language. */
export function useCodeGrantsText(
  products: readonly AdminProduct[],
): (grants: AdminCode['grants']) => string {
  const admin = useAdminT();
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (grants) =>
      codeGrantsText(grants, products, {
        admin,
        app: (key) => (t as unknown as (key: string) => string)(key),
        language,
      }),
    [admin, t, language, products],
  );
}
