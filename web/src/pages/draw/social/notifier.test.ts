// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeNotificationOffer, notifierStore, offerNotifications, showBrowserAlert } from './notifier';

let permission: NotificationPermission = 'default';
const constructed: { title: string; body?: string }[] = [];
class FakeNotification {
  static get permission() {
    return permission;
  }
  static requestPermission = vi.fn(async () => permission);
  onclick: (() => void) | null = null;
  constructor(title: string, options: { body?: string }) {
    constructed.push({ title, body: options.body });
  }
  close() {}
}

function hideTab(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
}

beforeEach(() => {
  vi.stubGlobal('Notification', FakeNotification);
  constructed.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  notifierStore.askShowing = false;
  hideTab(false);
});

describe('notifier', () => {
  it('offers notifications once, after a drawing, only while the browser was never asked', () => {
    permission = 'default';
    offerNotifications();
    expect(notifierStore.askShowing).toBe(true);
    closeNotificationOffer();
    offerNotifications();
    expect(notifierStore.askShowing).toBe(false);
    localStorage.clear();
    permission = 'denied';
    offerNotifications();
    expect(notifierStore.askShowing).toBe(false);
  });

  it('notifies only while the tab is hidden and the person allowed it', () => {
    permission = 'granted';
    expect(showBrowserAlert({ title: 'Ann mentioned you', body: 'hi', tag: 't' })).toBe(false);
    hideTab(true);
    expect(showBrowserAlert({ title: 'Ann mentioned you', body: 'hi', tag: 't' })).toBe(true);
    permission = 'denied';
    expect(showBrowserAlert({ title: 'again', body: '', tag: 't' })).toBe(false);
    expect(constructed).toEqual([{ title: 'Ann mentioned you', body: 'hi' }]);
  });
});
