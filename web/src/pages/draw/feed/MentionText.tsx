import { Fragment } from 'react';
import { useFeedActions } from './FeedContext';
import { splitMentions } from '../social/mentions';

const pill =
  'rounded-[3px] bg-blurple/15 px-0.5 font-medium text-[#4752c4] transition-colors hover:bg-blurple hover:text-white dark:bg-blurple/30 dark:text-[#c9cdfb] dark:hover:text-white';

/** A message's text with its mentions as Discord's pills (`<@id>` shown as `@name`). */
export function MentionText({ content }: { content: string }) {
  const { nameOf } = useFeedActions();
  return (
    <>
      {splitMentions(content).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <span
            key={index}
            className={pill}
            data-mention={part.kind === 'everyone' ? 'everyone' : part.userId}
          >
            @{part.kind === 'everyone' ? 'everyone' : (nameOf(part.userId) ?? '…')}
          </span>
        ),
      )}
    </>
  );
}
