import { randomUUID } from 'node:crypto';
import {
  ErrorReason,
  isReactionEmoji,
  Limits,
  MessageKind,
  mentionedIds,
  namesEveryone,
  Reactions,
  type Author,
  type Message,
  type MessageEdit,
  type MessagePage,
  type ReactionChange,
  type Task,
} from '@draw/shared';
import { AppError } from '../../errors';
import type { ChannelHub } from '../../realtime/hub';
import type { RecentChange } from '../../realtime/republish';
import type { SignedIn } from '../auth/identity';
import type { UserDoc, UsersRepository } from '../auth/repository';
import type { ChannelsService } from '../channels/service';
import { mentionsOf, reactionsOf, replyPreviewOf } from './views';
import {
  Messages,
  reactionId,
  type MessageDoc,
  type MessagesRepository,
  type StoredReaction,
} from './repository';

const DEFAULT_AVATAR = '/discord256.png';
const PAGE_DEFAULT = 50;
const PAGE_MAX = 100;
/** Runs one message's read-modify-writes one after another (its reaction summary), in this process. */
function serialiser() {
  const chains = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const next = (chains.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    chains.set(key, next);
    void next
      .finally(() => {
        if (chains.get(key) === next) chains.delete(key);
      })
      .catch(() => undefined);
    return next;
  };
}

export interface MessagesDeps {
  repo: MessagesRepository;
  users: Pick<UsersRepository, 'byIds'>;
  channels: ChannelsService;
  hub: ChannelHub;
  now: () => number;
  /** The tasks a page of messages refers to (the task service provides it). */
  tasksByIds(channelId: string, ids: string[]): Promise<Task[]>;
  /** Moderation's check of a chat message before it is stored (throws the refusal). */
  checkText?(userId: string, channelId: string, content: string): Promise<void>;
}

