import type { AdminCode } from '@draw/shared/routes';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { call, download } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { StateBadge } from '../parts/StateBadge';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, Pager, type Column } from '../parts/DataTable';
import { LabelledInput } from '../parts/Fields';
import { formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { failureText, usePaged } from '../parts/useLoad';
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

function MintForm({ onMinted }: { onMinted: (batchId: string) => void }) {
  const t = useAdminT();
  const [count, setCount] = useState('10');
  const [credits, setCredits] = useState('100');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function mint() {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(adminApi.mintCodes, {
        body: {
          count: Math.round(Number(count)),
          credits: Math.round(Number(credits)),
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
        <LabelledInput
          label={t('codes.credits')}
          inputMode="numeric"
          value={credits}
          onChange={(e) => setCredits(e.target.value)}
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
    { key: 'grants', header: t('codes.credits'), cell: (c) => c.grants },
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
        <MintForm onMinted={setBatchId} />
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
