import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';

export type Tone = 'ok' | 'bad' | 'muted' | 'neutral';

/**
 * A state in a table cell. "ok" is green text on an outline rather than the success badge's white
 * on green, which is below AA contrast at this size.
 */
export function StateBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  if (tone === 'bad') return <Badge variant="destructive">{children}</Badge>;
  if (tone === 'muted') return <Badge variant="secondary">{children}</Badge>;
  if (tone === 'ok')
    return (
      <Badge variant="outline" className="border-success/60 text-[#167c3f] dark:text-[#57d98b]">
        {children}
      </Badge>
    );
  return <Badge variant="outline">{children}</Badge>;
}
