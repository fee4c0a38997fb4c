/**
 * A document the real server wrote, turned into a fast renderer: every UUID, every timestamp and
 * every named literal (prompt, seed, names…) in its JSON becomes a slot, everything else is kept
 * byte for byte. Rendering joins the literal pieces with the slot values, so a generated line has
 * exactly the server's keys, order and formatting, only other ids, times and texts.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Epoch milliseconds of this era: 13 digits, as the server's `Date.now()` writes them. */
const EPOCH_MS = '(?<![0-9])1[0-9]{12}(?![0-9])';

const SlotKind = { uuid: 'uuid', time: 'time', literal: 'literal' } as const;
type SlotKind = (typeof SlotKind)[keyof typeof SlotKind];

interface Slot {
  kind: SlotKind;
  /** The text found in the template: the key that maps it to its replacement. */
  key: string;
}

export interface Template {
  /** pieces.length === slots.length + 1 */
  pieces: string[];
  slots: Slot[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `literals`: texts (already JSON-escaped as they appear in the JSON) that become named slots,
 * longest first so that a prompt containing a name is one slot.
 */
export function compileTemplate(json: string, literals: readonly string[]): Template {
  const named = [...new Set(literals.filter((l) => l.length > 0))].sort((a, b) => b.length - a.length);
  // A literal only counts as a whole word: a seed's digits inside a timestamp are not the seed.
  const alternatives = [
    ...named.map((l) => `(?<![0-9A-Za-z])${escapeRegExp(l)}(?![0-9A-Za-z])`),
    UUID,
    EPOCH_MS,
  ];
  const pattern = new RegExp(alternatives.map((a) => `(${a})`).join('|'), 'g');
  const pieces: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of json.matchAll(pattern)) {
    const text = match[0];
    const kind = named.includes(text)
      ? SlotKind.literal
      : /^[0-9]+$/.test(text)
        ? SlotKind.time
        : SlotKind.uuid;
    pieces.push(json.slice(last, match.index));
    slots.push({ kind, key: text });
    last = match.index + text.length;
  }
  pieces.push(json.slice(last));
  return { pieces, slots };
}

/** What a template's slots become for one generated instance. */
export interface RenderContext {
  /** Template text → replacement; UUIDs missing here get a fresh one, remembered for the instance. */
  values: Map<string, string>;
  /** Added to every template timestamp. */
  shiftMs: number;
  freshUuid(): string;
}

export function render(template: Template, ctx: RenderContext): string {
  const { pieces, slots } = template;
  let out = pieces[0] as string;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as Slot;
    let value: string | undefined;
    if (slot.kind === SlotKind.time) value = String(Number(slot.key) + ctx.shiftMs);
    else {
      value = ctx.values.get(slot.key);
      if (value === undefined) {
        if (slot.kind === SlotKind.literal)
          throw new Error(`no value for template literal ${JSON.stringify(slot.key)}`);
        value = ctx.freshUuid();
        ctx.values.set(slot.key, value);
      }
    }
    out += value + (pieces[i + 1] as string);
  }
  return out;
}

/** A literal as it appears inside JSON (without the quotes). */
export function jsonText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
