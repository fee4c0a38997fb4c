import type { BannedWord } from '@draw/shared/routes';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { ConfirmAction } from '../parts/ConfirmAction';
import { DataTable, type Column } from '../parts/DataTable';
import { LabelledInput } from '../parts/Fields';
import { formatTime } from '../parts/format';
import { Panel, Toolbar } from '../parts/Panel';
import { failureText, useLoad } from '../parts/useLoad';

export function BannedWordsScreen() {
  const t = useAdminT();
  const loaded = useLoad(() => call(adminApi.bannedWords, { silent: true }), 'banned-words');
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const words = loaded.data ?? [];

  async function add() {
    const typed = word.trim();
    if (!typed) return;
    setBusy(true);
    setError(null);
    try {
      const added = await call(adminApi.addBannedWord, { body: { word: typed }, silent: true });
      loaded.setData([added, ...words]);
      setWord('');
      notify.success(t('bannedWords.added', { word: added.word }));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<BannedWord>[] = [
    {
      key: 'word',
      header: t('bannedWords.word'),
      cell: (w) => <span className="font-medium">{w.word}</span>,
    },
    {
      key: 'normalized',
      header: t('bannedWords.normalized'),
      cell: (w) => <code className="text-xs text-muted-foreground">{w.normalized}</code>,
      className: 'max-sm:hidden',
    },
    {
      key: 'at',
      header: t('bannedWords.createdAt'),
      cell: (w) => formatTime(w.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (w) => (
        <ConfirmAction
          verb={t('bannedWords.remove')}
          title={t('bannedWords.removeTitle', { word: w.word })}
          onConfirm={async () => {
            await call(adminApi.removeBannedWord, { params: { id: w.id }, silent: true });
            loaded.setData(words.filter((other) => other.id !== w.id));
          }}
        />
      ),
    },
  ];

  return (
    <Panel>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Toolbar>
          <LabelledInput
            label={t('bannedWords.addLabel')}
            className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-sm"
            maxLength={50}
            value={word}
            onChange={(event) => setWord(event.target.value)}
            data-testid="admin-banned-word"
          />
          <Button type="submit" size="sm" className="h-9" disabled={busy} data-testid="admin-banned-word-add">
            <PlusIcon aria-hidden />
            {t('bannedWords.add')}
          </Button>
        </Toolbar>
        <p className="mb-3 text-xs text-muted-foreground">{t('bannedWords.hint')}</p>
        {error && (
          <p role="alert" className="mb-3 text-sm text-destructive dark:text-[#fa777c]">
            {error}
          </p>
        )}
      </form>
      <DataTable
        label={t('nav.bannedWords')}
        testId="admin-banned-words"
        columns={columns}
        rows={words}
        rowKey={(w) => w.id}
        loading={loaded.loading}
        error={loaded.error}
        onRetry={loaded.reload}
      />
    </Panel>
  );
}
