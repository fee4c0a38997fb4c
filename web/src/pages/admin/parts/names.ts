import { ImageEngineName, type Task } from '@draw/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionNameOf } from '../../archive/archiveView';

/**
 * What the console calls the codes the server sends: a task's status, a ledger entry's kind, an
 * order's status, an action, an engine, where a banned word was caught, a code's state, an audit
 * line's action. The product's own names where it has them (the archive's action names, the
 * billing page's order statuses, the cards' engine names); the console's catalogue for the rest.
 * A code with no name yet (one added on the server since) shows as it is, never as a blank.
 */
export interface ConsoleNames {
  taskStatus(status: string): string;
  ledgerKind(kind: string): string;
  orderStatus(status: string): string;
  action(action: string): string;
  /** A task's action, with the image it started from (Upscale (image 2)), as the archive names it. */
  actionOf(task: Task): string;
  engine(engine: string | null | undefined): string;
  hitSource(source: string): string;
  codeState(state: string): string;
  auditAction(action: string): string;
}

export function useConsoleNames(): ConsoleNames {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    // Keys made from a code: checked with `exists` first, so a code with no name shows as it is.
    const translate = t as unknown as (key: string) => string;
    const known = (key: string) => i18n.exists(key);
    const app = (key: string, code: string) => (known(key) ? translate(key) : code);
    const own = (key: string, code: string) => app(`admin.${key}`, code);
    return {
      taskStatus: (status) => own(`names.taskStatus.${status}`, status),
      ledgerKind: (kind) => own(`names.ledgerKind.${kind}`, kind),
      orderStatus: (status) => app(`billing.orders.status.${status}`, status),
      action: (action) => app(`archive.action.${action}`, action),
      actionOf: (task) => (known(`archive.action.${task.action}`) ? actionNameOf(t, task) : task.action),
      engine: (engine) => {
        if (!engine) return '—';
        if (engine === ImageEngineName.Builtin) return app('feed.engine.builtin', engine);
        return own(`names.engine.${engine}`, engine);
      },
      hitSource: (source) => own(`names.hitSource.${source}`, source),
      codeState: (state) => own(`names.codeState.${state}`, state),
      auditAction: (action) => own(`names.audit.${action}`, action),
    };
  }, [t, i18n]);
}
