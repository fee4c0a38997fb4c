import { ArrowLeftIcon, MenuIcon, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useLocation, useRoutes } from 'react-router-dom';
import { BrandMark } from '../../components/app/BrandMark';
import { Button } from '../../components/ui/button';
import { useIsMobile } from '../../hooks/useMediaQuery';
import { AdminNav } from './AdminNav';
import { adminScreens } from './adminScreens';
import { useAdminT } from './i18n/strings';
import { sectionOf } from './nav';

/** The phone's navigation: a drawer from the left (a modal dialog, so focus stays in it). */
function NavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useAdminT();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="admin-nav-drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-sidebar shadow-2xl outline-none"
        >
          <div className="flex h-12 items-center justify-between border-b border-border px-3">
            <DialogPrimitive.Title className="font-semibold text-heading">{t('title')}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label={t('closeNav')}>
                <XIcon aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <AdminNav onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** `/admin/*`: the operator's console, for site admins only (the router's `AdminRoute` checks). */
export function AdminPage() {
  const t = useAdminT();
  const isMobile = useIsMobile();
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  const screen = useRoutes(adminScreens);
  const section = sectionOf(pathname);

  useEffect(() => {
    document.title = `${t(section.label)} · ${t('title')}`;
  }, [section, t]);

  return (
    <div className="flex h-dvh bg-main text-foreground" data-testid="admin-page">
      {!isMobile && (
        <aside className="scrollbar-thin flex w-60 shrink-0 flex-col overflow-y-auto bg-sidebar">
          <div className="flex h-12 items-center gap-2 border-b border-border px-4 shadow-elevation">
            <BrandMark />
          </div>
          <AdminNav />
        </aside>
      )}
      {isMobile && <NavDrawer open={navOpen} onOpenChange={setNavOpen} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-border px-3 shadow-elevation sm:px-4">
          {isMobile && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('openNav')}
              data-testid="admin-nav-open"
              onClick={() => setNavOpen(true)}
            >
              <MenuIcon aria-hidden />
            </Button>
          )}
          <h1 className="truncate text-base font-semibold text-heading">
            <span className="text-muted-foreground">{t('title')} / </span>
            {t(section.label)}
          </h1>
          <Button asChild variant="ghost" size="sm" className="ml-auto">
            <Link to="/draw" data-testid="admin-back">
              <ArrowLeftIcon aria-hidden />
              <span className="max-sm:sr-only">{t('backToApp')}</span>
            </Link>
          </Button>
        </header>
        <main className="scrollbar-thin min-h-0 flex-1 overflow-y-auto p-3 sm:p-6">{screen}</main>
      </div>
    </div>
  );
}
