import fs from 'node:fs';
import {
  TaskStatus,
  type Author,
  type ChannelEvent,
  type Member,
  type Message,
  type Task,
} from '@draw/shared';
import { Users, type UserDoc } from '../../server/src/features/auth/repository';
import {
  Channels,
  Invites,
  Members,
  type ChannelDoc,
  type InviteDoc,
  type MemberDoc,
} from '../../server/src/features/channels/repository';
import { Messages, type MessageDoc } from '../../server/src/features/messages/repository';
import { mentionsOf, reactionsOf, replyPreviewOf } from '../../server/src/features/messages/views';
import { Tasks, toTask, type TaskDoc } from '../../server/src/features/tasks/repository';
import { Events, Seqs } from '../../server/src/realtime/repository';
import { OpsError, parseCommand, parseCount } from './args';
import { runGroup, withReadSource, type OpsContext, type Subcommand } from './command';
import { pairs, table, time, truncate } from './output';
import type { ReadSource } from './source';

const SHOW_HELP = `Usage: npm run ops -- channel show <channelId> [--events N] [--json]

Title, creator, members, invite state, sequence number, message and task counts (tasks by
status) and the last N events of the channel's log (default 10). Deleted channels are shown too.
Read-only: works while the server runs.`;

const EXPORT_HELP = `Usage: npm run ops -- channel export <channelId> [--out file.json]

The channel's history as one JSON document: the channel, its members, every message with its
author (deleted ones marked with deletedAt), every task, and the event log in sequence order.
Contact details (phone, email) and invite codes are left out. Writes to --out, else to stdout.
Read-only: works while the server runs.`;

export const CHANNEL_HELP = `Usage: npm run ops -- channel <command>

Commands:
  show <channelId> [--events N] [--json]    Members, invite state, seq, counts, last events
  export <channelId> [--out file.json]      The channel's history as JSON

Run a command with --help for details.`;

/** As the server shows a user without an avatar. */
const DEFAULT_AVATAR = '/discord256.png';

interface ChannelData {
  channel: ChannelDoc;
  users: Map<string, UserDoc>;
  members: MemberDoc[];
  invites: InviteDoc[];
  messages: MessageDoc[];
  tasks: TaskDoc[];
  events: ChannelEvent[];
  seq: number;
}

async function loadChannel(source: ReadSource, channelId: string): Promise<ChannelData> {
  const [channel] = await source.where(Channels, { _id: channelId });
  if (!channel) throw new OpsError(`No channel "${channelId}".`);
  const [members, invites, messages, tasks, eventDocs, seqs] = await Promise.all([
    source.where(Members, { channelId }),
    source.where(Invites, { channelId }),
    source.where(Messages, { channelId }),
    source.where(Tasks, { channelId }),
    source.where(Events, { channelId }),
    source.where(Seqs, { _id: channelId }),
  ]);
  const userIds = new Set([
    channel.creatorId,
    ...members.map((m) => m.userId),
    ...messages.map((m) => m.authorId),
    ...tasks.map((t) => t.userId),
  ]);
  const users = await source.where(Users, { _id: { $in: [...userIds] } });
  const events = eventDocs.map(({ _id, ...event }) => event as ChannelEvent).sort((a, b) => a.seq - b.seq);
  return {
    channel,
    users: new Map(users.map((u) => [u._id, u])),
    members: members.sort((a, b) => a.joinedAt - b.joinedAt),
    invites: invites.sort((a, b) => b.createdAt - a.createdAt),
    messages: messages.sort((a, b) => a.createdAt - b.createdAt),
    tasks: tasks.sort((a, b) => a.submitTime - b.submitTime),
    events,
    // The embedded store numbers events from the log itself; a counter document may be older.
    seq: Math.max(seqs[0]?.seq ?? 0, events.at(-1)?.seq ?? 0),
  };
}

const nameOf = (data: ChannelData, userId: string) => data.users.get(userId)?.name ?? '—';
const authorOf = (data: ChannelData, userId: string): Author => ({
  id: userId,
  name: nameOf(data, userId),
  avatar: data.users.get(userId)?.avatar || DEFAULT_AVATAR,
});
const membersOf = (data: ChannelData): Member[] =>
  data.members.map((m) => {
    const { name, avatar } = authorOf(data, m.userId);
    return {
      userId: m.userId,
      name,
      avatar,
      isCreator: m.userId === data.channel.creatorId,
      joinedAt: m.joinedAt,
    };
  });

export interface InviteState {
  /** none: no usable code was ever made or the last one was replaced (a deleted channel's are). */
  state: 'none' | 'active' | 'expired';
  code: string | null;
  createdBy: string | null;
  createdAt: number | null;
  /** null: never expires. */
  expiresAt: number | null;
  /** Codes replaced by a newer one. */
  replaced: number;
}

