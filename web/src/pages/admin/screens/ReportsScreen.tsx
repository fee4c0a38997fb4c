import type { Report, ReportStatus } from '@draw/shared/routes';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { FilterSelect } from '../parts/Fields';
import { formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { useAdminImage } from '../parts/useAdminImage';
import { failureText, usePaged } from '../parts/useLoad';

const OPEN = 'open';

export function ReportsScreen() {
  const t = useAdminT();
  const [status, setStatus] = useState<string>(OPEN);
  const list = usePaged(
    (cursor) =>
      call(adminApi.reports, {
        query: { status: (status || undefined) as ReportStatus | undefined, cursor },
        silent: true,
      }),
    status,
  );
  const statusLabel = (report: Report) =>
    report.status === 'hidden'
      ? t('reports.hidden')
      : report.status === 'dismissed'
        ? t('reports.dismissed')
        : t('reports.pending');

  async function resolve(report: Report, decision: 'hide' | 'dismiss') {
    const answer = await call(adminApi.resolveReport, {
      params: { id: report.id },
      body: { decision },
      silent: true,
    });
    list.replace(answer, (a, b) => a.id === b.id);
    notify.success(t('common.done'));
  }

  const columns: Column<Report>[] = [
    {
      key: 'image',
      header: t('reports.image'),
      cell: (r) => (
        <ReportedImage url={r.item.task.imageUrl ?? r.item.task.previewUrl} alt={r.item.task.prompt} />
      ),
    },
    {
      key: 'prompt',
      header: t('tasks.prompt'),
      cell: (r) => (
        <div className="max-w-sm min-w-40">
          <p className="line-clamp-2 break-words">{r.item.task.prompt}</p>
          <p className="text-xs text-muted-foreground">
            {r.item.author.name} · #{r.item.channel.title}
          </p>
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (r) =>
        r.status === 'open' ? (
          <span className="flex flex-wrap gap-2">
            <ConfirmAction
              verb={t('reports.hide')}
              title={t('reports.hideTitle')}
              text={t('reports.hideText')}
              testId="admin-report-hide"
              onConfirm={() => resolve(r, 'hide')}
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void resolve(r, 'dismiss').catch((failure: unknown) => notify.error(failureText(failure)))
              }
            >
              {t('reports.dismiss')}
            </Button>
          </span>
        ) : null,
    },
    {
      key: 'reporters',
      header: t('reports.reporter'),
      cell: (r) => (
        <ul className="text-xs">
          {r.reporters.map((who) => (
            <li key={who.id}>
              <span className="font-medium">{who.name}</span>
              {who.reason && <span className="text-muted-foreground">: {who.reason}</span>}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'when',
      header: t('reports.when'),
      cell: (r) => formatTime(r.firstAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'status',
      header: t('reports.status'),
      cell: (r) => <Badge variant={r.status === 'open' ? 'outline' : 'secondary'}>{statusLabel(r)}</Badge>,
    },
  ];
  return (
    <Panel>
      <Toolbar>
        <FilterSelect
          label={t('reports.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'open', label: t('reports.pending') },
            { value: 'hidden', label: t('reports.hidden') },
            { value: 'dismissed', label: t('reports.dismissed') },
          ]}
        />
      </Toolbar>
      <DataTable
        label={t('nav.reports')}
        testId="admin-reports"
        columns={columns}
        rows={list.items}
        rowKey={(r) => r.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
      />
      <Pager {...list} onPrev={list.prev} onNext={list.next} />
    </Panel>
  );
}

/** The reported picture, also once hidden (fetched with the admin's token: see useAdminImage). */
function ReportedImage({ url, alt }: { url: string | null; alt: string }) {
  const shown = useAdminImage(url);
  if (!url) return <>—</>;
  if (!shown)
    return <div className="size-16 shrink-0 rounded-md bg-muted" data-testid="report-image-loading" />;
  return (
    <a
      href={shown}
      target="_blank"
      rel="noreferrer"
      className="block size-16 shrink-0"
      data-testid="report-image"
    >
      <img src={shown} alt={alt} className="size-16 max-w-none shrink-0 rounded-md object-cover" />
    </a>
  );
}
