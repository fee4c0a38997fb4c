import { Ui, type Channel } from '@draw/shared';
import { Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { debounceAsync } from './debounceAsync';
import { removeChannel } from './removeChannel';

export type DeletableChannel = Pick<Channel, 'id' | 'title' | 'memberCount'>;

/** The name typed matches the channel's: exactly, spaces around it aside (as Discord asks). */
export function nameMatches(typed: string, title: string): boolean {
  return typed.trim() === title.trim();
}

export interface DeleteChannelDialogProps {
  channel: DeletableChannel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the channel is gone (the toast and the list are handled by `removeChannel`). */
  onDeleted: () => void;
}

/**
 * 删除频道, Discord's way: names the channel, says what every member loses, and enables the red
 * button only once the channel's name is typed. The call is debounced (spec: 600 ms), so a double
 * press sends one request.
 */
export function DeleteChannelDialog({ channel, open, onOpenChange, onDeleted }: DeleteChannelDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={Ui.createDialogWidth} data-testid="channel-delete-dialog">
        {open && <DeleteForm channel={channel} onCancel={() => onOpenChange(false)} onDeleted={onDeleted} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteForm({
  channel,
  onCancel,
  onDeleted,
}: {
  channel: DeletableChannel;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteLater] = useState(() =>
    debounceAsync((id: string) => removeChannel('delete', id), Ui.channelDeleteDebounceMs),
  );
  const matches = nameMatches(typed, channel.title);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // React carries a portal's events up its own tree: the settings form around must not submit.
    event.stopPropagation();
    if (!matches || deleting) return;
    setDeleting(true);
    const deleted = await deleteLater(channel.id);
    setDeleting(false);
    if (deleted) onDeleted();
  }

  const loses = [
    t('channels.deleteLosesMessages'),
    t('channels.deleteLosesImages'),
    t('channels.deleteLosesInvites'),
  ];
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle className="flex min-w-0 items-center gap-2">
          <TriangleAlertIcon className="size-5 shrink-0 text-destructive dark:text-[#fa777c]" aria-hidden />
          <span className="truncate">{t('channels.deleteTitle', { title: channel.title })}</span>
        </DialogTitle>
        <DialogDescription className="text-foreground">
          {t('channels.deleteIntro', { title: channel.title, count: channel.memberCount })}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4 pt-1">
        <ul
          className="flex list-disc flex-col gap-1 rounded-md border-l-4 border-destructive bg-destructive/10 py-3 pr-3 pl-8 text-sm text-foreground"
          data-testid="channel-delete-losses"
        >
          {loses.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="flex flex-col gap-2">
          <Label
            htmlFor={inputId}
            className="text-xs font-bold tracking-wide text-muted-foreground uppercase"
          >
            {t('channels.deleteTypeName', { title: channel.title })}
          </Label>
          <Input
            id={inputId}
            data-testid="channel-delete-name"
            value={typed}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder={channel.title}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </DialogBody>
      <DialogFooter className="flex-row justify-end">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={deleting}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="destructive"
          data-testid="channel-delete-confirm"
          disabled={!matches || deleting}
          className="min-w-24"
        >
          {deleting && <Loader2Icon className="animate-spin" aria-hidden />}
          {t('channels.deleteSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