export interface EventLine {
  seq: number;
  at: number;
  type: ChannelEvent['type'];
  summary: string;
}

export interface ChannelSummary {
  id: string;
  title: string;
  /** Everyone but the creator and site admins muted. */
  isBan: boolean;
  creator: { id: string; name: string };
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  members: Member[];
  invite: InviteState;
  seq: number;
  eventsStored: number;
  messages: { visible: number; deleted: number; text: number; task: number };
  tasks: { total: number; byStatus: Record<TaskStatus, number> };
  lastEvents: EventLine[];
}

function inviteState(invites: InviteDoc[], now: number): InviteState {
  const current = invites.find((i) => !i.replacedAt) ?? null;
  const replaced = invites.filter((i) => i.replacedAt).length;
  if (!current)
    return { state: 'none', code: null, createdBy: null, createdAt: null, expiresAt: null, replaced };
  const active = current.expiresAt === null || current.expiresAt > now;
  return {
    state: active ? 'active' : 'expired',
    code: current._id,
    createdBy: current.createdBy,
    createdAt: current.createdAt,
    expiresAt: current.expiresAt,
    replaced,
  };
}

export function summarizeEvent(event: ChannelEvent): string {
  const short = (id: string) => id.slice(0, 8);
  switch (event.type) {
    case 'task.created':
    case 'task.updated':
      return `task ${short(event.data.id)} ${event.data.action} ${event.data.status} ${event.data.progress}`;
    case 'message.created':
      return `${event.data.author.name}: ${truncate(event.data.content, 48)}`;
    case 'message.deleted':
      return `message ${short(event.data.id)} by ${event.data.author.name}`;
    case 'channel.updated':
    case 'channel.deleted':
      return `"${event.data.title}"${event.data.isBan ? ', muted' : ''}`;
    case 'member.joined':
    case 'member.left':
    case 'member.removed':
      return `${event.data.name} (${event.data.userId})`;
    default:
      return '';
  }
}

export async function channelSummary(
  source: ReadSource,
  channelId: string,
  options: { events?: number; now?: number } = {},
): Promise<ChannelSummary> {
  const data = await loadChannel(source, channelId);
  const { channel } = data;
  const visible = data.messages.filter((m) => !m.deletedAt);
  const byStatus = Object.fromEntries(Object.values(TaskStatus).map((s) => [s, 0])) as Record<
    TaskStatus,
    number
  >;
  for (const task of data.tasks) byStatus[task.status] = (byStatus[task.status] ?? 0) + 1;
  const lastCount = options.events ?? 10;
  return {
    id: channel._id,
    title: channel.title,
    isBan: channel.isBan,
    creator: { id: channel.creatorId, name: nameOf(data, channel.creatorId) },
    createdAt: channel.createdAt,
    updatedAt: channel.updatedAt,
    deletedAt: channel.deletedAt ?? null,
    members: membersOf(data),
    invite: inviteState(data.invites, options.now ?? Date.now()),
    seq: data.seq,
    eventsStored: data.events.length,
    messages: {
      visible: visible.length,
      deleted: data.messages.length - visible.length,
      text: visible.filter((m) => m.kind === 'text').length,
      task: visible.filter((m) => m.kind === 'task').length,
    },
    tasks: { total: data.tasks.length, byStatus },
    lastEvents: (lastCount > 0 ? data.events.slice(-lastCount) : []).map((e) => ({
      seq: e.seq,
      at: e.at,
      type: e.type,
      summary: summarizeEvent(e),
    })),
  };
}

function describeInvite(invite: InviteState, names: Map<string, string>): string {
  const earlier = invite.replaced
    ? `; ${invite.replaced} earlier code${invite.replaced === 1 ? '' : 's'} replaced`
    : '';
  if (invite.state === 'none') return `none${earlier}`;
  const expiry =
    invite.expiresAt === null
      ? 'never expires'
      : `${invite.state === 'active' ? 'expires' : 'expired'} ${time(invite.expiresAt)}`;
  const by = invite.createdBy ? (names.get(invite.createdBy) ?? invite.createdBy) : '-';
  return `${invite.state}, ${expiry}, code ${invite.code} (made ${time(invite.createdAt)} by ${by})${earlier}`;
}

