import { proxy } from 'valtio';
import * as storage from '../../../lib/storage';

/**
 * Browser notifications and the ping, as Discord does them: only while the tab is hidden, only
 * with the person's permission, asked for at a sensible moment (after their first drawing is sent,
 * through a small in-app prompt: never on load). The sound is made on the spot with WebAudio.
 */

export type PermissionState = 'unsupported' | NotificationPermission;

/** Whether the in-app "turn on notifications" prompt is showing. */
export const notifierStore = proxy({ askShowing: false });

const ASKED_KEY = 'notificationsAsked';

export function permissionState(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Called after the person sent a drawing: shows the in-app prompt once (per device), when the
 * browser has not been asked yet. Its "Turn on" asks the browser from the person's click.
 */
export function offerNotifications(): void {
  if (permissionState() !== 'default' || storage.get<boolean>(ASKED_KEY)) return;
  notifierStore.askShowing = true;
}

/** The prompt was answered (turned on or "not now"): it will not come back on this device. */
export function closeNotificationOffer(): void {
  notifierStore.askShowing = false;
  storage.set(ASKED_KEY, true, null);
}

export async function requestNotifications(): Promise<PermissionState> {
  closeNotificationOffer();
  if (permissionState() !== 'default') return permissionState();
  try {
    return await Notification.requestPermission();
  } catch {
    return permissionState();
  }
}

export interface Alert {
  title: string;
  body: string;
  /** One notification per tag: a newer one with the same tag replaces it. */
  tag: string;
  onClick?: () => void;
}

/** Shows a browser notification if the tab is hidden and the person allowed them; true when shown. */
export function showBrowserAlert(alert: Alert): boolean {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return false;
  if (permissionState() !== 'granted') return false;
  try {
    const notification = new Notification(alert.title, { body: alert.body, tag: alert.tag });
    notification.onclick = () => {
      window.focus();
      alert.onClick?.();
      notification.close();
    };
    return true;
  } catch {
    // Some mobile browsers only notify through a service worker: nothing to show then.
    return false;
  }
}

let audio: AudioContext | null = null;

/** A short two-note chime (≈ 0.25 s), generated: no sound file to download. */
export function playPing(): void {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return;
  try {
    audio ??= new Context();
    const start = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.28);
    [880, 1320].forEach((frequency, index) => {
      const tone = audio!.createOscillator();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(frequency, start + index * 0.09);
      tone.connect(gain);
      tone.start(start + index * 0.09);
      tone.stop(start + 0.3);
    });
  } catch {
    // Autoplay rules may refuse a sound before the person touched the page: stay quiet.
  }
}
