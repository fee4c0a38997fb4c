import type { AdminCode, AdminProduct } from '@draw/shared/routes';
import { DownloadIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { call, download } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { StateBadge } from '../parts/StateBadge';
import { useCodeGrantsText } from '../parts/codeGrants';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { LabelledInput, LabelledSelect } from '../parts/Fields';
import { formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { failureText, useLoad, usePaged } from '../parts/useLoad';
import { useConsoleNames } from '../parts/names';

async function exportBatch(batchId: string): Promise<void> {
  const blob = await download(adminApi.exportCodes, { query: { batchId } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `codes-${batchId}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a batch grants when no plan is picked. */
const CREDITS = 'credits';

/** Whole calendar days from today to a `YYYY-MM-DD` day (the route takes days, as the ops CLI does). */
function daysUntil(day: string, today: Date = new Date()): number | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const chosen = Date.UTC(year!, month! - 1, date!);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((chosen - start) / DAY_MS);
}

/** `YYYY-MM-DD` of the day `days` after today, in the reader's time zone (a date input's value). */
function dayAfter(days: number, today: Date = new Date()): string {
  const next = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}

/**
 * A batch as `npm run ops -- codes mint` makes it: credits or a plan (a product on sale), how many
 * people may use each code, and the day it stops working (none: it never expires). The route's
 * schema judges the numbers; its refusal shows here in the server's words.
 */
function MintForm({
  products,
  onMinted,
}: {
  products: readonly AdminProduct[];
  onMinted: (batchId: string) => void;
}) {
  const t = useAdminT();
  const [count, setCount] = useState('10');
  const [grants, setGrants] = useState(CREDITS);
  const [credits, setCredits] = useState('100');
  const [uses, setUses] = useState('1');
  const [expiresOn, setExpiresOn] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSale = products.filter((product) => product.enabled);

  async function mint() {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(adminApi.mintCodes, {
        body: {
          count: Math.round(Number(count)),
          ...(grants === CREDITS ? { credits: Math.round(Number(credits)) } : { productId: grants }),
          uses: Math.round(Number(uses)),
          expiresDays: daysUntil(expiresOn),
          note: note.trim() || undefined,
        },
        silent: true,
      });
      notify.success(t('codes.minted', { n: answer.codes.length }));
      onMinted(answer.batchId);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void mint();
      }}
    >
      <Toolbar>
        <LabelledInput
          label={t('codes.count')}
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
        <LabelledSelect
          label={t('codes.grants')}
          value={grants}
          onChange={setGrants}
          testId="admin-codes-grants"
          options={[
            { value: CREDITS, label: t('codes.grantsCredits') },
            ...onSale.map((product) => ({
              value: product.id,
              label: t('codes.grantsPlan', { name: product.name }),
            })),
          ]}
        />
        {grants === CREDITS && (
          <LabelledInput
            label={t('codes.credits')}
            inputMode="numeric"
            value={credits}
            onChange={(e) => setCredits(e.target.value)}
          />
        )}
        <LabelledInput
          label={t('codes.uses')}
          inputMode="numeric"
          value={uses}
          onChange={(e) => setUses(e.target.value)}
          data-testid="admin-codes-uses"
        />
        <LabelledInput
          label={t('codes.expiresOn')}
          type="date"
          min={dayAfter(1)}
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          aria-describedby="admin-codes-expiry-hint"
          data-testid="admin-codes-expires"
        />
        <LabelledInput
          label={t('codes.note')}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="submit" size="sm" className="h-9" disabled={busy} data-testid="admin-codes-mint">
          {t('codes.mint')}
        </Button>
      </Toolbar>
      <p id="admin-codes-expiry-hint" className="mt-1 text-xs text-muted-foreground">
        {t('codes.expiresHint')}
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive dark:text-[#fa777c]">
          {error}
        </p>
      )}
    </form>
  );
}

const stateTone = { unused: 'ok', revoked: 'muted' } as const;

export function CodesScreen() {
  const t = useAdminT();
  const names = useConsoleNames();
  // For the mint form's plans, and to name the plan a code grants.
  const products = useLoad(() => call(adminApi.products, { silent: true }), 'mint products');
  const productList = useMemo(() => products.data ?? [], [products.data]);
  const grantsText = useCodeGrantsText(productList);
  const [batchId, setBatchId] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = usePaged(
    (cursor) =>
      call(adminApi.codes, { query: { batchId: batchId.trim() || undefined, cursor }, silent: true }),
    batchId.trim(),
  );
  const toggle = (code: string, on: boolean) =>
    setSelected((seen) => {
      const next = new Set(seen);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  const columns: Column<AdminCode>[] = [
    {
      key: 'select',
      header: <span className="sr-only">{t('codes.select')}</span>,
      cell: (c) =>
        c.state === 'unused' ? (
          <Checkbox
            aria-label={`${t('codes.select')} ${c.code}`}
            checked={selected.has(c.code)}
            onCheckedChange={(on) => toggle(c.code, on === true)}
          />
        ) : null,
    },
    { key: 'code', header: t('codes.code'), cell: (c) => <code className="text-xs">{c.code}</code> },
    {
      key: 'grants',
      header: t('codes.grants'),
      cell: (c) => grantsText(c.grants),
      // "100 积分" read as one thing: a phone scrolls the table rather than break it in two.
      className: 'whitespace-nowrap',
    },
    {
      key: 'expires',
      header: t('codes.expiresOn'),
      cell: (c) => (c.expiresAt === null ? t('codes.never') : formatTime(c.expiresAt)),
      className: 'whitespace-nowrap',
    },
    {
      key: 'state',
      header: t('codes.status'),
      cell: (c) => (
        <StateBadge tone={stateTone[c.state as keyof typeof stateTone] ?? 'neutral'}>
          {names.codeState(c.state)}
        </StateBadge>
      ),
    },
    {
      key: 'uses',
      header: t('codes.redeemed'),
      cell: (c) => `${c.uses} / ${c.maxUses}`,
      className: 'tabular-nums',
    },
    {
      key: 'batch',
      header: t('codes.note'),
      cell: (c) => (
        <button type="button" className="text-left hover:underline" onClick={() => setBatchId(c.batchId)}>
          {c.note || c.batchId}
        </button>
      ),
    },
    {
      key: 'at',
      header: t('codes.createdAt'),
      cell: (c) => formatTime(c.createdAt),
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <Panel title={t('codes.mint')}>
        <MintForm products={productList} onMinted={setBatchId} />
      </Panel>
      <Panel
        title={t('nav.codes')}
        actions={
          <>
            {batchId.trim() && (
              <Button variant="secondary" size="sm" onClick={() => void exportBatch(batchId.trim())}>
                <DownloadIcon aria-hidden />
                {t('codes.export')}
              </Button>
            )}
            <ConfirmAction
              verb={t('codes.revoke')}
              title={t('codes.revokeTitle', { n: selected.size })}
              text={t('codes.revokeText')}
              disabled={selected.size === 0}
              onConfirm={async () => {
                await call(adminApi.revokeCodes, { body: { codes: [...selected] }, silent: true });
                setSelected(new Set());
                list.reload();
                notify.success(t('common.done'));
              }}
            />
          </>
        }
      >
        <Toolbar>
          <LabelledInput
            label={t('codes.batch')}
            value={batchId}
            onChange={(e) => setBatchId(e.target.value)}
          />
        </Toolbar>
        <DataTable
          label={t('nav.codes')}
          columns={columns}
          rows={list.items}
          rowKey={(c) => c.code}
          loading={list.loading}
          error={list.error}
          onRetry={list.reload}
        />
        <Pager {...list} onPrev={list.prev} onNext={list.next} />
      </Panel>
    </div>
  );
}
