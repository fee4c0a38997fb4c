import type { AuditEntry } from '@draw/shared/routes';
import { call } from '../../../lib/http';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { formatTime } from '../parts/format';
import { Panel } from '../parts/Panel';
import { usePaged } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';

/** A before/after value, compact: JSON on one wrapping line. */
function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">—</span>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <code className="line-clamp-3 max-w-xs text-xs break-all">{text}</code>;
}

export function AuditScreen() {
  const t = useAdminT();
  const names = useConsoleNames();
  const list = usePaged((cursor) => call(adminApi.audit, { query: { cursor }, silent: true }), 'audit');
  const columns: Column<AuditEntry>[] = [
    { key: 'when', header: t('audit.when'), cell: (e) => formatTime(e.at), className: 'whitespace-nowrap' },
    { key: 'who', header: t('audit.who'), cell: (e) => e.admin.name },
    {
      key: 'what',
      header: t('audit.what'),
      cell: (e) => <span title={e.action}>{names.auditAction(e.action)}</span>,
    },
    {
      key: 'target',
      header: t('audit.target'),
      cell: (e) => <code className="text-xs break-all">{e.target}</code>,
    },
    { key: 'before', header: t('audit.before'), cell: (e) => <Value value={e.before} /> },
    { key: 'after', header: t('audit.after'), cell: (e) => <Value value={e.after} /> },
  ];
  return (
    <Panel>
      <DataTable
        label={t('nav.audit')}
        testId="admin-audit"
        columns={columns}
        rows={list.items}
        rowKey={(e) => e.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
      />
      <Pager {...list} onPrev={list.prev} onNext={list.next} />
    </Panel>
  );
}
