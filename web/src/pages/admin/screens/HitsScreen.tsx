import type { ModerationHit } from '@draw/shared/routes';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { call } from '../../../lib/http';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { formatTime } from '../parts/format';
import { Panel } from '../parts/Panel';
import { usePaged } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';

export function HitsScreen() {
  const t = useAdminT();
  const names = useConsoleNames();
  const list = usePaged((cursor) => call(adminApi.hits, { query: { cursor }, silent: true }), 'hits');
  const columns: Column<ModerationHit>[] = [
    { key: 'when', header: t('hits.when'), cell: (h) => formatTime(h.at), className: 'whitespace-nowrap' },
    {
      key: 'who',
      header: t('hits.who'),
      cell: (h) => (
        <Link className="hover:underline" to={`/admin/users/${h.user.id}`}>
          {h.user.name}
        </Link>
      ),
    },
    { key: 'word', header: t('hits.word'), cell: (h) => <Badge variant="destructive">{h.word}</Badge> },
    {
      key: 'prompt',
      header: t('hits.prompt'),
      cell: (h) => <p className="line-clamp-2 max-w-md min-w-40 break-words">{h.text}</p>,
    },
    { key: 'source', header: t('hits.source'), cell: (h) => names.hitSource(h.source) },
    {
      key: 'channel',
      header: t('hits.channel'),
      cell: (h) =>
        h.channelId ? (
          <Link className="text-xs hover:underline" to={`/admin/tasks?channelId=${h.channelId}`}>
            {h.channelId}
          </Link>
        ) : (
          '—'
        ),
      className: 'max-sm:hidden',
    },
  ];
  return (
    <Panel>
      <DataTable
        label={t('nav.hits')}
        testId="admin-hits"
        columns={columns}
        rows={list.items}
        rowKey={(h) => h.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
      />
      <Pager {...list} onPrev={list.prev} onNext={list.next} />
    </Panel>
  );
}
