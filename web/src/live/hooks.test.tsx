// @vitest-environment jsdom
import '../test/dom';
import { messageEvent } from '@draw/machines/channel/fixtures';
import { act, render } from '@testing-library/react';
import { makeChannel } from '@draw/machines/channel/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelsStore } from '../stores/channels';
import { chatStore } from '../stores/chat';
import { liveStore } from './connection';
import {
  liveBus,
  useChannelEvents,
  useChannelLeft,
  useChannelList,
  useCurrentChannel,
  useFeedReload,
  useLiveStatus,
} from './hooks';

function Probe(props: {
  channelId: string | null;
  onEvent?: (seq: number) => void;
  onReload?: () => void;
  onLeft?: (channelId: string, reason: string, title: string | null) => void;
}) {
  useChannelEvents(props.channelId, (event) => props.onEvent?.(event.seq));
  useFeedReload(props.channelId, () => props.onReload?.());
  useChannelLeft((channelId, reason, title) => props.onLeft?.(channelId, reason, title));
  return <p data-testid="status">{useLiveStatus()}</p>;
}

function ChannelProbe() {
  const { items, status } = useChannelList();
  const current = useCurrentChannel();
  return (
    <p data-testid="channels">
      {status}: {items.map((channel) => channel.title).join(',')} /{' '}
      {current ? `${current.id}=${current.title}` : 'none'}
    </p>
  );
}

afterEach(() => {
  channelsStore.items = [];
  channelsStore.status = 'idle';
  chatStore.currentChannelId = null;
});

describe('live hooks', () => {
  it("delivers only the channel's applied events, to the latest handler", () => {
    const first = vi.fn();
    const latest = vi.fn();
    const view = render(<Probe channelId="a" onEvent={first} />);
    act(() => liveBus.emit('apply', messageEvent(1, 'a')));
    act(() => liveBus.emit('apply', messageEvent(1, 'b')));
    view.rerender(<Probe channelId="a" onEvent={latest} />);
    act(() => liveBus.emit('apply', messageEvent(2, 'a')));
    expect(first.mock.calls).toEqual([[1]]);
    expect(latest.mock.calls).toEqual([[2]]);

    view.rerender(<Probe channelId={null} onEvent={latest} />);
    act(() => liveBus.emit('apply', messageEvent(3, 'a')));
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('calls the reload handler for its channel, and at once when the reload came before it mounted', () => {
    act(() => liveBus.emit('selected', { channelId: 'c' }));
    act(() => liveBus.emit('reload', { channelId: 'c' }));
    const onReload = vi.fn();
    const view = render(<Probe channelId="c" onReload={onReload} />);
    expect(onReload).toHaveBeenCalledTimes(1);
    act(() => liveBus.emit('reload', { channelId: 'other' }));
    act(() => liveBus.emit('reload', { channelId: 'c' }));
    expect(onReload).toHaveBeenCalledTimes(2);

    // After another selection the old reload no longer counts.
    act(() => liveBus.emit('selected', { channelId: 'd' }));
    view.unmount();
    const late = vi.fn();
    render(<Probe channelId="c" onReload={late} />);
    expect(late).not.toHaveBeenCalled();
  });

  it('reports lost channels and the live status', async () => {
    const onLeft = vi.fn();
    const view = render(<Probe channelId={null} onLeft={onLeft} />);
    act(() => liveBus.emit('left', { channelId: 'a', reason: 'removed', title: 'Ay' }));
    expect(onLeft).toHaveBeenCalledWith('a', 'removed', 'Ay');
    expect(view.getByTestId('status').textContent).toBe('idle');
    await act(async () => {
      liveStore.status = 'reconnecting';
    });
    expect(view.getByTestId('status').textContent).toBe('reconnecting');
  });

  it('reads the list and the channel on screen from their one owner each: a rename shows at once', async () => {
    const view = render(<ChannelProbe />);
    expect(view.getByTestId('channels').textContent).toBe('idle:  / none');
    await act(async () => {
      channelsStore.items = [makeChannel('a', { title: 'Ay' }), makeChannel('b', { title: 'Bee' })];
      channelsStore.status = 'ready';
      chatStore.currentChannelId = 'b';
    });
    expect(view.getByTestId('channels').textContent).toBe('ready: Ay,Bee / b=Bee');
    await act(async () => {
      channelsStore.items = [makeChannel('a', { title: 'Ay' }), makeChannel('b', { title: 'Bees' })];
    });
    expect(view.getByTestId('channels').textContent).toBe('ready: Ay,Bees / b=Bees');
    // A selection the list does not hold (yet) shows nothing rather than a stale title.
    await act(async () => {
      chatStore.currentChannelId = 'gone';
    });
    expect(view.getByTestId('channels').textContent).toBe('ready: Ay,Bees / none');
  });
});
