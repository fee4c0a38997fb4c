import {
  BanIcon,
  BuildingIcon,
  CpuIcon,
  FileClockIcon,
  FlagIcon,
  HashIcon,
  LayoutDashboardIcon,
  ListChecksIcon,
  MegaphoneIcon,
  PackageIcon,
  ReceiptIcon,
  ShieldAlertIcon,
  TicketIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import type { AdminKey } from './i18n/strings';

export interface AdminSection {
  /** Below /admin ('' is the overview). */
  path: string;
  label: AdminKey;
  icon: LucideIcon;
}

export interface AdminNavGroup {
  label: AdminKey | null;
  sections: readonly AdminSection[];
}

/** The console's screens, grouped as its navigation shows them. */
export const ADMIN_NAV: readonly AdminNavGroup[] = [
  { label: null, sections: [{ path: '', label: 'nav.overview', icon: LayoutDashboardIcon }] },
  {
    label: 'nav.groupRun',
    sections: [
      { path: 'users', label: 'nav.users', icon: UsersIcon },
      { path: 'orders', label: 'nav.orders', icon: ReceiptIcon },
      { path: 'products', label: 'nav.products', icon: PackageIcon },
      { path: 'codes', label: 'nav.codes', icon: TicketIcon },
    ],
  },
  {
    label: 'nav.groupContent',
    sections: [
      { path: 'channels', label: 'nav.channels', icon: HashIcon },
      { path: 'tasks', label: 'nav.tasks', icon: ListChecksIcon },
      { path: 'engines', label: 'nav.engines', icon: CpuIcon },
    ],
  },
  {
    label: 'nav.groupModeration',
    sections: [
      { path: 'banned-words', label: 'nav.bannedWords', icon: BanIcon },
      { path: 'hits', label: 'nav.hits', icon: ShieldAlertIcon },
      { path: 'reports', label: 'nav.reports', icon: FlagIcon },
    ],
  },
  {
    label: 'nav.groupSite',
    sections: [
      { path: 'company', label: 'nav.company', icon: BuildingIcon },
      { path: 'announcement', label: 'nav.announcement', icon: MegaphoneIcon },
      { path: 'audit', label: 'nav.audit', icon: FileClockIcon },
    ],
  },
];

export const ADMIN_SECTIONS: readonly AdminSection[] = ADMIN_NAV.flatMap((group) => group.sections);

/** The section an address under /admin belongs to (a user's page belongs to Users). */
export function sectionOf(pathname: string): AdminSection {
  const first = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return ADMIN_SECTIONS.find((section) => section.path === first) ?? ADMIN_SECTIONS[0]!;
}