export function formatSummary(s: ChannelSummary): string {
  const names = new Map([
    [s.creator.id, s.creator.name],
    ...s.members.map((m) => [m.userId, m.name] as const),
  ]);
  const statuses = Object.entries(s.tasks.byStatus)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${status} ${n}`);
  const head = pairs([
    ['channel', s.id],
    ['title', s.title],
    ['creator', `${s.creator.name} (${s.creator.id})`],
    ['created', time(s.createdAt)],
    ['updated', time(s.updatedAt)],
    ...(s.deletedAt ? [['DELETED', time(s.deletedAt)] as const] : []),
    ['muted', s.isBan],
    ['seq', `${s.seq} (${s.eventsStored} events stored)`],
    ['invite', describeInvite(s.invite, names)],
    [
      'messages',
      `${s.messages.visible} (text ${s.messages.text}, task ${s.messages.task}), ${s.messages.deleted} deleted`,
    ],
    ['tasks', `${s.tasks.total}${statuses.length ? ` (${statuses.join(', ')})` : ''}`],
  ]);
  const members = table(
    ['user', 'name', 'creator', 'joined'],
    s.members.map((m) => [m.userId, m.name, m.isCreator, time(m.joinedAt)]),
  );
  const events = table(
    ['seq', 'at', 'type', 'summary'],
    s.lastEvents.map((e) => [e.seq, time(e.at), e.type, e.summary]),
  );
  return `${head}\n\nMembers (${s.members.length})\n${members}\n\nLast ${s.lastEvents.length} of ${s.eventsStored} events\n${events}`;
}

export interface ChannelExport {
  format: 'drawspace.channel-export';
  version: 1;
  exportedAt: number;
  channel: {
    id: string;
    title: string;
    isBan: boolean;
    creatorId: string;
    creatorName: string;
    createdAt: number;
    updatedAt: number;
    deletedAt: number | null;
  };
  seq: number;
  members: Member[];
  /** Oldest first; deleted messages keep their content and carry deletedAt. */
  messages: (Message & { deletedAt: number | null })[];
  /** Oldest first, without server-only fields (job, hook token, lease). */
  tasks: Task[];
  /** The event log in sequence order. */
  events: ChannelEvent[];
}

export async function channelExport(
  source: ReadSource,
  channelId: string,
  now = Date.now(),
): Promise<ChannelExport> {
  const data = await loadChannel(source, channelId);
  const { channel } = data;
  const byId = new Map(data.messages.map((m) => [m._id, m]));
  const replyOf = (id: string | undefined) => {
    const original = id ? byId.get(id) : undefined;
    return original ? replyPreviewOf(original, authorOf(data, original.authorId)) : null;
  };
  const nobody = new Set<string>();
  return {
    format: 'drawspace.channel-export',
    version: 1,
    exportedAt: now,
    channel: {
      id: channel._id,
      title: channel.title,
      isBan: channel.isBan,
      creatorId: channel.creatorId,
      creatorName: nameOf(data, channel.creatorId),
      createdAt: channel.createdAt,
      updatedAt: channel.updatedAt,
      deletedAt: channel.deletedAt ?? null,
    },
    seq: data.seq,
    members: membersOf(data),
    messages: data.messages.map((m) => ({
      id: m._id,
      channelId: m.channelId,
      author: authorOf(data, m.authorId),
      kind: m.kind,
      content: m.content,
      taskId: m.taskId,
      createdAt: m.createdAt,
      replyTo: replyOf(m.replyToId),
      editedAt: m.editedAt ?? null,
      // An export is no one's view: `me` is false throughout.
      reactions: reactionsOf(m, nobody),
      mentions: mentionsOf(m),
      deletedAt: m.deletedAt ?? null,
    })),
    tasks: data.tasks.map(toTask),
    events: data.events,
  };
}

const subcommands: Record<string, Subcommand> = {
  show: {
    help: SHOW_HELP,
    async run(args, ctx) {
      const { values, positionals } = parseCommand(
        args,
        { events: { type: 'string' }, json: { type: 'boolean' } },
        { min: 1, max: 1, names: 'channel id' },
      );
      const events = parseCount('events', values.events, 10);
      const summary = await withReadSource(ctx.config, (source) =>
        channelSummary(source, positionals[0]!, { events, now: ctx.now() }),
      );
      ctx.out(values.json ? JSON.stringify(summary, null, 2) : formatSummary(summary));
      return 0;
    },
  },
  export: {
    help: EXPORT_HELP,
    async run(args, ctx) {
      const { values, positionals } = parseCommand(
        args,
        { out: { type: 'string' } },
        { min: 1, max: 1, names: 'channel id' },
      );
      const history = await withReadSource(ctx.config, (source) =>
        channelExport(source, positionals[0]!, ctx.now()),
      );
      const json = `${JSON.stringify(history, null, 2)}\n`;
      if (!values.out) {
        ctx.out(json.trimEnd());
        return 0;
      }
      fs.writeFileSync(values.out, json);
      ctx.out(
        `Wrote ${values.out}: ${history.members.length} members, ${history.messages.length} messages, ${history.tasks.length} tasks, ${history.events.length} events.`,
      );
      return 0;
    },
  },
};

export const runChannel = (argv: string[], ctx: OpsContext) =>
  runGroup('channel', CHANNEL_HELP, subcommands, argv, ctx);
