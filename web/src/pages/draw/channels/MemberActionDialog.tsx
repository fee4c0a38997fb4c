import { Limits, type Member } from '@draw/shared';
import { BanIcon, Loader2Icon, UserMinusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/app/FormField';
import { UserAvatar } from '../../../components/app/UserAvatar';
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

/** What the creator chose in a member's menu: a kick (may rejoin by invite) or a ban (may not). */
export interface MemberAction {
  kind: 'remove' | 'ban';
  member: Member;
}

export interface MemberActionDialogProps {
  action: MemberAction | null;
  onClose: () => void;
  /** Resolves when done (the dialog then closes); rejects to keep it open. */
  onConfirm: (action: MemberAction, reason: string) => Promise<void>;
}

/** The confirmation of a kick or a ban, naming the member and what it means for them. */
export function MemberActionDialog({ action, onClose, onConfirm }: MemberActionDialogProps) {
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width={440} data-testid={action ? `member-${action.kind}-dialog` : undefined}>
        {action && (
          <ActionForm
            key={`${action.kind}:${action.member.userId}`}
            action={action}
            onClose={onClose}
            onConfirm={onConfirm}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({
  action,
  onClose,
  onConfirm,
}: {
  action: MemberAction;
  onClose: () => void;
  onConfirm: MemberActionDialogProps['onConfirm'];
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { member, kind } = action;
  const ban = kind === 'ban';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm(action, reason.trim());
      onClose();
    } catch {
      // The failure was shown; the dialog stays so the creator can try again or cancel.
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-3">
          <UserAvatar src={member.avatar} name={member.name} className="size-9" />
          <span className="min-w-0 break-words">
            {ban
              ? t('members.banTitle', { name: member.name })
              : t('members.removeConfirm', { name: member.name })}
          </span>
        </DialogTitle>
        <DialogDescription className="pt-1">
          {ban ? t('members.banText', { name: member.name }) : t('members.removeText', { name: member.name })}
        </DialogDescription>
      </DialogHeader>
      {ban && (
        <DialogBody className="pt-1">
          <FormField id={reasonId} label={t('members.banReason')}>
            <Input
              id={reasonId}
              data-testid="ban-reason"
              value={reason}
              maxLength={Limits.banReasonMaxChars}
              autoComplete="off"
              placeholder={t('members.banReasonPlaceholder')}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
        </DialogBody>
      )}
      <DialogFooter className="flex-row justify-end">
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="destructive"
          data-testid="member-action-confirm"
          disabled={busy}
          className="min-w-24"
          autoFocus={!ban}
        >
          {busy ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : ban ? (
            <BanIcon aria-hidden />
          ) : (
            <UserMinusIcon aria-hidden />
          )}
          {ban ? t('members.banConfirm') : t('members.removeAction')}
        </Button>
      </DialogFooter>
    </form>
  );
}
