type ValueOf<T> = T[keyof T];

export const ArchiveRatio = { Square: 'square', Portrait: 'portrait', Landscape: 'landscape' } as const;
export type ArchiveRatio = ValueOf<typeof ArchiveRatio>;

/** The shape bucket of an image: within 5 % of square counts as square. */
export function ratioOf(width: number, height: number): ArchiveRatio {
  const r = width / height;
  if (Math.abs(r - 1) <= 0.05) return ArchiveRatio.Square;
  return r > 1 ? ArchiveRatio.Landscape : ArchiveRatio.Portrait;
}
