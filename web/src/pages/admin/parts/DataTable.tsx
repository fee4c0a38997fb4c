import { ChevronLeftIcon, ChevronRightIcon, InboxIcon, RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useAdminT } from '../i18n/strings';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A failure in place: the server's words and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useAdminT();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
    >
      <TriangleAlertIcon className="size-5 shrink-0 text-destructive" aria-hidden />
      <span className="min-w-0 flex-1">{message}</span>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden />
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ text }: { text?: string }) {
  const t = useAdminT();
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-muted-foreground" data-testid="admin-empty">
      <InboxIcon className="size-10" aria-hidden />
      <p className="text-sm">{text ?? t('common.empty')}</p>
    </div>
  );
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  loading: boolean;
  error: string | null;
  onRetry?: () => void;
  emptyText?: string;
  /** The table's accessible name. */
  label: string;
  testId?: string;
}

/** A console table with its loading, failure and empty states. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  emptyText,
  label,
  testId,
}: DataTableProps<T>) {
  if (error) return <LoadError message={error} onRetry={onRetry} />;
  if (loading && rows.length === 0)
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-9 w-full" />
        ))}
      </div>
    );
  if (rows.length === 0) return <EmptyState text={emptyText} />;
  return (
    <div className="rounded-lg border border-border bg-background" aria-busy={loading}>
      <Table aria-label={label} data-testid={testId}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead key={column.key} className={column.className}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={testId ? `${testId}-row` : undefined}>
              {columns.map((column) => (
                <TableCell key={column.key} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** 上一页 / 下一页 over cursor pages. */
export function Pager({
  pageNumber,
  hasPrev,
  hasNext,
  onPrev,
  onNext,
}: {
  pageNumber: number;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  const t = useAdminT();
  if (!hasPrev && !hasNext) return null;
  return (
    <div className="mt-3 flex items-center justify-end gap-2 text-sm text-muted-foreground">
      <span aria-live="polite">{t('common.page', { page: pageNumber })}</span>
      <Button variant="outline" size="sm" disabled={!hasPrev} onClick={onPrev}>
        <ChevronLeftIcon aria-hidden />
        {t('common.prev')}
      </Button>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={onNext}>
        {t('common.next')}
        <ChevronRightIcon aria-hidden />
      </Button>
    </div>
  );
}
