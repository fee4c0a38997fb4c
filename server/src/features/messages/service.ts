import { randomUUID } from 'node:crypto';
import {
  ErrorReason,
  Limits,
  MessageKind,
  type Author,
  type Message,
  type MessagePage,
  type Task,
} from '@draw/shared';
import { AppError } from '../../errors';
import type { ChannelHub } from '../../realtime/hub';
import type { RecentChange } from '../../realtime/republish';
import type { SignedIn } from '../auth/identity';
import type { UserDoc, UsersRepository } from '../auth/repository';
import type { ChannelsService } from '../channels/service';
import type { MessageDoc, MessagesRepository } from './repository';

const DEFAULT_AVATAR = '/discord256.png';
const PAGE_DEFAULT = 50;
const PAGE_MAX = 100;

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

  /** Messages with their authors, looked up in one query however many there are. */
  async function toMessages(docs: readonly MessageDoc[]): Promise<Message[]> {
    const people = new Map(
      (await users.byIds(docs.map((doc) => doc.authorId))).map((user) => [user._id, user]),
    );
    return docs.map((doc) => ({
      id: doc._id,
      channelId: doc.channelId,
      author: authorFrom(doc.authorId, people.get(doc.authorId)),
      kind: doc.kind,
      content: doc.content,
      taskId: doc.taskId,
      createdAt: doc.createdAt,
    }));
  }
  const toMessage = async (doc: MessageDoc): Promise<Message> => (await toMessages([doc]))[0]!;

  async function insert(
    channelId: string,
    authorId: string,
    kind: MessageKind,
    content: string,
    taskId: string | null,
  ) {
    const doc = await repo.create({
      _id: randomUUID(),
      channelId,
      authorId,
      kind,
      content,
      taskId,
      createdAt: now(),
    });
    const message = await toMessage(doc);
    await hub.publish(channelId, 'message.created', message);
    return message;
  }

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
      return [
        ...posted.map((doc) => change(doc, 'message.created')),
        ...deleted.map((doc) => change(doc, 'message.deleted')),
      ];
    },

    /** The message that carries a task card in the channel. */
    postTask: (channelId: string, authorId: string, task: Task) =>
      insert(channelId, authorId, MessageKind.Task, task.prompt, task.id),

    async postText(user: SignedIn, channelId: string, raw: string): Promise<Message> {
      await channels.assertCanPost(user, channelId);
      const content = raw.trim();
      if (content.length === 0 || content.length > Limits.messageMaxChars) {
        throw new AppError(ErrorReason.BadRequest, 'message.badLength', { max: Limits.messageMaxChars });
      }
      await deps.checkText?.(user._id, channelId, content);
      return insert(channelId, user._id, MessageKind.Text, content, null);
    },

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
        messages: await toMessages(pageDocs),
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
