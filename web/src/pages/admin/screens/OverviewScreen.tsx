import type { Overview } from '@draw/shared/routes';
import { lazy, Suspense } from 'react';
import { call } from '../../../lib/http';
import { loadChunk } from '../../../lib/staleBuild';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { DataTable, LoadError } from '../parts/DataTable';
import { Panel } from '../parts/Panel';
import { useLoad } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';

// The chart library is fetched with the overview only: the console's other screens need none.
const OverviewCharts = lazy(async () => ({
  default: await loadChunk(async () => (await import('./OverviewCharts')).OverviewCharts),
}));

const DAYS = 14;

function LiveQueue({ queue }: { queue: Overview['queue'] }) {
  const t = useAdminT();
  const names = useConsoleNames();
  return (
    <Panel title={t('overview.queue')}>
      <DataTable
        label={t('overview.queue')}
        testId="admin-queue"
        emptyText={t('overview.noQueue')}
        columns={[
          { key: 'engine', header: t('overview.engine'), cell: (row) => names.engine(row.engine) },
          {
            key: 'waiting',
            header: t('overview.waiting'),
            cell: (row) => row.waiting,
            className: 'tabular-nums',
          },
          {
            key: 'running',
            header: t('overview.running'),
            cell: (row) => row.running,
            className: 'tabular-nums',
          },
        ]}
        rows={queue}
        rowKey={(row) => row.engine}
        loading={false}
        error={null}
      />
    </Panel>
  );
}

export function OverviewScreen() {
  const t = useAdminT();
  const loaded = useLoad(() => call(adminApi.overview, { query: { days: DAYS }, silent: true }), 'overview');
  if (loaded.error) return <LoadError message={loaded.error} onRetry={loaded.reload} />;
  const overview = loaded.data;
  return (
    <div className="flex flex-col gap-4" data-testid="admin-overview">
      <p className="text-sm text-muted-foreground">{t('overview.days', { n: DAYS })}</p>
      {overview && <LiveQueue queue={overview.queue} />}
      {overview && (
        <Suspense fallback={<p className="text-sm text-muted-foreground">{t('common.loading')}</p>}>
          <OverviewCharts overview={overview} />
        </Suspense>
      )}
    </div>
  );
}
