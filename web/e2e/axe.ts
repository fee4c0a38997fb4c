import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in a real page: the checks a screen reader or low-vision user would feel, run on what
 * is on screen now. Evaluated through the driver (not a <script> tag), so the app's CSP stays on.
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Selectors and a short summary of each node, for the failure message. */
  nodes: string[];
}

/** The impacts that fail a screen: a person is blocked or seriously hindered. */
const blocking = new Set(['serious', 'critical']);

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string; html: string }[];
  }[];
}

/**
 * Waits for the screen to rest, not a frame of a menu's fade-in (a colour half-way through its
 * opacity is no one's contrast): finite animations and transitions end first, for at most 2 s.
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Runs axe on the page (WCAG 2.x A/AA and best practices, plus the experimental
 * `label-content-name-mismatch`: a button's spoken name must contain the words it shows).
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await animationsEnded(page);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }
    ).axe;
    return axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
  });
  return (result as AxeResult).violations
    .filter((v) => blocking.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map(
        (n) =>
          `${n.target.map(String).join(' ')} — ${n.html.slice(0, 160)}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`,
      ),
    }));
}
