import type { Task } from '@draw/shared';
import { FlagIcon, MoreHorizontalIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

// Fetched when the page is idle, not with the feed.
const ReportDialog = lazyWhenOpen(
  async () => (await import('./ReportDialog')).ReportDialog,
  (p) => p.open,
);

/** The ⋯ beside a finished image's star: 举报图片 (an image someone else drew). */
export function ImageMenu({ task }: { task: Task }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          data-testid={`task-menu-${task.id}`}
          aria-label={t('moderation.more')}
          title={t('moderation.more')}
          className="mt-1.5 mr-1.5 inline-flex h-8 items-center justify-center rounded-[3px] bg-secondary px-2.5 text-secondary-foreground transition-colors hover:bg-secondary/80"
        >
          <MoreHorizontalIcon className="size-4 text-muted-foreground" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem
            variant="destructive"
            data-testid={`task-report-${task.id}`}
            onSelect={() => setReporting(true)}
          >
            <FlagIcon aria-hidden />
            {t('moderation.report')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog taskId={task.id} open={reporting} onOpenChange={setReporting} />
    </>
  );
}
