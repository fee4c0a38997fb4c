import type { Task } from '@draw/shared';
import { Loader2Icon, PencilIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefillComposer } from '../composer/prefill';
import { refreshCredits } from '../credits/creditsStore';
import { useMutedIn } from '../muted';
import { editCommandOf, retryOf } from './failure';
import { fetchTask } from './feedApi';
import { useFeedActions } from './FeedContext';

/** Discord's secondary button, as under the bot's messages. */
const secondary =
  'inline-flex h-8 items-center gap-1.5 rounded-[3px] bg-[#6d6f78] px-3 text-sm font-medium text-white transition-colors outline-none hover:bg-[#4e5058] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-[#4e5058] dark:hover:bg-[#6d6f78]';

/**
 * A failed task's ways forward, for its owner only: send the same command again, or take its
 * prompt back into the composer to change it. Each button is named by its visible text.
 */
export function FailureActions({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { channel, mergeTasks, expectEditor, taskById } = useFeedActions();
  const muted = useMutedIn(channel);
  const [busy, setBusy] = useState(false);
  const retry = retryOf(task, task.parentId ? taskById(task.parentId) : undefined);
  const edit = editCommandOf(task);
  if (!retry && !edit) return null;

  async function again() {
    if (!retry || busy) return;
    setBusy(true);
    try {
      const taskId = await retry(channel.id);
      if (!taskId) return;
      void refreshCredits();
      // A V pressed again with Remix on waits for its prompt: its editor opens when it shows up.
      expectEditor(taskId);
      // The live event shows the new card; this covers a retry made while the socket is down.
      void fetchTask(taskId)
        .then((created) => created && mergeTasks([created]))
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={t('failure.actions')}>
      {retry && (
        <button
          type="button"
          data-testid={`task-failure-retry-${task.id}`}
          title={t('failure.retryHint')}
          disabled={busy || muted}
          aria-busy={busy || undefined}
          onClick={() => void again()}
          className={secondary}
        >
          {busy ? (
            <Loader2Icon className="size-4 animate-spin" aria-hidden />
          ) : (
            <RotateCcwIcon className="size-4" aria-hidden />
          )}
          {t('failure.retry')}
        </button>
      )}
      {edit && (
        <button
          type="button"
          data-testid={`task-failure-edit-${task.id}`}
          title={t('failure.editHint')}
          disabled={muted}
          onClick={() => prefillComposer(channel.id, edit)}
          className={secondary}
        >
          <PencilIcon className="size-4" aria-hidden />
          {t('failure.edit')}
        </button>
      )}
    </div>
  );
}
