import type { AdminTask, AdminUser, AdminUserDetail, LedgerEntry } from '@draw/shared/routes';
import type { Order } from '@draw/shared';
import { ArrowLeftIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, LoadError, type Column } from '../parts/DataTable';
import { formatMoney, formatTime } from '../parts/format';
import { Panel } from '../parts/Panel';
import { failureText, pausedNow, useLoad } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';
import { TaskStatusBadge } from './TasksScreen';
import { UserBadges } from './UsersScreen';

/** Adjust credits with a reason: a ledger entry the person also sees. */
function AdjustCredits({
  userId,
  onDone,
}: {
  userId: string;
  onDone: (entry: LedgerEntry, balance: number) => void;
}) {
  const t = useAdminT();
  const deltaId = useId();
  const reasonId = useId();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const amount = Number(delta);
    if (!Number.isInteger(amount) || amount === 0) return setError(t('users.deltaInvalid'));
    if (!reason.trim()) return setError(t('users.reasonRequired'));
    setBusy(true);
    setError(null);
    try {
      const answer = await call(adminApi.adjustCredits, {
        params: { id: userId },
        body: { delta: amount, reason: reason.trim() },
        silent: true,
      });
      onDone(answer.entry, answer.balance);
      setDelta('');
      setReason('');
      notify.success(t('common.done'));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex w-36 flex-col gap-1">
        <Label htmlFor={deltaId} className="text-xs">
          {t('users.delta')}
        </Label>
        <Input
          id={deltaId}
          inputMode="numeric"
          className="h-9"
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
          data-testid="admin-credits-delta"
        />
      </div>
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <Label htmlFor={reasonId} className="text-xs">
          {t('users.reason')}
        </Label>
        <Input
          id={reasonId}
          className="h-9"
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="admin-credits-reason"
        />
      </div>
      <Button type="submit" size="sm" className="h-9" disabled={busy} data-testid="admin-credits-apply">
        {t('users.apply')}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-destructive dark:text-[#fa777c]">
          {error}
        </p>
      )}
    </form>
  );
}

function AccountActions({ user, onChange }: { user: AdminUser; onChange: (user: AdminUser) => void }) {
  const t = useAdminT();
  const name = user.name || user.id;
  const params = { id: user.id };
  const done = (next: AdminUser) => {
    onChange(next);
    notify.success(t('common.done'));
  };
  return (
    <div className="flex flex-wrap gap-2">
      {user.disabledAt ? (
        <ConfirmAction
          verb={t('users.enable')}
          title={t('users.enable')}
          danger={false}
          testId="admin-user-enable"
          onConfirm={async () => done(await call(adminApi.enableUser, { params, silent: true }))}
        />
      ) : (
        <ConfirmAction
          verb={t('users.disable')}
          title={t('users.disableTitle', { name })}
          text={t('users.disableText')}
          reasonLabel={t('users.disableReason')}
          testId="admin-user-disable"
          onConfirm={async (reason) =>
            done(await call(adminApi.disableUser, { params, body: { reason }, silent: true }))
          }
        />
      )}
      {user.isAdmin ? (
        <ConfirmAction
          verb={t('users.revokeAdmin')}
          title={t('users.revokeAdminTitle', { name })}
          testId="admin-user-revoke-admin"
          onConfirm={async () =>
            done(await call(adminApi.setAdmin, { params, body: { isAdmin: false }, silent: true }))
          }
        />
      ) : (
        <ConfirmAction
          verb={t('users.grantAdmin')}
          title={t('users.grantAdmin')}
          danger={false}
          testId="admin-user-grant-admin"
          onConfirm={async () =>
            done(await call(adminApi.setAdmin, { params, body: { isAdmin: true }, silent: true }))
          }
        />
      )}
      <ConfirmAction
        verb={t('users.signOut')}
        title={t('users.signOutTitle', { name })}
        testId="admin-user-sign-out"
        onConfirm={async () => {
          await call(adminApi.signOutUser, { params, silent: true });
          notify.success(t('common.done'));
        }}
      />
      {pausedNow(user.pausedUntil) && (
        <ConfirmAction
          verb={t('users.liftPause')}
          title={t('users.liftPause')}
          danger={false}
          testId="admin-user-lift-pause"
          onConfirm={async () => done(await call(adminApi.liftPause, { params, silent: true }))}
        />
      )}
    </div>
  );
}

