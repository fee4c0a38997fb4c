import { Ui, type Channel, type InviteExpireHours, type InviteInfo } from '@draw/shared';
import { CheckIcon, ClockIcon, Loader2Icon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { channelApi } from './api';
import { copyText } from './copyText';
import { EXPIRY_OPTIONS, expiryChoiceFor, inviteLink, isExpireHours } from './inviteOptions';
import { reportCallFailure } from './reportCallFailure';
import { useTransientFlag } from './useTransientFlag';

export interface InviteDialogProps {
  /** The channel to invite to; `null` closes the dialog. */
  channel: Pick<Channel, 'id' | 'title'> | null;
  onClose: () => void;
}

/** 邀请成员加入 # {title} (spec §2): the link, copy, its expiry, the expiry choice and 生成新的链接. 520 px. */
export function InviteDialog({ channel, onClose }: InviteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={channel !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width={Ui.inviteDialogWidth} data-testid="invite-dialog">
        {channel && (
          <>
            <DialogHeader>
              <DialogTitle className="flex min-w-0 items-baseline gap-1.5 text-base sm:text-lg">
                <span className="truncate">{t('channels.inviteTitle', { title: channel.title })}</span>
              </DialogTitle>
              <DialogDescription>{t('channels.inviteLinkHint')}</DialogDescription>
            </DialogHeader>
            <InviteBody channelId={channel.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

type Busy = 'loading' | 'expiry' | 'regenerate' | null;

function InviteBody({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const linkId = useId();
  const expiryId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [invite, setInvite] = useState<InviteInfo | null>(null);
  const [expiry, setExpiry] = useState<InviteExpireHours>(-1);
  const [busy, setBusy] = useState<Busy>('loading');
  const [copied, markCopied] = useTransientFlag();

  useEffect(() => {
    let alive = true;
    channelApi
      .invite(channelId, {})
      .then((answer) => {
        if (!alive) return;
        setInvite(answer);
        setExpiry(expiryChoiceFor(answer.expireAt));
      })
      .catch((failure: unknown) => alive && reportCallFailure(failure))
      .finally(() => alive && setBusy(null));
    return () => {
      alive = false;
    };
  }, [channelId]);

  async function call(
    kind: Exclude<Busy, null>,
    body: Parameters<typeof channelApi.invite>[1],
  ): Promise<boolean> {
    setBusy(kind);
    try {
      setInvite(await channelApi.invite(channelId, body));
      return true;
    } catch (failure) {
      reportCallFailure(failure);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function onExpiryChange(value: string) {
    const hours = Number(value);
    if (!isExpireHours(hours) || hours === expiry) return;
    setExpiry(hours);
    await call('expiry', { expireHours: hours });
  }

  async function onRegenerate() {
    if (await call('regenerate', { isNew: true, expireHours: expiry }))
      notify.success(t('common.regenerateSuccess'));
  }

  async function onCopy() {
    if (!invite) return;
    if (await copyText(inviteLink(invite.inviteCode), field.current)) {
      notify.success(t('common.copySuccess'));
      markCopied();
    }
  }

  const link = invite ? inviteLink(invite.inviteCode) : '';
  const expiryText = invite
    ? invite.inviteExpireTimeFormat ||
      (invite.expireAt === null
        ? t('channels.inviteNeverExpires')
        : t('channels.inviteExpiresAt', { time: new Date(invite.expireAt).toLocaleString() }))
    : '';

  return (
    <DialogBody className="flex flex-col gap-5 pb-6">
      <div className="flex flex-col gap-2">
        <Label htmlFor={linkId}>{t('channels.inviteLinkLabel')}</Label>
        <div
          className={cn(
            'flex h-11 items-center gap-2 rounded-lg bg-input pr-1 pl-3 ring-1 transition-colors',
            copied ? 'ring-success' : 'ring-transparent focus-within:ring-ring/60',
          )}
        >
          {busy === 'loading' ? (
            <Skeleton className="h-4 flex-1" />
          ) : (
            <input
              ref={field}
              id={linkId}
              data-testid="invite-link"
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 truncate bg-transparent text-[15px] text-foreground outline-none"
            />
          )}
          <Button
            data-testid="invite-copy"
            size="sm"
            onClick={() => void onCopy()}
            disabled={!invite}
            aria-live="polite"
            className={cn('h-9 min-w-[76px] rounded-md', copied && 'bg-success hover:bg-success')}
          >
            {copied && <CheckIcon aria-hidden />}
            {copied ? t('channels.copied') : t('channels.copyLink')}
          </Button>
        </div>
        <p
          className="flex min-h-4 items-center gap-1.5 text-xs text-muted-foreground"
          data-testid="invite-expiry-text"
          aria-live="polite"
        >
          {invite && <ClockIcon className="size-3.5 shrink-0" aria-hidden />}
          {expiryText}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={expiryId}>{t('channels.expireLabel')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Select
            value={String(expiry)}
            onValueChange={(value) => void onExpiryChange(value)}
            disabled={!invite || busy !== null}
          >
            <SelectTrigger id={expiryId} data-testid="invite-expiry" className="sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EXPIRY_OPTIONS.map((option) => (
                <SelectItem
                  key={option.hours}
                  value={String(option.hours)}
                  data-testid={`invite-expiry-${option.hours}`}
                >
                  {t(`channels.expire.${option.key}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            variant="secondary"
            data-testid="invite-regenerate"
            onClick={() => void onRegenerate()}
            disabled={!invite || busy !== null}
            className="sm:ml-auto"
          >
            {busy === 'regenerate' ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <RefreshCwIcon aria-hidden />
            )}
            {t('channels.newLink')}
          </Button>
        </div>
      </div>
    </DialogBody>
  );
}
