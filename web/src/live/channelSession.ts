import {
  channelSessionMachine,
  type ChannelSessionEmitted,
  type ChannelSessionEvent,
  type ChannelSessionTiming,
} from '@draw/machines';
import type { Channel, SubscribeAck, SubscribeRequest } from '@draw/shared';
import { ref } from 'valtio';
import { createActor, fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import {
  channelsStore,
  fetchChannels,
  setChannelsReloader,
  type ChannelListStatus,
} from '../stores/channels';
import { setCurrentChannel } from '../stores/chat';
import { getLiveConnection, type LiveConnectionPort } from './connection';
import { liveBus, type LiveBus } from './hooks';

/**
 * Runs `channelSessionMachine` (@draw/machines) for the signed-in user: provides its I/O (the
 * channel list over REST, subscriptions over the socket), feeds it the socket's events and the
 * route, publishes its channel list to `channelsStore` and its selection to `chatStore` (their one
 * writer while it runs; views read them through the hooks), and re-emits its output on the live
 * bus, where the hooks of hooks.ts deliver it to the views.
 */

export interface ChannelSessionOptions {
  userId: string;
  /** The uuid in `/draw/{uuid}` when the screen opened. */
  routeUuid?: string | null;
  connection?: LiveConnectionPort;
  fetchChannels?: () => Promise<Channel[]>;
  bus?: LiveBus;
  timing?: Partial<ChannelSessionTiming>;
}

type SessionActor = Actor<typeof channelSessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof channelSessionMachine>;

function listStatusOf(snapshot: SessionSnapshot): ChannelListStatus {
  if (snapshot.matches({ list: 'loading' })) return 'loading';
  if (snapshot.matches({ list: 'error' })) return 'error';
  return 'ready';
}

export class ChannelSession {
  readonly actor: SessionActor;
  private readonly connection: LiveConnectionPort;
  private readonly bus: LiveBus;
  /** What the machine emitted during the transition in progress; delivered once its snapshot is in. */
  private readonly outbox: ChannelSessionEmitted[] = [];
  /** Every channel title seen, so a channel that is gone can still be named. */
  private readonly titles = new Map<string, string>();
  private readonly waiters = new Set<() => void>();
  private lastChannels: readonly Channel[] | null = null;
  private unlisten: (() => void) | null = null;
  private running = false;

  constructor(options: ChannelSessionOptions) {
    const connection = options.connection ?? getLiveConnection();
    const load = options.fetchChannels ?? fetchChannels;
    this.connection = connection;
    this.bus = options.bus ?? liveBus;
    const machine = channelSessionMachine.provide({
      actors: {
        loadChannels: fromPromise<Channel[]>(() => load()),
        subscribe: fromPromise<SubscribeAck, SubscribeRequest>(({ input }) => connection.subscribe(input)),
      },
    });
    this.actor = createActor(machine, {
      input: { userId: options.userId, routeUuid: options.routeUuid ?? null, timing: options.timing },
    });
    this.actor.on('*', (event) => this.outbox.push(event));
    this.actor.subscribe((snapshot) => this.commit(snapshot));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const { actor, connection } = this;
    this.unlisten = connection.listen({
      connected: () => actor.send({ type: 'socket.connected' }),
      disconnected: () => actor.send({ type: 'socket.disconnected' }),
      event: (event) => actor.send({ type: 'feed.event', event }),
      resync: (channelId) => actor.send({ type: 'feed.resync', channelId }),
      changed: (change) => actor.send({ type: 'channels.changed', change }),
    });
    actor.start();
    if (connection.connected) actor.send({ type: 'socket.connected' });
    connection.start();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.unlisten?.();
    this.unlisten = null;
    const feedChannelId = this.actor.getSnapshot().context.feedChannelId;
    this.actor.stop();
    if (feedChannelId) this.connection.unsubscribe(feedChannelId);
    for (const wake of [...this.waiters]) wake();
  }

  send(event: ChannelSessionEvent): void {
    if (this.running) this.actor.send(event);
  }

  get channels(): readonly Channel[] {
    return this.actor.getSnapshot().context.channels;
  }

  get selectedId(): string | null {
    return this.actor.getSnapshot().context.selectedId;
  }

  titleOf(channelId: string): string | null {
    return this.titles.get(channelId) ?? null;
  }

  /** Reloads the list (spec §4: after create, edit, delete, quit); settles once it is in. */
  reload(): Promise<Channel[]> {
    if (!this.running) return Promise.resolve([...this.channels]);
    this.actor.send({ type: 'channels.reload' });
    return new Promise<Channel[]>((resolve) => {
      const finish = () => {
        subscription.unsubscribe();
        this.waiters.delete(finish);
        resolve([...this.channels]);
      };
      const subscription = this.actor.subscribe((snapshot) => {
        if (!snapshot.matches({ list: 'loading' })) finish();
      });
      this.waiters.add(finish);
      if (!this.actor.getSnapshot().matches({ list: 'loading' })) finish();
    });
  }

  /** After each transition: publish the list, then hand out what the transition emitted, in order. */
  private commit(snapshot: SessionSnapshot): void {
    this.syncList(snapshot);
    const emitted = this.outbox.splice(0);
    for (const event of emitted) this.deliver(event, snapshot);
  }

  private syncList(snapshot: SessionSnapshot): void {
    const { channels } = snapshot.context;
    if (channels !== this.lastChannels) {
      this.lastChannels = channels;
      for (const channel of channels) this.titles.set(channel.id, channel.title);
      // The machine's own list, never changed in place (each change is a new array): published as
      // is (`ref`: valtio neither copies nor proxies it), so there is one list, not a mirror.
      channelsStore.items = ref(channels);
    }
    const status = listStatusOf(snapshot);
    if (channelsStore.status !== status) channelsStore.status = status;
  }

  private deliver(event: ChannelSessionEmitted, snapshot: SessionSnapshot): void {
    switch (event.type) {
      case 'channel.selected': {
        const channel = snapshot.context.channels.find((candidate) => candidate.id === event.channelId);
        setCurrentChannel(channel ? channel.id : null);
        this.bus.emit('selected', { channelId: channel ? channel.id : null });
        return;
      }
      case 'channel.left':
        this.bus.emit('left', {
          channelId: event.channelId,
          reason: event.reason,
          title: this.titleOf(event.channelId),
        });
        return;
      case 'feed.apply':
        this.bus.emit('apply', event.event);
        return;
      case 'feed.reload':
        this.bus.emit('reload', { channelId: event.channelId });
        return;
      case 'feed.unsubscribe':
        this.connection.unsubscribe(event.channelId);
        return;
    }
  }
}

let current: ChannelSession | null = null;
/** Channels the user is deleting or quitting in this tab: their loss is no surprise (no toast). */
const leavingHere = new Set<string>();

/** Starts the tab's session (stopping any previous one); `loadChannels()` goes through it meanwhile. */
export function startChannelSession(options: ChannelSessionOptions): ChannelSession {
  current?.stop();
  const session = new ChannelSession(options);
  current = session;
  setChannelsReloader(() => session.reload());
  session.start();
  return session;
}

/** Stops the given session (default: the current one). */
export function stopChannelSession(session: ChannelSession | null = current): void {
  if (!session) return;
  session.stop();
  if (session === current) {
    current = null;
    setChannelsReloader(null);
  }
}

export function getChannelSession(): ChannelSession | null {
  return current;
}

/** Sends to the running session, if any. */
export function sendToChannelSession(event: ChannelSessionEvent): void {
  current?.send(event);
}

/** Call before deleting or quitting a channel here. */
export function expectChannelLeave(channelId: string): void {
  leavingHere.add(channelId);
}

/** The delete/quit failed: a later loss of this channel is news again. */
export function cancelChannelLeave(channelId: string): void {
  leavingHere.delete(channelId);
}

/** Whether the loss of this channel comes from the user's own delete/quit in this tab. */
export function isExpectedLeave(channelId: string): boolean {
  return leavingHere.has(channelId);
}

/** The delete/quit succeeded: take the channel out of the list now (spec §4 also reloads it). */
export function channelRemovedHere(channelId: string): void {
  sendToChannelSession({ type: 'channel.removed', id: channelId });
}
