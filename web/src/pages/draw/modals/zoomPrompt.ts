import { Limits } from '@draw/shared';

/** Custom Zoom: the prompt without its `--zoom`, and the zoom value on its own (pure). */

const ZOOM_PARAM = /(?:^|\s)(?:--|\u2014)zoom(?:\s+([^\s]+))?/i;

export function splitZoomPrompt(prompt: string): { prompt: string; zoom: string } {
  const match = ZOOM_PARAM.exec(prompt);
  if (!match) return { prompt: prompt.trim(), zoom: '2' };
  const rest = (prompt.slice(0, match.index) + ' ' + prompt.slice(match.index + match[0].length))
    .replace(/\s+/g, ' ')
    .trim();
  return { prompt: rest, zoom: match[1] ?? '2' };
}

export type ZoomError = 'required' | 'notNumber' | 'range';

/** `null` when valid: a number from 1.0 to 2.0 (Limits.zoomMin…zoomMax). */
export function validateZoom(raw: string): ZoomError | null {
  const text = raw.trim();
  if (!text) return 'required';
  if (!/^\d+(?:\.\d+)?$|^\.\d+$/.test(text)) return 'notNumber';
  const value = Number(text);
  if (!Number.isFinite(value)) return 'notNumber';
  return value < Limits.zoomMin || value > Limits.zoomMax ? 'range' : null;
}

/** The prompt the modal route receives: `<prompt> --zoom <value>`. */
export function joinZoomPrompt(prompt: string, zoom: string): string {
  const value = Number(zoom.trim());
  const text = Number.isInteger(value) ? value.toFixed(1) : String(value);
  return `${prompt.trim()} --zoom ${text}`.trim();
}
