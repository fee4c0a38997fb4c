import type { Task } from '@draw/shared';
import { FlagIcon, MoreHorizontalIcon, Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { canShare } from '../share/shareLinks';
import { useFeedActions } from './FeedContext';

// Fetched when the page is idle, not with the feed.
const ReportDialog = lazyWhenOpen(
  async () => (await import('./ReportDialog')).ReportDialog,
  (p) => p.open,
);
const ShareDialog = lazyWhenOpen(
  async () => (await import('../share/ShareDialog')).ShareDialog,
  (p) => p.open,
);

/** The ⋯ beside a finished image's star: 分享 (when this person may), 举报图片 (an image someone else drew). */
export function ImageMenu({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { me, channel } = useFeedActions();
  const [reporting, setReporting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const mine = task.userId === me;
  const sharable = canShare(task, me, channel);
  if (mine && !sharable) return null;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          data-testid={`task-menu-${task.id}`}
          aria-label={t('moderation.more')}
          title={t('moderation.more')}
          className="mt-1.5 mr-1.5 inline-flex h-8 items-center justify-center rounded-[3px] bg-secondary px-2.5 max-sm:h-11 max-sm:min-w-11 text-secondary-foreground transition-colors hover:bg-secondary/80"
        >
          <MoreHorizontalIcon className="size-4 text-muted-foreground" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {sharable && (
            <DropdownMenuItem data-testid={`task-share-${task.id}`} onSelect={() => setSharing(true)}>
              <Share2Icon aria-hidden />
              {t('share.share')}
            </DropdownMenuItem>
          )}
          {!mine && (
            <DropdownMenuItem
              variant="destructive"
              data-testid={`task-report-${task.id}`}
              onSelect={() => setReporting(true)}
            >
              <FlagIcon aria-hidden />
              {t('moderation.report')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog taskId={task.id} open={reporting} onOpenChange={setReporting} />
      <ShareDialog taskId={task.id} open={sharing} onOpenChange={setSharing} />
    </>
  );
}
