import type { Task } from '@draw/shared';
import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { toggleStar, useStarred } from '../../archive/favorites';

/** The ⭐ under a finished image: the person's private favourite, the same as in the archive. */
export function FavoriteStar({ task }: { task: Task }) {
  const { t } = useTranslation();
  const starred = useStarred(task.id);
  return (
    <button
      type="button"
      data-testid={`task-star-${task.id}`}
      aria-pressed={starred}
      aria-label={starred ? t('archive.unfavorite') : t('archive.favorite')}
      title={starred ? t('archive.unfavorite') : t('archive.favorite')}
      onClick={() => void toggleStar(task.id)}
      className="mt-1.5 mr-1.5 inline-flex h-8 items-center justify-center rounded-[3px] bg-secondary px-2.5 max-sm:h-11 max-sm:min-w-11 text-secondary-foreground transition-colors hover:bg-secondary/80"
    >
      <StarIcon
        className={cn('size-4', starred ? 'fill-warning text-warning' : 'text-muted-foreground')}
        aria-hidden
      />
    </button>
  );
}
