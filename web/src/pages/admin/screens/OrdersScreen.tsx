import { OrderStatus } from '@draw/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../../lib/http';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { StateBadge } from '../parts/StateBadge';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { FilterSelect, LabelledInput } from '../parts/Fields';
import { formatMoney, formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { usePaged, type CursorPage } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';

type OrderRow = Awaited<ReturnType<typeof loadOrders>> extends CursorPage<infer T> ? T : never;

function loadOrders(query: { status?: OrderStatus; from?: number; to?: number; cursor?: string }) {
  return call(adminApi.orders, { query, silent: true });
}

/** A date input's day as epoch ms: its start, or (for "to") its end. */
function dayMs(value: string, end: boolean): number | undefined {
  if (!value) return undefined;
  const start = Date.parse(`${value}T00:00:00`);
  if (Number.isNaN(start)) return undefined;
  return end ? start + 86_400_000 - 1 : start;
}

export function OrdersScreen() {
  const t = useAdminT();
  const names = useConsoleNames();
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const list = usePaged(
    (cursor) =>
      loadOrders({
        status: (status || undefined) as OrderStatus | undefined,
        from: dayMs(from, false),
        to: dayMs(to, true),
        cursor,
      }),
    `${status}|${from}|${to}`,
  );
  const columns: Column<OrderRow>[] = [
    { key: 'no', header: t('orders.id'), cell: (r) => <code className="text-xs">{r.order.orderNo}</code> },
    {
      key: 'user',
      header: t('orders.user'),
      cell: (r) => (
        <Link className="hover:underline" to={`/admin/users/${r.user.id}`}>
          {r.user.name}
        </Link>
      ),
    },
    { key: 'product', header: t('orders.product'), cell: (r) => r.order.productName },
    {
      key: 'amount',
      header: t('orders.amount'),
      cell: (r) => formatMoney(r.order.amount, r.order.currency),
      className: 'tabular-nums whitespace-nowrap',
    },
    {
      key: 'status',
      header: t('orders.status'),
      cell: (r) => (
        <StateBadge tone={r.order.status === OrderStatus.Paid ? 'ok' : 'neutral'}>
          {names.orderStatus(r.order.status)}
        </StateBadge>
      ),
    },
    {
      key: 'created',
      header: t('orders.createdAt'),
      cell: (r) => formatTime(r.order.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'paid',
      header: t('orders.paidAt'),
      cell: (r) => formatTime(r.order.paidAt),
      className: 'whitespace-nowrap max-sm:hidden',
    },
  ];
  return (
    <Panel>
      <Toolbar>
        <FilterSelect
          label={t('orders.status')}
          value={status}
          onChange={setStatus}
          options={Object.values(OrderStatus).map((value) => ({ value, label: names.orderStatus(value) }))}
        />
        <LabelledInput
          label={t('common.from')}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <LabelledInput
          label={t('common.to')}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </Toolbar>
      <DataTable
        label={t('nav.orders')}
        testId="admin-orders"
        columns={columns}
        rows={list.items}
        rowKey={(r) => r.order.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
      />
      <Pager {...list} onPrev={list.prev} onNext={list.next} />
    </Panel>
  );
}
