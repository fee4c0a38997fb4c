import { ArchiveKind, ArchiveRatio, ArchiveScope, type Channel } from '@draw/shared';
import { SearchIcon, SlidersHorizontalIcon, StarIcon, XIcon } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogFooter,
  DialogOverlay,
  DialogPortal,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/utils';
import type { ArchiveFilters } from './useArchive';

const SEARCH_DELAY_MS = 300;

function FilterSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-9 min-w-0 rounded-lg border border-transparent bg-input px-2 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
        className,
      )}
      {...props}
    />
  );
}

const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).getTime() : undefined);
const dayEnd = (value: string) => (value ? new Date(`${value}T23:59:59.999`).getTime() : undefined);
const dayOf = (ms: number | undefined) => {
  if (ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function DateFilter({
  testId,
  label,
  value,
  onChange,
}: {
  testId: string;
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <input
      type="date"
      data-testid={testId}
      aria-label={label}
      title={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="h-9 rounded-lg bg-input px-2 text-sm text-foreground outline-none [color-scheme:light] dark:[color-scheme:dark]"
    />
  );
}

export interface ArchiveToolbarProps {
  /** A phone: the search box and a button that opens the other filters in a bottom sheet. */
  compact?: boolean;
  filters: ArchiveFilters;
  channels: Channel[];
  onChange: (filters: ArchiveFilters) => void;
}

/** Search box and filters; every change starts the grid again from the newest image. */
export function ArchiveToolbar({ compact = false, filters, channels, onChange }: ArchiveToolbarProps) {
  const { t } = useTranslation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [text, setText] = useState(filters.q ?? '');
  const set = (patch: Partial<ArchiveFilters>) => {
    const next = { ...filters, ...patch };
    for (const name of Object.keys(next) as (keyof ArchiveFilters)[])
      if (next[name] === undefined || next[name] === '') delete next[name];
    onChange(next);
  };

  useEffect(() => {
    const q = text.trim();
    if (q === (filters.q ?? '')) return;
    const timer = setTimeout(() => set({ q: q || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [text]);

  const filtered = Object.keys(filters).some((name) => name !== 'scope');
  // What the sheet's button counts: the filters set in it (the search box stays outside).
  const activeCount = Object.keys(filters).filter((name) => name !== 'q').length;
  const fields = (
    <>
      <FilterSelect
        data-testid="archive-scope"
        aria-label={t('archive.scope.all')}
        value={filters.scope ?? ArchiveScope.All}
        onChange={(e) => set({ scope: e.target.value as ArchiveScope })}
      >
        <option value={ArchiveScope.All}>{t('archive.scope.all')}</option>
        <option value={ArchiveScope.Mine}>{t('archive.scope.mine')}</option>
      </FilterSelect>
      <FilterSelect
        data-testid="archive-channel"
        aria-label={t('archive.allChannels')}
        className="max-w-40"
        value={filters.channelId ?? ''}
        onChange={(e) => set({ channelId: e.target.value || undefined })}
      >
        <option value="">{t('archive.allChannels')}</option>
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            # {channel.title}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        data-testid="archive-kind"
        aria-label={t('archive.kind.any')}
        value={filters.kind ?? ''}
        onChange={(e) => set({ kind: (e.target.value || undefined) as ArchiveKind | undefined })}
      >
        <option value="">{t('archive.kind.any')}</option>
        {Object.values(ArchiveKind).map((kind) => (
          <option key={kind} value={kind}>
            {t(`archive.kind.${kind}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        data-testid="archive-ratio"
        aria-label={t('archive.ratio.any')}
        value={filters.ratio ?? ''}
        onChange={(e) => set({ ratio: (e.target.value || undefined) as ArchiveRatio | undefined })}
      >
        <option value="">{t('archive.ratio.any')}</option>
        {Object.values(ArchiveRatio).map((ratio) => (
          <option key={ratio} value={ratio}>
            {t(`archive.ratio.${ratio}`)}
          </option>
        ))}
      </FilterSelect>
      <DateFilter
        testId="archive-from"
        label={t('archive.from')}
        value={dayOf(filters.from)}
        onChange={(day) => set({ from: dayStart(day) })}
      />
      <DateFilter
        testId="archive-to"
        label={t('archive.to')}
        value={dayOf(filters.to)}
        onChange={(day) => set({ to: dayEnd(day) })}
      />
      <button
        type="button"
        data-testid="archive-favorites"
        aria-pressed={filters.favorite === true}
        onClick={() => set({ favorite: filters.favorite ? undefined : true })}
        className={cn(
          'flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
          filters.favorite
            ? 'bg-warning/20 text-heading'
            : 'bg-input text-muted-foreground hover:text-heading',
        )}
      >
        <StarIcon className={cn('size-4', filters.favorite && 'fill-warning text-warning')} aria-hidden />
        {t('archive.favoritesOnly')}
      </button>
    </>
  );
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2"
      data-testid="archive-toolbar"
    >
      <label className="relative min-w-0 flex-[1_1_220px]">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          data-testid="archive-search"
          aria-label={t('archive.searchPlaceholder')}
          placeholder={t('archive.searchPlaceholder')}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          className="h-9 pl-8"
        />
      </label>
      {compact ? (
        <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
          <DialogTrigger asChild>
            <button
              type="button"
              data-testid="archive-filters-open"
              className="flex h-11 items-center gap-1.5 rounded-lg bg-input px-3 text-sm text-foreground"
            >
              <SlidersHorizontalIcon className="size-4" aria-hidden />
              {t('archive.filters')}
              {activeCount > 0 && (
                <span className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                  {activeCount}
                </span>
              )}
            </button>
          </DialogTrigger>
          <DialogPortal>
            <DialogOverlay />
            {/* A bottom sheet: the whole width, at the thumb's reach. */}
            <DialogPrimitive.Content
              data-testid="archive-filters-sheet"
              aria-describedby={undefined}
              className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col overflow-hidden rounded-t-xl bg-background text-foreground shadow-2xl outline-none data-[state=open]:animate-fade-in"
            >
              <DialogHeader>
                <DialogTitle className="text-base">{t('archive.filtersTitle')}</DialogTitle>
              </DialogHeader>
              <DialogBody className="flex flex-col gap-3 [&_input]:h-11 [&_select]:h-11 [&>button]:h-11">
                {fields}
              </DialogBody>
              <DialogFooter>
                <Button className="h-11 w-full" onClick={() => setSheetOpen(false)}>
                  {t('archive.showResults')}
                </Button>
              </DialogFooter>
              <DialogClose
                className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-md text-muted-foreground hover:text-foreground"
                aria-label={t('common.close')}
              >
                <XIcon className="size-6" aria-hidden />
              </DialogClose>
            </DialogPrimitive.Content>
          </DialogPortal>
        </Dialog>
      ) : (
        fields
      )}
      {filtered && (
        <button
          type="button"
          data-testid="archive-clear-filters"
          onClick={() => {
            setText('');
            onChange(filters.scope ? { scope: filters.scope } : {});
          }}
          className="flex h-9 items-center gap-1 rounded-lg px-2 text-sm text-muted-foreground hover:text-heading"
        >
          <XIcon className="size-4" aria-hidden />
          {t('archive.clearFilters')}
        </button>
      )}
    </div>
  );
}
