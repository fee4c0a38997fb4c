import type { Member } from '@draw/shared';
import { CrownIcon, UserMinusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { Popconfirm } from '../../../components/ui/popconfirm';
import { Tooltip, TooltipContent, TooltipRoot, TooltipTrigger } from '../../../components/ui/tooltip';

export interface MemberRowProps {
  member: Member;
  /** Shown to the channel's creator on every other member. */
  onRemove?: (member: Member) => Promise<unknown>;
}

/** One member: avatar, name, a crown for the creator, and the creator's remove action. */
export function MemberRow({ member, onRemove }: MemberRowProps) {
  const { t } = useTranslation();
  const removeLabel = t('members.removeNamed', { name: member.name });
  return (
    <li
      data-testid={`member-${member.userId}`}
      className="group/member flex h-[42px] items-center gap-3 rounded-md px-2 transition-colors hover:bg-sidebar-hover"
    >
      <UserAvatar src={member.avatar} name={member.name} className="size-8" />
      <span className="flex min-w-0 flex-1 items-center gap-1">
        <span className="truncate text-[15px] leading-5 font-medium text-sidebar-foreground group-hover/member:text-heading">{member.name}</span>
        {member.isCreator && (
          <Tooltip content={t('members.creator')}>
            <span className="inline-flex shrink-0" role="img" aria-label={t('members.creator')} data-testid={`member-crown-${member.userId}`}>
              <CrownIcon className="size-3.5 fill-[#f0b232] text-[#f0b232]" aria-hidden />
            </span>
          </Tooltip>
        )}
      </span>
      {onRemove && (
        <TooltipRoot>
          <Popconfirm
            title={t('members.removeConfirm', { name: member.name })}
            danger
            side="left"
            onConfirm={() => onRemove(member)}
            confirmText={<span data-testid="popconfirm-ok">{t('common.confirm')}</span>}
          >
            <TooltipTrigger asChild>
              <button
                type="button"
                data-testid={`member-remove-${member.userId}`}
                aria-label={removeLabel}
                className="flex size-7 shrink-0 items-center justify-center rounded-md text-sidebar-foreground opacity-0 transition outline-none group-hover/member:opacity-100 hover:bg-destructive/15 hover:text-destructive focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:opacity-100 dark:hover:text-[#fa777c]"
              >
                <UserMinusIcon className="size-4" aria-hidden />
              </button>
            </TooltipTrigger>
          </Popconfirm>
          <TooltipContent side="top">{t('members.remove')}</TooltipContent>
        </TooltipRoot>
      )}
    </li>
  );
}
