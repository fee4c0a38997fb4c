import { HomeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandMark } from '../../components/app/BrandMark';
import { Button } from '../../components/ui/button';

export interface ErrorScreenProps {
  code?: string;
  title: string;
  text: string;
  icon: ReactNode;
  /** The first thing to try, shown before the way home. */
  action?: ReactNode;
}

/** Full-page error (404, 500) with a way home. */
export function ErrorScreen({ code, title, text, icon, action }: ErrorScreenProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-main">
      <header className="px-6 py-5">
        <Link to="/" aria-label={t('common.home')} className="inline-flex rounded-lg">
          <BrandMark />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-5 px-6 pb-24 text-center">
        <div className="flex size-24 items-center justify-center rounded-full bg-primary/12 text-primary [&_svg]:size-12">
          {icon}
        </div>
        {code && <p className="text-6xl font-extrabold tracking-tight text-primary sm:text-7xl">{code}</p>}
        <div className="max-w-md">
          <h1 className="text-2xl font-semibold text-heading">{title}</h1>
          <p className="mt-2 text-base text-muted-foreground">{text}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          {action}
          <Button asChild size="lg" variant={action ? 'outline' : 'default'}>
            <Link to="/" data-testid="error-home">
              <HomeIcon aria-hidden />
              {t('errors.backHome')}
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
