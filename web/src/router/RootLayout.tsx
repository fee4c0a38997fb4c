import { Outlet } from 'react-router-dom';
import { AnnouncementBanner } from '../components/app/AnnouncementBanner';
import { DeferredToaster } from '../components/app/DeferredToaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { useCompanyInfo } from '../hooks/useCompanyInfo';
import { useLanguageSync } from '../hooks/useLanguageSync';
import { useScrollToTop } from '../hooks/useScrollToTop';
import { useThemeSync } from '../theme/useThemeSync';
import { useRouteGuard } from './useRouteGuard';

/** Wraps every screen: theme, language, company info, route guard, scroll reset, the site's announcement, toasts. */
export function RootLayout() {
  const isDark = useThemeSync();
  useLanguageSync();
  useCompanyInfo();
  useRouteGuard();
  useScrollToTop();

  return (
    <TooltipProvider delayDuration={200}>
      <Outlet />
      <AnnouncementBanner />
      <DeferredToaster theme={isDark ? 'dark' : 'light'} />
    </TooltipProvider>
  );
}
