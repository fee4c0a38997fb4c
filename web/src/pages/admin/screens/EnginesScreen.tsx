import type { EngineStatus } from '@draw/shared/routes';
import { call } from '../../../lib/http';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { StateBadge } from '../parts/StateBadge';
import { DataTable, type Column } from '../parts/DataTable';
import { formatTime } from '../parts/format';
import { Panel } from '../parts/Panel';
import { useLoad } from '../parts/useLoad';

export function EnginesScreen() {
  const t = useAdminT();
  const loaded = useLoad(() => call(adminApi.engines, { silent: true }), 'engines');
  const columns: Column<EngineStatus>[] = [
    {
      key: 'name',
      header: t('engines.name'),
      cell: (e) => (
        <span className="font-medium">
          {e.name} <span className="text-xs text-muted-foreground">({e.id})</span>
        </span>
      ),
    },
    {
      key: 'reachable',
      header: t('engines.reachable'),
      cell: (e) =>
        e.reachable ? (
          <StateBadge tone="ok">{t('engines.reachable')}</StateBadge>
        ) : (
          <StateBadge tone="bad">{t('engines.unreachable')}</StateBadge>
        ),
    },
    {
      key: 'queue',
      header: t('engines.queue'),
      cell: (e) => `${t('overview.waiting')} ${e.waiting} · ${t('overview.running')} ${e.running}`,
      className: 'whitespace-nowrap',
    },
    {
      key: 'error',
      header: t('engines.lastError'),
      cell: (e) =>
        e.lastError ? (
          <span className="text-xs">
            <span className="text-muted-foreground">{formatTime(e.lastError.at)}</span> {e.lastError.message}
          </span>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Panel>
      <DataTable
        label={t('nav.engines')}
        testId="admin-engines"
        columns={columns}
        rows={loaded.data ?? []}
        rowKey={(e) => e.id}
        loading={loaded.loading}
        error={loaded.error}
        onRetry={loaded.reload}
      />
    </Panel>
  );
}
