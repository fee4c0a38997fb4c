/** Plain-text output for the ops CLI: aligned tables and key/value blocks, UTC timestamps. */

/** Columns a character takes in a terminal: CJK and emoji are two wide. */
function charWidth(codePoint: number): number {
  if (codePoint < 0x1100) return 1;
  const wide =
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd);
  return wide ? 2 : 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char.codePointAt(0)!);
  return width;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** One line per row, columns separated by two spaces, a dashed rule under the headers. */
export function table(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = rows.map((row) => headers.map((_, i) => cell(row[i])));
  const widths = headers.map((h, i) =>
    Math.max(displayWidth(h), ...cells.map((row) => displayWidth(row[i]!))),
  );
  const line = (row: readonly string[]) =>
    row
      .map((c, i) => (i === row.length - 1 ? c : pad(c, widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** `key:  value` lines with the values aligned. */
export function pairs(entries: readonly (readonly [string, unknown])[]): string {
  const width = Math.max(0, ...entries.map(([key]) => displayWidth(key) + 1));
  return entries.map(([key, value]) => `${pad(`${key}:`, width)}  ${cell(value)}`.trimEnd()).join('\n');
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).replace(/\s+/g, ' ');
}

/** `2026-01-31 09:15:00Z`, or '-' when there is no time. */
export function time(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

export function truncate(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ')];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
