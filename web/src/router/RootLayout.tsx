import { Outlet } from 'react-router-dom';
import { DeferredToaster } from '../components/app/DeferredToaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { useCompanyInfo } from '../hooks/useCompanyInfo';
import { useLanguageSync } from '../hooks/useLanguageSync';
import { useScrollToTop } from '../hooks/useScrollToTop';
import { useThemeSync } from '../theme/useThemeSync';
import { useRouteGuard } from './useRouteGuard';

/** Wraps every screen: theme, language, company info, route guard, scroll reset, toasts. */
export function RootLayout() {
  const isDark = useThemeSync();
  useLanguageSync();
  useCompanyInfo();
  useRouteGuard();
  useScrollToTop();

  return (
    <TooltipProvider delayDuration={200}>
      <Outlet />
      <DeferredToaster theme={isDark ? 'dark' : 'light'} />
    </TooltipProvider>
  );
}
