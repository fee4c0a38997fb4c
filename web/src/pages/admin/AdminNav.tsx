import { NavLink } from 'react-router-dom';
import { cn } from '../../lib/utils';
import { useAdminT } from './i18n/strings';
import { ADMIN_NAV } from './nav';

/** The console's navigation: the sidebar on a desktop, the drawer's body on a phone. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useAdminT();
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-4 px-2 py-3">
      {ADMIN_NAV.map((group, index) => (
        <div key={group.label ?? index} className="flex flex-col gap-0.5">
          {group.label && (
            <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-sidebar-foreground uppercase">
              {t(group.label)}
            </p>
          )}
          {group.sections.map((section) => (
            <NavLink
              key={section.path}
              to={section.path ? `/admin/${section.path}` : '/admin'}
              end={!section.path}
              onClick={onNavigate}
              data-testid={`admin-nav-${section.path || 'overview'}`}
              className={({ isActive }) =>
                cn(
                  'flex h-9 items-center gap-2 rounded-md px-2 text-[15px] font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-hover hover:text-foreground',
                  isActive && 'bg-sidebar-active text-heading',
                )
              }
            >
              <section.icon className="size-5 shrink-0" aria-hidden />
              {t(section.label)}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
