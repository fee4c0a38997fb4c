import { ImageEngineName, Period, TaskAction } from '@draw/shared';
import type { AdminProduct, Prices } from '@draw/shared/routes';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { StateBadge } from '../parts/StateBadge';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, LoadError, type Column } from '../parts/DataTable';
import { FilterSelect, LabelledInput } from '../parts/Fields';
import { formatMoney } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { failureText, useLoad } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';

interface ProductDraft {
  name: string;
  description: string;
  /** Yuan as typed: 19.9 */
  price: string;
  credits: string;
  period: Period;
}

const draftOf = (product: AdminProduct | null): ProductDraft => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product ? String(product.price / 100) : '',
  credits: product ? String(product.credits) : '',
  period: product?.period ?? Period.Month,
});

/** Create or edit a plan. */
function ProductDialog({
  product,
  open,
  onOpenChange,
  onSaved,
}: {
  product: AdminProduct | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (product: AdminProduct) => void;
}) {
  const t = useAdminT();
  const [draft, setDraft] = useState(() => draftOf(product));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function save() {
    setBusy(true);
    setError(null);
    const fields = {
      name: draft.name.trim(),
      description: draft.description.trim(),
      price: Math.round(Number(draft.price) * 100),
      credits: Math.round(Number(draft.credits)),
    };
    try {
      const saved = product
        ? await call(adminApi.updateProduct, { params: { id: product.id }, body: fields, silent: true })
        : await call(adminApi.createProduct, { body: { ...fields, period: draft.period }, silent: true });
      onSaved(saved);
      onOpenChange(false);
      notify.success(t('common.saved'));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent width={480} aria-describedby={undefined}>
        <form
          className="flex min-h-0 flex-col"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogHeader>
            <DialogTitle>{product ? t('products.editTitle') : t('products.createTitle')}</DialogTitle>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-3">
            <LabelledInput
              label={t('products.name')}
              className="flex flex-col gap-1"
              required
              maxLength={64}
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
            />
            <LabelledInput
              label={t('company.description')}
              className="flex flex-col gap-1"
              maxLength={500}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
            <div className="grid grid-cols-2 gap-3">
              <LabelledInput
                label={t('products.price')}
                className="flex flex-col gap-1"
                inputMode="decimal"
                required
                value={draft.price}
                onChange={(e) => set({ price: e.target.value })}
              />
              <LabelledInput
                label={t('products.credits')}
                className="flex flex-col gap-1"
                inputMode="numeric"
                required
                value={draft.credits}
                onChange={(e) => set({ credits: e.target.value })}
              />
            </div>
            {!product && (
              <FilterSelect
                label={t('products.period')}
                value={draft.period}
                onChange={(value) => set({ period: (value || Period.Month) as Period })}
                options={Object.values(Period).map((value) => ({ value, label: value }))}
              />
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive dark:text-[#fa777c]">
                {error}
              </p>
            )}
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('common.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What each action costs, site-wide and per engine; a form to set one. */
function PricesPanel() {
  const t = useAdminT();
  const names = useConsoleNames();
  const loaded = useLoad(() => call(adminApi.prices, { silent: true }), 'prices');
  const [engine, setEngine] = useState('');
  const [action, setAction] = useState<string>(TaskAction.Imagine);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const prices: Prices | null = loaded.data;
  const engines = prices ? Object.keys(prices.engines) : [];
  const actions = prices ? Object.keys(prices.site) : [];
  const columns: Column<string>[] = [
    { key: 'action', header: t('products.action'), cell: (a) => names.action(a) },
    {
      key: 'site',
      header: t('products.allEngines'),
      cell: (a) => prices?.site[a] ?? '—',
      className: 'tabular-nums',
    },
    ...engines.map((id) => ({
      key: id,
      header: names.engine(id),
      cell: (a: string) => prices?.engines[id]?.[a] ?? '—',
      className: 'tabular-nums',
    })),
  ];

  async function save() {
    setError(null);
    try {
      loaded.setData(
        await call(adminApi.setPrice, {
          // No engine: the site-wide price; no price: back to the configured one.
          body: {
            ...(engine ? { engine: engine as ImageEngineName } : {}),
            action: action as TaskAction,
            ...(price.trim() === '' ? {} : { price: Math.round(Number(price)) }),
          },
          silent: true,
        }),
      );
      notify.success(t('common.saved'));
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <Panel title={t('products.prices')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Toolbar>
          <FilterSelect
            label={t('products.engine')}
            value={engine}
            onChange={setEngine}
            options={Object.values(ImageEngineName).map((value) => ({ value, label: names.engine(value) }))}
          />
          <FilterSelect
            label={t('products.action')}
            value={action}
            onChange={(value) => setAction(value || TaskAction.Imagine)}
            options={Object.values(TaskAction).map((value) => ({ value, label: names.action(value) }))}
          />
          <LabelledInput
            label={t('products.cost')}
            inputMode="numeric"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          <Button type="submit" size="sm" className="h-9">
            {t('products.setPrice')}
          </Button>
        </Toolbar>
        {error && (
          <p role="alert" className="mb-2 text-sm text-destructive dark:text-[#fa777c]">
            {error}
          </p>
        )}
      </form>
      <DataTable
        label={t('products.prices')}
        columns={columns}
        rows={actions}
        rowKey={(a) => a}
        loading={loaded.loading}
        error={loaded.error}
        onRetry={loaded.reload}
      />
    </Panel>
  );
}

export function ProductsScreen() {
  const t = useAdminT();
  const loaded = useLoad(() => call(adminApi.products, { silent: true }), 'products');
  const [editing, setEditing] = useState<AdminProduct | null | 'new'>(null);
  const products = loaded.data ?? [];
  const put = (saved: AdminProduct) =>
    loaded.setData(
      products.some((p) => p.id === saved.id)
        ? products.map((p) => (p.id === saved.id ? saved : p))
        : [...products, saved],
    );
  const columns: Column<AdminProduct>[] = [
    { key: 'name', header: t('products.name'), cell: (p) => <span className="font-medium">{p.name}</span> },
    { key: 'period', header: t('products.period'), cell: (p) => p.period },
    {
      key: 'price',
      header: t('products.price'),
      cell: (p) => formatMoney(p.price, p.currency),
      className: 'tabular-nums',
    },
    { key: 'credits', header: t('products.credits'), cell: (p) => p.credits, className: 'tabular-nums' },
    {
      key: 'status',
      header: t('products.status'),
      cell: (p) =>
        p.enabled ? (
          <StateBadge tone="ok">{t('products.onSale')}</StateBadge>
        ) : (
          <StateBadge tone="muted">{t('products.retired')}</StateBadge>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (p) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(p)}>
            {t('common.edit')}
          </Button>
          {p.enabled ? (
            <ConfirmAction
              verb={t('products.retire')}
              title={t('products.retireTitle', { name: p.name })}
              text={t('products.retireText')}
              onConfirm={async () =>
                put(await call(adminApi.retireProduct, { params: { id: p.id }, silent: true }))
              }
            />
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={async () =>
                put(await call(adminApi.updateProduct, { params: { id: p.id }, body: { enabled: true } }))
              }
            >
              {t('products.onSale')}
            </Button>
          )}
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <Panel
        title={t('nav.products')}
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden />
            {t('common.create')}
          </Button>
        }
      >
        {loaded.error ? (
          <LoadError message={loaded.error} onRetry={loaded.reload} />
        ) : (
          <DataTable
            label={t('nav.products')}
            columns={columns}
            rows={products}
            rowKey={(p) => p.id}
            loading={loaded.loading}
            error={null}
          />
        )}
      </Panel>
      <PricesPanel />
      {editing !== null && (
        <ProductDialog
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={put}
        />
      )}
    </div>
  );
}
