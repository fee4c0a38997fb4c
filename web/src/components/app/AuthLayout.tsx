import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark';
import { LanguageMenu } from './LanguageMenu';

/** Decorative sparkles scattered over the blurple background. */
function BackdropArt() {
  return (
    <svg
      className="pointer-events-none absolute inset-0 size-full"
      aria-hidden
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1440 900"
    >
      <defs>
        <radialGradient id="auth-glow-a" cx="0.2" cy="0.15" r="0.6">
          <stop offset="0" stopColor="#8ea1e1" stopOpacity=".55" />
          <stop offset="1" stopColor="#8ea1e1" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="auth-glow-b" cx="0.85" cy="0.9" r="0.55">
          <stop offset="0" stopColor="#eb459e" stopOpacity=".35" />
          <stop offset="1" stopColor="#eb459e" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="900" fill="url(#auth-glow-a)" />
      <rect width="1440" height="900" fill="url(#auth-glow-b)" />
      <g fill="#fff" opacity=".16">
        <path d="M180 640l8 20 20 8-20 8-8 20-8-20-20-8 20-8z" />
        <path d="M1240 180l10 26 26 10-26 10-10 26-10-26-26-10 26-10z" />
        <path d="M1120 700l6 14 14 6-14 6-6 14-6-14-14-6 14-6z" />
        <path d="M320 160l5 12 12 5-12 5-5 12-5-12-12-5 12-5z" />
        <circle cx="1320" cy="520" r="5" />
        <circle cx="90" cy="320" r="4" />
        <circle cx="760" cy="90" r="3" />
        <circle cx="640" cy="820" r="4" />
      </g>
      <g fill="none" stroke="#fff" strokeOpacity=".09" strokeWidth="2">
        <path d="M-40 760c220-80 380 40 560-30s260-220 460-170 300 160 500 100" />
        <path d="M-40 220c200 60 340-60 520 0s300 140 520 80 280-120 480-60" />
      </g>
    </svg>
  );
}

/** Full-screen blurple backdrop with a centred card (login, invite). */
export function AuthLayout({
  children,
  cardClassName = '',
}: {
  children: ReactNode;
  cardClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-hidden bg-[#5865F2] dark:bg-[#404eed]">
      <div className="absolute inset-0 bg-gradient-to-br from-[#5865F2] via-[#4752c4] to-[#2b2f7a] dark:from-[#3b44b0] dark:via-[#2a2f82] dark:to-[#16183f]" />
      <BackdropArt />
      <header className="relative z-10 flex items-center justify-between px-5 py-4 sm:px-8 sm:py-6">
        <Link to="/" title={t('common.home')} className="rounded-lg">
          <BrandMark inverted />
        </Link>
        <LanguageMenu inverted />
      </header>
      <main className="relative z-10 flex flex-1 items-start justify-center px-4 pb-10 sm:items-center sm:pb-16">
        <div
          className={`w-full max-w-[480px] rounded-lg bg-background p-6 text-foreground shadow-[0_8px_40px_rgb(0_0_0/0.28)] sm:p-8 ${cardClassName}`}
        >
          {children}
        </div>
      </main>
    </div>
  );
}
