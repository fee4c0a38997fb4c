import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { cn } from '../../lib/utils';
import { companyInfoStore } from '../../stores/companyInfo';

/** The product logo: a brush stroke and sparkle in a blurple squircle. */
export function LogoIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={cn('size-10', className)} aria-hidden>
      <rect width="48" height="48" rx="14" fill="#5865F2" />
      <path
        d="M14.5 33.5c2.6.2 4.6-.6 5.6-2.3 1-1.6.8-3.5-.6-4.6-1.4-1-3.3-.8-4.3.6-.9 1.2-.5 2.4-.8 3.6-.2.9-.8 1.7-1.9 2.2.6.4 1.3.5 2 .5Z"
        fill="#fff"
      />
      <path
        d="M21.5 25.2 33 12.6c.8-.9 2.2-.9 3 0 .8.8.8 2 .1 2.9L25 27.7l-3.5-2.5Z"
        fill="#fff"
        opacity=".92"
      />
      <path d="M34 27.5l1.1 2.6 2.6 1.1-2.6 1.1-1.1 2.6-1.1-2.6-2.6-1.1 2.6-1.1 1.1-2.6Z" fill="#FEE75C" />
    </svg>
  );
}

/** Logo and company name (falls back to the product name until the company info loads). */
export function BrandMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  const { name } = useSnapshot(companyInfoStore);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2.5 font-bold',
        inverted ? 'text-white' : 'text-heading',
        className,
      )}
    >
      <LogoIcon className="size-9" />
      <span className="text-lg tracking-tight">{name || t('app.name')}</span>
    </span>
  );
}
