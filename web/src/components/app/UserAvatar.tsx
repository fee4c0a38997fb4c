import { cn } from '../../lib/utils';
import { DEFAULT_AVATAR } from '../../stores/userInfo';
import { Avatar, AvatarFallback, AvatarImage, AvatarStatus } from '../ui/avatar';

export interface UserAvatarProps {
  src: string;
  name: string;
  online?: boolean;
  className?: string;
}

/** A round avatar with the default image as fallback and an optional green presence dot. */
export function UserAvatar({ src, name, online = false, className }: UserAvatarProps) {
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      <Avatar className="size-full">
        <AvatarImage src={src || DEFAULT_AVATAR} alt="" />
        <AvatarFallback>{name.slice(0, 1).toUpperCase()}</AvatarFallback>
      </Avatar>
      {online && <AvatarStatus />}
    </span>
  );
}
