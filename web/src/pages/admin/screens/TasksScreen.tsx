import { ImageEngineName, TaskStatus, TERMINAL_TASK_STATUSES, type Task } from '@draw/shared';
import type { AdminTask } from '@draw/shared/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { failureTextOf } from '../../draw/feed/failure';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { StateBadge, type Tone } from '../parts/StateBadge';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { FilterSelect, LabelledInput } from '../parts/Fields';
import { formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { usePaged } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';

const statusTone: Partial<Record<TaskStatus, Tone>> = {
  [TaskStatus.Success]: 'ok',
  [TaskStatus.Failure]: 'bad',
  [TaskStatus.Cancel]: 'muted',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const names = useConsoleNames();
  return <StateBadge tone={statusTone[status] ?? 'neutral'}>{names.taskStatus(status)}</StateBadge>;
}

/** Why it failed, in the reader's words, then the upstream's own (the stored text). */
function Failure({ task }: { task: Task }) {
  const t = useAdminT();
  const { t: appT, i18n } = useTranslation();
  if (task.status !== TaskStatus.Failure) return null;
  const worded = failureTextOf(task, appT, (key) => i18n.exists(key));
  return (
    <div className="text-xs">
      {worded && <p className="text-destructive dark:text-[#fa777c]">{worded}</p>}
      {task.failReason && task.failReason !== worded && (
        <p className="text-muted-foreground">
          {t('tasks.upstream')}: <q>{task.failReason}</q>
        </p>
      )}
    </div>
  );
}

const isRunning = (task: Task) => !TERMINAL_TASK_STATUSES.includes(task.status);

export function TasksScreen() {
  const t = useAdminT();
  const names = useConsoleNames();
  const [search] = useSearchParams();
  const [status, setStatus] = useState('');
  const [engine, setEngine] = useState('');
  const [userId, setUserId] = useState(search.get('userId') ?? '');
  const [channelId, setChannelId] = useState(search.get('channelId') ?? '');
  const filters = { status, engine, userId: userId.trim(), channelId: channelId.trim() };
  const list = usePaged(
    (cursor) =>
      call(adminApi.tasks, {
        query: {
          status: (filters.status || undefined) as TaskStatus | undefined,
          engine: (filters.engine || undefined) as ImageEngineName | undefined,
          userId: filters.userId || undefined,
          channelId: filters.channelId || undefined,
          cursor,
        },
        silent: true,
      }),
    JSON.stringify(filters),
  );
  const same = (a: AdminTask, b: AdminTask) => a.task.id === b.task.id;

  const columns: Column<AdminTask>[] = [
    {
      key: 'at',
      header: t('tasks.createdAt'),
      cell: (x) => formatTime(x.task.submitTime),
      className: 'whitespace-nowrap',
    },
    {
      key: 'who',
      header: t('orders.user'),
      cell: (x) => (
        <Link className="hover:underline" to={`/admin/users/${x.author.id}`}>
          {x.author.name}
        </Link>
      ),
    },
    { key: 'channel', header: t('channels.name'), cell: (x) => x.channel.title, className: 'max-sm:hidden' },
    {
      key: 'engine',
      header: t('tasks.engine'),
      cell: (x) => names.engine(x.task.engine),
      className: 'max-sm:hidden',
    },
    { key: 'action', header: t('tasks.action'), cell: (x) => names.actionOf(x.task) },
    {
      key: 'status',
      header: t('tasks.status'),
      cell: (x) => (
        <span className="flex flex-wrap gap-1">
          <TaskStatusBadge status={x.task.status} />
          {x.hidden && <Badge variant="secondary">{t('tasks.hidden')}</Badge>}
        </span>
      ),
    },
    {
      key: 'prompt',
      header: t('tasks.prompt'),
      cell: (x) => (
        <div className="max-w-md min-w-48">
          <p className="line-clamp-2 break-words">{x.task.prompt}</p>
          <Failure task={x.task} />
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (x) =>
        isRunning(x.task) ? (
          <ConfirmAction
            verb={t('tasks.cancel')}
            title={t('tasks.cancelTitle')}
            text={t('tasks.cancelText')}
            onConfirm={async () => {
              list.replace(
                await call(adminApi.cancelTask, { params: { id: x.task.id }, silent: true }),
                same,
              );
              notify.success(t('common.done'));
            }}
          />
        ) : null,
    },
  ];

  return (
    <Panel>
      <Toolbar>
        <FilterSelect
          label={t('tasks.status')}
          value={status}
          onChange={setStatus}
          options={Object.values(TaskStatus).map((value) => ({ value, label: names.taskStatus(value) }))}
        />
        <FilterSelect
          label={t('tasks.engine')}
          value={engine}
          onChange={setEngine}
          options={Object.values(ImageEngineName).map((value) => ({ value, label: names.engine(value) }))}
        />
        <LabelledInput label={t('tasks.user')} value={userId} onChange={(e) => setUserId(e.target.value)} />
        <LabelledInput
          label={t('tasks.channel')}
          value={channelId}
          onChange={(e) => setChannelId(e.target.value)}
        />
      </Toolbar>
      <DataTable
        label={t('nav.tasks')}
        testId="admin-tasks"
        columns={columns}
        rows={list.items}
        rowKey={(x) => x.task.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
      />
      <Pager {...list} onPrev={list.prev} onNext={list.next} />
    </Panel>
  );
}
