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
        {/* Named by what it shows, then where it goes (a spoken name must hold the visible words). */}
        <Link to="/" className="inline-flex rounded-lg">
          <BrandMark />
          <span className="sr-only">{` · ${t('common.home')}`}</span>
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-5 px-6 pb-24 text-center">
        <div className="flex size-24 items-center justify-center rounded-full bg-primary/12 text-primary [&_svg]:size-12">
          {icon}
        </div>
        {code && ( // Blurple itself is 2.7:1 on the dark main surface; its light tint reads at 5.6:1.
          <p className="text-6xl font-extrabold tracking-tight text-primary sm:text-7xl dark:text-[#949cf7]">
            {code}
          </p>
        )}
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
