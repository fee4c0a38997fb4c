import { Ui, type Channel, type ChannelRequest, type ImageEngineName } from '@draw/shared';
import { Loader2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, FormField } from '../../../components/app/FormField';
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
import { notify } from '../../../lib/notify';
import { ChannelEngineField } from '../engines/ChannelEngineField';
import { channelApi } from './api';
import { ChannelTypeCard } from './ChannelTypeCard';
import { DeleteChannelDialog } from './DeleteChannelDialog';
import { CHANNEL_TITLE_MAX, titleLength, validateChannelTitle, type ChannelTitleError } from './channelForm';
import { MuteSwitchField } from './MuteSwitchField';
import { MembersShareField } from '../share/MembersShareField';
import { reportCallFailure } from './reportCallFailure';

export interface ChannelFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this channel (修改频道); without it the dialog creates one (创建频道). */
  channel?:
    | (Pick<Channel, 'id' | 'title' | 'isBan' | 'memberCount'> &
        Partial<Pick<Channel, 'engine' | 'membersMayShare'>>)
    | null;
  /** After a successful save, once the dialog has closed. */
  onSaved: (channel: Channel) => void;
}

/** 创建频道 / 修改频道 (spec §2): type 文字频道 (read-only), `#` name, 全员禁言. 460 px wide. */
export function ChannelFormDialog({ open, onOpenChange, channel, onSaved }: ChannelFormDialogProps) {
  const editing = Boolean(channel);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        width={Ui.createDialogWidth}
        data-testid={editing ? 'channel-edit-dialog' : 'channel-create-dialog'}
        aria-describedby={undefined}
      >
        {open && <ChannelForm channel={channel ?? null} onDone={onOpenChange} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}

function ChannelForm({
  channel,
  onDone,
  onSaved,
}: {
  channel:
    | (Pick<Channel, 'id' | 'title' | 'isBan' | 'memberCount'> &
        Partial<Pick<Channel, 'engine' | 'membersMayShare'>>)
    | null;
  onDone: (open: boolean) => void;
  onSaved: (channel: Channel) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [title, setTitle] = useState(channel?.title ?? '');
  const [isBan, setIsBan] = useState(channel?.isBan ?? false);
  const [engine, setEngine] = useState<ImageEngineName | null>(channel?.engine ?? null);
  const [membersMayShare, setMembersMayShare] = useState(channel?.membersMayShare ?? false);
  const [error, setError] = useState<ChannelTitleError | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const action = channel ? t('channels.editTitle') : t('channels.createTitle');
  const length = titleLength(title);

  function onTitleChange(next: string) {
    setTitle(next);
    // Inline validation: once the user has tried (or left the field), errors follow the typing.
    if (touched) setError(validateChannelTitle(next));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateChannelTitle(title);
    setTouched(true);
    setError(found);
    if (found || saving) return;
    // The engine goes only when the creator changed it (PUT only: a new channel starts on the site's).
    const body: ChannelRequest = {
      title: title.trim(),
      isBan,
      ...(channel && engine !== (channel.engine ?? null) ? { engine } : {}),
      ...(channel && membersMayShare !== (channel.membersMayShare ?? false) ? { membersMayShare } : {}),
    };
    setSaving(true);
    try {
      const saved = channel ? await channelApi.update(channel.id, body) : await channelApi.create(body);
      notify.success(channel ? t('common.updateSuccess') : t('common.saveSuccess'));
      onDone(false);
      onSaved(saved);
    } catch (failure) {
      reportCallFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex min-h-0 flex-col">
        <DialogHeader>
          <DialogTitle>{action}</DialogTitle>
          <DialogDescription>
            {channel ? t('channels.editSubtitle') : t('channels.createSubtitle')}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-5 pt-1">
          <div className="flex flex-col gap-2">
            <Label asChild>
              <span>{t('channels.channelType')}</span>
            </Label>
            <ChannelTypeCard />
          </div>

          <FormField
            id={titleId}
            label={t('channels.channelName')}
            error={error ? t(`channels.errors.${error}`, { max: CHANNEL_TITLE_MAX }) : null}
          >
            <div className="relative">
              <span
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-lg leading-none font-medium text-muted-foreground"
              >
                #
              </span>
              <Input
                id={titleId}
                data-testid="channel-title-input"
                value={title}
                autoFocus
                autoComplete="off"
                maxLength={CHANNEL_TITLE_MAX * 4}
                placeholder={t('channels.channelNamePlaceholder')}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId(titleId) : undefined}
                onChange={(event) => onTitleChange(event.target.value)}
                onBlur={() => {
                  if (title !== (channel?.title ?? '')) {
                    setTouched(true);
                    setError(validateChannelTitle(title));
                  }
                }}
                className="pr-14 pl-8"
              />
              <span
                aria-hidden
                className={`pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs tabular-nums ${
                  length > CHANNEL_TITLE_MAX
                    ? 'text-destructive dark:text-[#fa777c]'
                    : 'text-muted-foreground'
                }`}
              >
                {length}/{CHANNEL_TITLE_MAX}
              </span>
            </div>
          </FormField>

          <MuteSwitchField checked={isBan} onCheckedChange={setIsBan} />

          {channel && (
            <MembersShareField
              checked={membersMayShare}
              disabled={saving}
              onCheckedChange={setMembersMayShare}
            />
          )}

          {channel && <ChannelEngineField value={engine} disabled={saving} onChange={setEngine} />}

          {channel && (
            // Out of a stray click's way: deleting starts here, in the channel's settings, and asks
            // for the channel's name in a dialog of its own.
            <div className="flex items-center justify-between gap-3 rounded-md border border-destructive/40 p-3">
              <p className="text-xs text-muted-foreground">{t('channels.deleteZoneHint')}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                data-testid="channel-delete-open"
                onClick={() => setDeleteOpen(true)}
                className="shrink-0 border-destructive/60 text-[#c1272d] hover:bg-destructive hover:text-white dark:text-[#fa777c]"
              >
                {t('channels.deleteChannel')}
              </Button>
            </div>
          )}
        </DialogBody>
        <DialogFooter className="flex-row justify-end">
          <Button type="button" variant="ghost" onClick={() => onDone(false)} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="channel-submit" disabled={saving} className="min-w-24">
            {saving && <Loader2Icon className="animate-spin" aria-hidden />}
            {action}
          </Button>
        </DialogFooter>
      </form>
      {channel && (
        <DeleteChannelDialog
          channel={channel}
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          onDeleted={() => onDone(false)}
        />
      )}
    </>
  );
}
