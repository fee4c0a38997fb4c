// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { setToken } from '../../../stores/auth';
import { resetUserInfo, setUserInfo } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { resetEngines } from '../engines/enginesStore';
import { outboxStore } from '../feed/outbox';
import {
  conversationStore,
  enterChannel,
  setLastOwnText,
  setMembers,
  startReply,
} from '../social/conversation';
import { notifierStore } from '../social/notifier';
import { rememberPrompt } from '../social/promptHistory';
import { Composer } from './Composer';
import { channelOf } from './testing';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

let fetchMock: ReturnType<typeof vi.fn>;
const input = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;
const type = (value: string) => {
  fireEvent.change(input(), { target: { value, selectionStart: value.length, selectionEnd: value.length } });
};
const press = (key: string) => fireEvent.keyDown(input(), { key });
const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/draw/chat/c1');
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

function renderComposer(isCreator = true) {
  return render(
    <TooltipProvider>
      <Composer channel={channelOf({ isCreator })} />
    </TooltipProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  resetEngines();
  resetUserInfo();
  setToken('tok', Date.now() + 3600_000);
  setUserInfo({ id: 'u1', name: 'Ada' });
  enterChannel(null);
  enterChannel('c1');
  setMembers([
    { userId: 'u1', name: 'Ada', avatar: '' },
    { userId: 'u2', name: 'Bob', avatar: '' },
    { userId: 'u3', name: 'Bonnie', avatar: '' },
  ]);
  fetchMock = vi.fn(async (url: string) =>
    String(url) === '/api/draw/chat/c1'
      ? envelope({
          id: 'm9',
          channelId: 'c1',
          author: { id: 'u1', name: 'Ada', avatar: '' },
          kind: 'text',
          content: 'x',
          taskId: null,
          createdAt: 1,
          replyTo: null,
          editedAt: null,
          reactions: [],
          mentions: { userIds: [], everyone: false },
        })
      : String(url).startsWith('/api/mj/submit/imagine/')
        ? envelope({ taskId: 't1' })
        : envelope(null),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  outboxStore.entries.splice(0);
  notifierStore.askShowing = false;
});

describe('composer: mentions', () => {
  it('@ lists the members (not me) and @everyone for the creator; ↓ and Enter pick; the send names the person by id', async () => {
    renderComposer();
    type('hi @');
    const menu = screen.getByTestId('mention-menu');
    expect(menu.textContent).toContain('Bob');
    expect(menu.textContent).toContain('@everyone');
    expect(menu.textContent).not.toContain('Ada');
    type('hi @Bo');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getAllByRole('option')[0]!.textContent).toContain('Bob');
    expect(screen.getAllByRole('option')[1]!.textContent).toContain('Bonnie');
    press('ArrowDown');
    press('Enter');
    expect(input().value).toBe('hi @Bonnie ');
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    press('Enter');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(bodyOf(posts()[0]!)).toEqual({ content: 'hi <@u3>' });
  });

  it('Escape closes the list and keeps the text; a member clicks a name', () => {
    renderComposer(false);
    type('@b');
    expect(screen.getByTestId('mention-menu').textContent).not.toContain('everyone');
    press('Escape');
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    expect(input().value).toBe('@b');
    type('@bo');
    fireEvent.click(screen.getByTestId('mention-option-u2'));
    expect(input().value).toBe('@Bob ');
  });
});

describe('composer: replies', () => {
  it('shows "Replying to" with ✕, and sends the reply with the original’s id', async () => {
    renderComposer();
    await act(async () => startReply({ messageId: 'm5', authorName: 'Bob', excerpt: 'a fox?' }));
    expect(screen.getByTestId('reply-bar').textContent).toContain('正在回复 Bob');
    type('yes');
    press('Enter');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(bodyOf(posts()[0]!)).toEqual({ content: 'yes', replyTo: 'm5' });
    expect(screen.queryByTestId('reply-bar')).toBeNull();

    await act(async () => startReply({ messageId: 'm6', authorName: 'Bob', excerpt: '' }));
    fireEvent.click(screen.getByTestId('reply-cancel'));
    expect(conversationStore.replyTo).toBeNull();
  });
});

describe('composer: ↑ and the prompt history', () => {
  it('↑ in an empty box edits my last message when it is my newest', () => {
    renderComposer();
    act(() => setLastOwnText('m1'));
    press('ArrowUp');
    expect(conversationStore.editingId).toBe('m1');
  });

  it('otherwise recalls my prompts, ↑ older and ↓ newer, then an empty box', () => {
    rememberPrompt('u1', '/imagine a fox');
    rememberPrompt('u1', '/imagine an owl');
    renderComposer();
    press('ArrowUp');
    expect(input().value).toBe('/imagine an owl');
    press('ArrowUp');
    expect(input().value).toBe('/imagine a fox');
    press('ArrowDown');
    expect(input().value).toBe('/imagine an owl');
    press('ArrowDown');
    expect(input().value).toBe('');
  });

  it('a drawn prompt joins the history, and the first one offers notifications', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    renderComposer();
    type('/imagine a red kite');
    press('Enter');
    await screen.findByTestId('notification-offer');
    press('ArrowUp');
    expect(input().value).toBe('/imagine a red kite');
  });
});
