import { TaskStatus, type Task } from '@draw/shared';
import { WifiOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../../../live/connection';
import { useLiveStatus } from '../../../live/hooks';

const RUNNING: readonly string[] = [TaskStatus.NotStart, TaskStatus.Submitted, TaskStatus.InProgress];
const DOWN: readonly LiveStatus[] = ['reconnecting', 'offline', 'refused'];

/** Whether a task's card is frozen by the link: it still runs on the server, but no progress reaches us. */
export function waitsForConnection(task: Pick<Task, 'status'>, status: LiveStatus): boolean {
  return RUNNING.includes(task.status) && DOWN.includes(status);
}

/**
 * Under a running task's card while the live link is down: says why its progress stands still
 * (it resumes from the catch-up once reconnected), instead of a silent frozen percentage.
 */
export function TaskConnectionNote({ task }: { task: Task }) {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (!waitsForConnection(task, status)) return null;
  return (
    <p
      data-testid={`task-waiting-${task.id}`}
      className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground"
    >
      <WifiOffIcon className="size-3.5 shrink-0" aria-hidden />
      {t('connection.taskWaiting')}
    </p>
  );
}
