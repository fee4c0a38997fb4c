import type { AdminUser } from '@draw/shared/routes';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { call } from '../../../lib/http';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { StateBadge } from '../parts/StateBadge';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { LabelledInput } from '../parts/Fields';
import { formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { pausedNow, usePaged } from '../parts/useLoad';

/** A person's standing as badges: disabled, admin, paused. */
export function UserBadges({ user }: { user: AdminUser }) {
  const t = useAdminT();
  return (
    <span className="flex flex-wrap gap-1">
      {user.disabledAt ? (
        <Badge variant="destructive">{t('users.disabled')}</Badge>
      ) : (
        <StateBadge tone="ok">{t('users.active')}</StateBadge>
      )}
      {user.isAdmin && <Badge>{t('users.admin')}</Badge>}
      {pausedNow(user.pausedUntil) && (
        <Badge variant="outline">{t('users.paused', { time: formatTime(user.pausedUntil) })}</Badge>
      )}
    </span>
  );
}

export function UsersScreen() {
  const t = useAdminT();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const list = usePaged(
    (cursor) => call(adminApi.users, { query: { q: q || undefined, cursor }, silent: true }),
    q,
  );
  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: t('users.name'),
      cell: (user) => (
        <Link to={`/admin/users/${user.id}`} className="font-medium text-heading hover:underline">
          {user.name || user.id}
        </Link>
      ),
    },
    { key: 'contact', header: t('users.contact'), cell: (user) => user.phone || user.email || '—' },
    { key: 'status', header: t('users.status'), cell: (user) => <UserBadges user={user} /> },
    {
      key: 'createdAt',
      header: t('users.createdAt'),
      cell: (user) => formatTime(user.createdAt),
      className: 'whitespace-nowrap max-sm:hidden',
    },
  ];
  return (
    <Panel>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
        }}
      >
        <Toolbar>
          <LabelledInput
            label={t('users.searchLabel')}
            className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-sm"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="admin-users-q"
          />
          <Button type="submit" size="sm" className="h-9" data-testid="admin-users-search">
            <SearchIcon aria-hidden />
            {t('common.search')}
          </Button>
        </Toolbar>
      </form>
      <DataTable
        label={t('nav.users')}
        testId="admin-users"
        columns={columns}
        rows={list.items}
        rowKey={(user) => user.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
        // One search reads a bounded window of people: none here may still mean some further on.
        emptyText={list.hasNext ? t('users.searchOn') : undefined}
      />
      <Pager {...list} onPrev={list.prev} onNext={list.next} />
    </Panel>
  );
}
