import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { BrandMark } from '../../components/app/BrandMark';
import { LanguageMenu } from '../../components/app/LanguageMenu';
import { Button } from '../../components/ui/button';
import { authStore } from '../../stores/auth';
import { companyInfoStore } from '../../stores/companyInfo';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

/** A readable legal document page (privacy policy, user agreement). */
export function LegalPage({ document: legal, testId }: { document: LegalDocument; testId: string }) {
  const { t } = useTranslation();
  // Signed-in people came from the app (settings, the subscribe dialog): the way back leads there.
  const signedIn = Boolean(useSnapshot(authStore).token);
  return (
    <div className="min-h-dvh bg-main" data-testid={testId}>
      <header className="sticky top-0 z-10 border-b border-border bg-main/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-3 px-5">
          <Link to="/" title={t('common.home')} className="rounded-lg">
            <BrandMark />
          </Link>
          <div className="flex items-center gap-1">
            <LanguageMenu />
            <Button asChild variant="ghost" size="sm">
              <Link to={signedIn ? '/draw' : '/login'} data-testid="legal-back">
                <ArrowLeftIcon aria-hidden />
                {signedIn ? t('legal.backToApp') : t('legal.backToLogin')}
              </Link>
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-10 sm:py-14">
        <article className="flex flex-col gap-8">
          <div className="flex flex-col gap-3 border-b border-border pb-8">
            <h1 className="text-3xl font-bold tracking-tight text-heading sm:text-4xl">{legal.title}</h1>
            <p className="text-sm text-muted-foreground">{legal.updated}</p>
            <p className="text-base leading-7">{legal.intro}</p>
          </div>
          <nav aria-label={t('legal.contents')} className="rounded-lg bg-muted p-5 dark:bg-card">
            <h2 className="mb-2 text-xs font-bold tracking-wide text-muted-foreground uppercase">
              {t('legal.contents')}
            </h2>
            <ol className="grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
              {legal.sections.map((section, index) => (
                <li key={section.heading}>
                  <a
                    href={`#section-${index + 1}`}
                    className="text-[#005fcc] hover:underline dark:text-[#00a8fc]"
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {legal.sections.map((section, index) => (
            <section key={section.heading} id={`section-${index + 1}`} className="scroll-mt-20">
              <h2 className="mb-3 text-xl font-semibold text-heading">
                {index + 1}. {section.heading}
              </h2>
              <div className="flex flex-col gap-3 text-[15px] leading-7">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </article>
      </main>
    </div>
  );
}

/** The company name to fill into the legal text (falls back to the product name). */
export function useCompanyName(): string {
  const { t } = useTranslation();
  const { name } = useSnapshot(companyInfoStore);
  return name || t('app.name');
}
