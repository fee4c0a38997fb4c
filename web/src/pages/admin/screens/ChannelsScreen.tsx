import type { AdminChannel } from '@draw/shared/routes';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { LabelledInput } from '../parts/Fields';
import { formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { usePaged, useLoad } from '../parts/useLoad';

/** A channel's members, read when its dialog opens. */
function MembersDialog({ channel, onClose }: { channel: AdminChannel; onClose: () => void }) {
  const t = useAdminT();
  const loaded = useLoad(
    () => call(adminApi.channel, { params: { id: channel.id }, silent: true }),
    channel.id,
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width={520} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>
            {channel.title} · {t('channels.members')}
          </DialogTitle>
        </DialogHeader>
        <DialogBody>
          <DataTable
            label={t('channels.members')}
            columns={[
              {
                key: 'name',
                header: t('users.name'),
                cell: (m) => (
                  <Link className="hover:underline" to={`/admin/users/${m.userId}`}>
                    {m.name}
                  </Link>
                ),
              },
              {
                key: 'creator',
                header: t('channels.owner'),
                cell: (m) => (m.isCreator ? t('common.yes') : t('common.no')),
              },
              { key: 'joined', header: t('channels.createdAt'), cell: (m) => formatTime(m.joinedAt) },
            ]}
            rows={loaded.data?.members ?? []}
            rowKey={(m) => m.userId}
            loading={loaded.loading}
            error={loaded.error}
            onRetry={loaded.reload}
          />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

export function ChannelsScreen() {
  const t = useAdminT();
  const [search] = useSearchParams();
  const [typed, setTyped] = useState(search.get('q') ?? '');
  const [q, setQ] = useState(typed);
  const [viewing, setViewing] = useState<AdminChannel | null>(null);
  const list = usePaged(
    (cursor) => call(adminApi.channels, { query: { q: q || undefined, cursor }, silent: true }),
    q,
  );
  const columns: Column<AdminChannel>[] = [
    { key: 'title', header: t('channels.name'), cell: (c) => <span className="font-medium">{c.title}</span> },
    {
      key: 'owner',
      header: t('channels.owner'),
      cell: (c) => (
        <Link className="hover:underline" to={`/admin/users/${c.creatorId}`}>
          {c.creatorName}
        </Link>
      ),
    },
    { key: 'members', header: t('channels.members'), cell: (c) => c.memberCount, className: 'tabular-nums' },
    {
      key: 'at',
      header: t('channels.createdAt'),
      cell: (c) => formatTime(c.createdAt),
      className: 'whitespace-nowrap max-sm:hidden',
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (c) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setViewing(c)}>
            {t('channels.members')}
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={`/admin/tasks?channelId=${c.id}`}>{t('nav.tasks')}</Link>
          </Button>
          <ConfirmAction
            verb={t('channels.delete')}
            title={t('channels.deleteTitle', { name: c.title })}
            text={t('channels.deleteText')}
            onConfirm={async () => {
              await call(adminApi.deleteChannel, { params: { id: c.id }, silent: true });
              list.reload();
              notify.success(t('common.done'));
            }}
          />
        </span>
      ),
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
            label={t('channels.searchLabel')}
            className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-sm"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" size="sm" className="h-9">
            <SearchIcon aria-hidden />
            {t('common.search')}
          </Button>
        </Toolbar>
      </form>
      <DataTable
        label={t('nav.channels')}
        columns={columns}
        rows={list.items}
        rowKey={(c) => c.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
      />
      <Pager {...list} onPrev={list.prev} onNext={list.next} />
      {viewing && <MembersDialog channel={viewing} onClose={() => setViewing(null)} />}
    </Panel>
  );
}
