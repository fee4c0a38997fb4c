import type { Member } from '@draw/shared';
import { BanIcon, CrownIcon, EllipsisVerticalIcon, UserMinusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/app/UserAvatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
import type { MemberAction } from './MemberActionDialog';

export interface MemberRowProps {
  member: Member;
  /** The creator's menu on every other member: remove (a kick) or ban. */
  onAction?: (action: MemberAction) => void;
}

/** One member: avatar, name, a crown for the creator, and the creator's menu (remove, ban). */
export function MemberRow({ member, onAction }: MemberRowProps) {
  const { t } = useTranslation();
  return (
    <li
      data-testid={`member-${member.userId}`}
      className="group/member flex h-[42px] items-center gap-3 rounded-md px-2 transition-colors hover:bg-sidebar-hover"
    >
      <UserAvatar src={member.avatar} name={member.name} className="size-8" />
      <span className="flex min-w-0 flex-1 items-center gap-1">
        <span className="truncate text-[15px] leading-5 font-medium text-sidebar-foreground group-hover/member:text-heading">
          {member.name}
        </span>
        {member.isCreator && (
          <Tooltip content={t('members.creator')}>
            <span
              className="inline-flex shrink-0"
              role="img"
              aria-label={t('members.creator')}
              data-testid={`member-crown-${member.userId}`}
            >
              <CrownIcon className="size-3.5 fill-[#f0b232] text-[#f0b232]" aria-hidden />
            </span>
          </Tooltip>
        )}
      </span>
      {onAction && (
        // Not modal: the dialog an item opens must get focus and pointer events once the menu closes.
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <button
              type="button"
              data-testid={`member-menu-${member.userId}`}
              aria-label={t('members.actions', { name: member.name })}
              className="flex size-7 shrink-0 items-center justify-center rounded-md text-sidebar-foreground opacity-0 transition outline-none group-hover/member:opacity-100 hover:bg-sidebar-active hover:text-heading focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:opacity-100 max-sm:opacity-100 [@media(hover:none)]:opacity-100"
            >
              <EllipsisVerticalIcon className="size-4" aria-hidden />
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent side="bottom" align="end" className="min-w-44">
            <DropdownMenuLabel className="max-w-52 truncate normal-case">{member.name}</DropdownMenuLabel>
            <DropdownMenuItem
              data-testid={`member-remove-${member.userId}`}
              onSelect={() => onAction({ kind: 'remove', member })}
            >
              <UserMinusIcon aria-hidden />
              {t('members.remove')}
            </DropdownMenuItem>
            <DropdownMenuItem
              variant="destructive"
              data-testid={`member-ban-${member.userId}`}
              onSelect={() => onAction({ kind: 'ban', member })}
            >
              <BanIcon aria-hidden />
              {t('members.ban')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}