export function messagesService(deps: MessagesDeps) {
  const { repo, users, channels, hub, now } = deps;
  const authorFrom = (userId: string, user: UserDoc | undefined): Author => ({
    id: userId,
    name: user?.name ?? '—',
    avatar: user?.avatar || DEFAULT_AVATAR,
  });

  /**
   * Messages as `askerId` sees them (their own reactions marked; none for an event every member
   * gets), with their authors, the messages they reply to and those authors: one query each,
   * however many messages.
   */
  async function toMessages(docs: readonly MessageDoc[], askerId?: string): Promise<Message[]> {
    const replyIds = [...new Set(docs.map((doc) => doc.replyToId).filter((id): id is string => !!id))];
    const reacted = docs.filter((doc) => doc.reactions?.length).map((doc) => doc._id);
    const [replied, mine] = await Promise.all([
      repo.byIds(replyIds),
      askerId ? repo.reactions.mineAmong(askerId, reacted) : Promise.resolve(new Set<string>()),
    ]);
    const originals = new Map(replied.map((doc) => [doc._id, doc]));
    const people = new Map(
      (await users.byIds([...docs, ...replied].map((doc) => doc.authorId))).map((user) => [user._id, user]),
    );
    const author = (id: string) => authorFrom(id, people.get(id));
    const previewOf = (id: string | undefined) => {
      const original = id ? originals.get(id) : undefined;
      return replyPreviewOf(original, author(original?.authorId ?? ''));
    };
    return docs.map((doc) => ({
      id: doc._id,
      channelId: doc.channelId,
      author: author(doc.authorId),
      kind: doc.kind,
      content: doc.content,
      taskId: doc.taskId,
      createdAt: doc.createdAt,
      replyTo: previewOf(doc.replyToId),
      editedAt: doc.editedAt ?? null,
      reactions: reactionsOf(doc, mine),
      mentions: mentionsOf(doc),
    }));
  }
  const toMessage = async (doc: MessageDoc, askerId?: string): Promise<Message> =>
    (await toMessages([doc], askerId))[0]!;

  /**
   * Whom the content pings: `<@id>` tokens of the channel's members now (others stay text) and
   * `@everyone` when the channel's creator writes it.
   */
  async function readMentions(content: string, channelId: string, creatorId: string, authorId: string) {
    const named = mentionedIds(content);
    const members = new Set(await repo.membersAmong(channelId, named));
    return {
      userIds: named.filter((id) => members.has(id)),
      everyone: authorId === creatorId && namesEveryone(content),
    };
  }

  /** A text's content as stored: trimmed, within the length, past moderation. */
  async function checkedContent(user: SignedIn, channelId: string, raw: string): Promise<string> {
    const content = raw.trim();
    if (content.length === 0 || content.length > Limits.messageMaxChars) {
      throw new AppError(ErrorReason.BadRequest, 'message.badLength', { max: Limits.messageMaxChars });
    }
    await deps.checkText?.(user._id, channelId, content);
    return content;
  }

  /** Stores a new message with its `message.created` event, in one write where the store allows. */
  async function insert(fields: Omit<MessageDoc, '_id' | 'createdAt'>) {
    const doc: MessageDoc = { _id: randomUUID(), createdAt: now(), ...fields };
    // Read before the write (the author, the message replied to): the event is built inside it.
    const message = await toMessage(doc);
    await hub.publishInsert(doc.channelId, { def: Messages, doc }, () => ({
      type: 'message.created',
      data: message,
    }));
    return message;
  }

  /** A message that is there to act on (not deleted), with the asker a member of its channel. */
  async function liveMessage(user: SignedIn, messageId: string) {
    const doc = await repo.byId(messageId);
    if (!doc || doc.deletedAt) throw new AppError(ErrorReason.NotFound, 'message.notFound');
    const channel = await channels.asMember(doc.channelId, user._id);
    return { doc, channel };
  }

  const oneAtATime = serialiser();

  /**
   * Adds or takes back one reaction and rewrites the message's summary of that emoji with its
   * event, under the message's lock (in this process; a second process's concurrent reaction is
   * counted again by the next one). No change (again, or never made) publishes nothing.
   */
  function react(user: SignedIn, messageId: string, emoji: string, added: boolean): Promise<Message> {
    return oneAtATime(messageId, async () => {
      const { doc } = await liveMessage(user, messageId);
      if (!isReactionEmoji(emoji)) throw new AppError(ErrorReason.BadRequest, 'message.badEmoji');
      const summary = doc.reactions ?? [];
      const had = summary.some((r) => r.emoji === emoji);
      if (added && !had && summary.length >= Reactions.perMessageMax) {
        throw new AppError(ErrorReason.BadRequest, 'message.tooManyReactions', {
          max: Reactions.perMessageMax,
        });
      }
      const changed = added
        ? await repo.reactions.add({
            _id: reactionId(messageId, user._id, emoji),
            messageId,
            channelId: doc.channelId,
            userId: user._id,
            emoji,
            at: now(),
          })
        : await repo.reactions.remove(messageId, user._id, emoji);
      if (!changed) return toMessage(doc, user._id);
      const tally = await repo.reactions.tally(messageId, emoji, Reactions.userIdsShown);
      const entry: StoredReaction = { emoji, ...tally };
      const reactions = had
        ? summary.flatMap((r) => (r.emoji !== emoji ? [r] : tally.count ? [entry] : []))
        : tally.count
          ? [...summary, entry]
          : summary;
      const change: ReactionChange = {
        id: messageId,
        channelId: doc.channelId,
        emoji,
        userId: user._id,
        added,
        count: tally.count,
      };
      const written = await hub.publishUpdate(
        doc.channelId,
        { def: Messages, filter: { _id: messageId }, set: { reactions } },
        () => ({ type: 'message.reactions', data: change }),
      );
      return toMessage(written?.updated ?? { ...doc, reactions }, user._id);
    });
  }

  const editOf = (doc: MessageDoc): MessageEdit => ({
    id: doc._id,
    channelId: doc.channelId,
    content: doc.content,
    editedAt: doc.editedAt ?? doc.createdAt,
    mentions: mentionsOf(doc),
  });

  const alreadyLogged = () => true; // a message's event carries nothing that changes later

  return {
    /** Messages posted or deleted since `since`: each needs its event in the log (creations first). */
    async recentChanges(since: number): Promise<RecentChange[]> {
      const posted = await repo.postedSince(since);
      const deleted = await repo.deletedSince(since);
      const change = (doc: MessageDoc, type: 'message.created' | 'message.deleted'): RecentChange => ({
        channelId: doc.channelId,
        id: doc._id,
        carriedBy: [type],
        isCurrent: alreadyLogged,
        publish: async () => hub.publish(doc.channelId, type, await toMessage(doc)),
      });
      // An edit's event follows its write on MongoDB (one transaction on the embedded store).
      const edited = (await repo.editedSince(since)).map((doc): RecentChange => ({
        channelId: doc.channelId,
        id: doc._id,
        carriedBy: ['message.updated'],
        isCurrent: (data) => (data as MessageEdit).editedAt === doc.editedAt,
        // Only while the message is as read (as a task's republish): an edit read before another
        // process's newer edit, logged after it, would show the older text as the last.
        publish: () =>
          hub.publishUpdate(
            doc.channelId,
            {
              def: Messages,
              filter: { _id: doc._id, editedAt: doc.editedAt, deletedAt: { $exists: false } },
              set: { editedAt: doc.editedAt },
            },
            (stored) => ({ type: 'message.updated', data: editOf(stored) }),
          ),
      }));
      return [
        ...posted.map((doc) => change(doc, 'message.created')),
        ...edited,
        ...deleted.map((doc) => change(doc, 'message.deleted')),
      ];
    },

    /** The message that carries a task card in the channel. */
    postTask: (channelId: string, authorId: string, task: Task) =>
      insert({ channelId, authorId, kind: MessageKind.Task, content: task.prompt, taskId: task.id }),

    /** A text message, answering `replyTo` (a live message of the same channel) when given. */
    async postText(user: SignedIn, channelId: string, raw: string, replyTo?: string): Promise<Message> {
      const channel = await channels.assertCanPost(user, channelId);
      const content = await checkedContent(user, channelId, raw);
      if (replyTo !== undefined) {
        const original = await repo.byId(replyTo);
        if (!original || original.deletedAt || original.channelId !== channelId)
          throw new AppError(ErrorReason.BadRequest, 'message.replyNotFound');
      }
      const mentions = await readMentions(content, channelId, channel.creatorId, user._id);
      return insert({
        channelId,
        authorId: user._id,
        kind: MessageKind.Text,
        content,
        taskId: null,
        mentions,
        ...(replyTo === undefined ? {} : { replyToId: replyTo }),
      });
    },

    /**
     * Its author's new text for a text message (a task's card keeps its prompt). The mentions are
     * read again: a new name is pinged, a removed one stays pinged (a notification is not taken back).
     */
    async edit(user: SignedIn, messageId: string, raw: string): Promise<Message> {
      const { doc } = await liveMessage(user, messageId);
      if (doc.authorId !== user._id) throw new AppError(ErrorReason.Forbidden, 'message.editNotYours');
      if (doc.kind !== MessageKind.Text)
        throw new AppError(ErrorReason.BadRequest, 'message.taskNotEditable');
      const channel = await channels.assertCanPost(user, doc.channelId);
      const content = await checkedContent(user, doc.channelId, raw);
      const mentions = await readMentions(content, doc.channelId, channel.creatorId, user._id);
      const editedAt = now();
      const written = await hub.publishUpdate(
        doc.channelId,
        {
          def: Messages,
          filter: { _id: messageId, deletedAt: { $exists: false } },
          set: { content, mentions, editedAt },
        },
        (updated) => ({ type: 'message.updated', data: editOf(updated) }),
      );
      if (!written) throw new AppError(ErrorReason.NotFound, 'message.notFound');
      return toMessage(written.updated, user._id);
    },

    /** Reacts with one emoji (again: no change). Members may, muted or not: a reaction is not a post. */
    react: (user: SignedIn, messageId: string, emoji: string) => react(user, messageId, emoji, true),
    /** Takes one's reaction back (one never made: no change). */
    unreact: (user: SignedIn, messageId: string, emoji: string) => react(user, messageId, emoji, false),

    /** Newest page first in time, returned oldest → newest for display. */
    async page(
      userId: string,
      channelId: string,
      before: number | undefined,
      limit = PAGE_DEFAULT,
    ): Promise<MessagePage> {
      await channels.asMember(channelId, userId);
      const seq = await hub.currentSeq(channelId);
      const size = Math.min(Math.max(limit, 1), PAGE_MAX);
      const docs = await repo.page(channelId, before, size + 1);
      const pageDocs = docs.slice(0, size).reverse();
      const taskIds = pageDocs.map((d) => d.taskId).filter((id): id is string => Boolean(id));
      return {
        messages: await toMessages(pageDocs, userId),
        tasks: taskIds.length ? await deps.tasksByIds(channelId, taskIds) : [],
        hasMore: docs.length > size,
        seq,
      };
    },

    async remove(user: SignedIn, messageId: string): Promise<void> {
      const doc = await repo.byId(messageId);
      if (!doc || doc.deletedAt) throw new AppError(ErrorReason.NotFound, 'message.notFound');
      const channel = await channels.asMember(doc.channelId, user._id);
      if (doc.authorId !== user._id && channel.creatorId !== user._id && !user.isAdmin) {
        throw new AppError(ErrorReason.Forbidden, 'message.notYours');
      }
      const message = await toMessage(doc);
      await repo.markDeleted(messageId, now());
      await hub.publish(doc.channelId, 'message.deleted', message);
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