function DetailTabs({ detail }: { detail: AdminUserDetail }) {
  const t = useAdminT();
  const names = useConsoleNames();
  const ledger: Column<LedgerEntry>[] = [
    { key: 'at', header: t('users.time'), cell: (e) => formatTime(e.at), className: 'whitespace-nowrap' },
    {
      key: 'kind',
      header: t('users.kind'),
      cell: (e) => names.ledgerKind(e.kind),
      className: 'whitespace-nowrap',
    },
    {
      key: 'delta',
      header: t('users.amount'),
      cell: (e) => (e.delta > 0 ? `+${e.delta}` : String(e.delta)),
      className: 'whitespace-nowrap tabular-nums',
    },
    { key: 'after', header: t('users.balance'), cell: (e) => e.balanceAfter, className: 'tabular-nums' },
    { key: 'note', header: t('users.note'), cell: (e) => e.note ?? e.code ?? e.taskId ?? '—' },
  ];
  const orders: Column<Order>[] = [
    { key: 'no', header: t('orders.id'), cell: (o) => o.orderNo },
    { key: 'product', header: t('orders.product'), cell: (o) => o.productName },
    { key: 'amount', header: t('orders.amount'), cell: (o) => formatMoney(o.amount, o.currency) },
    { key: 'status', header: t('orders.status'), cell: (o) => names.orderStatus(o.status) },
    { key: 'at', header: t('orders.createdAt'), cell: (o) => formatTime(o.createdAt) },
  ];
  const channels: Column<AdminUserDetail['channels'][number]>[] = [
    {
      key: 'title',
      header: t('channels.name'),
      cell: (c) => (
        <Link className="hover:underline" to={`/admin/channels?q=${encodeURIComponent(c.id)}`}>
          {c.title}
        </Link>
      ),
    },
    {
      key: 'creator',
      header: t('channels.owner'),
      cell: (c) => (c.isCreator ? t('common.yes') : t('common.no')),
    },
  ];
  const tasks: Column<AdminTask>[] = [
    { key: 'at', header: t('tasks.createdAt'), cell: (x) => formatTime(x.task.submitTime) },
    { key: 'action', header: t('tasks.action'), cell: (x) => names.actionOf(x.task) },
    { key: 'status', header: t('tasks.status'), cell: (x) => <TaskStatusBadge status={x.task.status} /> },
    {
      key: 'prompt',
      header: t('tasks.prompt'),
      cell: (x) => <span className="line-clamp-2">{x.task.prompt}</span>,
    },
  ];
  const table = <T,>(label: string, columns: Column<T>[], rows: T[], key: (row: T) => string) => (
    <DataTable label={label} columns={columns} rows={rows} rowKey={key} loading={false} error={null} />
  );
  return (
    <Tabs defaultValue="ledger">
      <TabsList className="flex-wrap">
        <TabsTrigger value="ledger">{t('users.ledger')}</TabsTrigger>
        <TabsTrigger value="orders">{t('users.orders')}</TabsTrigger>
        <TabsTrigger value="channels">{t('users.channels')}</TabsTrigger>
        <TabsTrigger value="tasks">{t('users.tasks')}</TabsTrigger>
      </TabsList>
      <TabsContent value="ledger" className="mt-3" data-testid="admin-user-ledger">
        {table(t('users.ledger'), ledger, detail.ledger, (e) => e.id)}
      </TabsContent>
      <TabsContent value="orders" className="mt-3">
        {table(t('users.orders'), orders, detail.orders, (o) => o.id)}
      </TabsContent>
      <TabsContent value="channels" className="mt-3">
        {table(t('users.channels'), channels, detail.channels, (c) => c.id)}
      </TabsContent>
      <TabsContent value="tasks" className="mt-3">
        {table(t('users.tasks'), tasks, detail.tasks, (x) => x.task.id)}
      </TabsContent>
    </Tabs>
  );
}

/** `/admin/users/:id`: one person's balance, ledger, orders, channels and recent tasks. */
export function UserDetailScreen() {
  const t = useAdminT();
  const { id = '' } = useParams();
  const loaded = useLoad(() => call(adminApi.user, { params: { id }, silent: true }), id);
  const detail = loaded.data;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/users">
            <ArrowLeftIcon aria-hidden />
            {t('common.back')}
          </Link>
        </Button>
      </div>
      {loaded.error && <LoadError message={loaded.error} onRetry={loaded.reload} />}
      {detail && (
        <>
          <Panel>
            <div className="flex flex-wrap items-start gap-4">
              <div className="min-w-0 flex-1">
                <h2 className="truncate text-xl font-semibold text-heading">
                  {detail.user.name || detail.user.id}
                </h2>
                <p className="text-sm text-muted-foreground">
                  {[detail.user.phone, detail.user.email, detail.user.id].filter(Boolean).join(' · ')}
                </p>
                <div className="mt-2">
                  <UserBadges user={detail.user} />
                </div>
                {detail.user.disabledReason && (
                  <p className="mt-2 text-sm text-muted-foreground">{detail.user.disabledReason}</p>
                )}
              </div>
              <div className="text-right">
                <p className="text-xs text-muted-foreground uppercase">{t('users.balance')}</p>
                <p className="text-3xl font-bold text-heading tabular-nums" data-testid="admin-user-balance">
                  {detail.balance}
                </p>
              </div>
            </div>
            <div className="mt-4">
              <AccountActions user={detail.user} onChange={(user) => loaded.setData({ ...detail, user })} />
            </div>
          </Panel>
          <Panel title={t('users.adjust')}>
            <AdjustCredits
              userId={detail.user.id}
              onDone={(entry, balance) =>
                loaded.setData({ ...detail, balance, ledger: [entry, ...detail.ledger] })
              }
            />
          </Panel>
          <Panel>
            <DetailTabs detail={detail} />
          </Panel>
        </>
      )}
    </div>
  );
}
