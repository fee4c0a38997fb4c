/**
 * The buttons a C#-line task carries, written from what Discord's Midjourney messages hold and what
 * trueai-org/midjourney-proxy 11.10 copies from them (emoji as Discord's emoji *name*, so
 * Midjourney's own `upscale_1` arrives as text). Kept apart from our shared customId helpers on
 * purpose: a fake that built its ids with our parser's builder could never catch a parser gap.
 */

export interface FakeButton {
  customId: string;
  emoji: string;
  label: string;
  type: 2;
  style: 1 | 2;
}

/** The Midjourney model whose upscale buttons a result shows (`--v 5.2`, `--v 6`, `--v 6.1`, `--v 7`). */
export type FakeVersion = '5.2' | '6' | '6.1' | '7';

const b = (customId: string, label: string, emoji = ''): FakeButton => ({
  customId,
  emoji,
  label,
  type: 2,
  style: 2,
});

export function gridButtons(hash: string): FakeButton[] {
  return [
    ...[1, 2, 3, 4].map((i) => b(`MJ::JOB::upsample::${i}::${hash}`, `U${i}`)),
    b(`MJ::JOB::reroll::0::${hash}::SOLO`, '', '🔄'),
    ...[1, 2, 3, 4].map((i) => b(`MJ::JOB::variation::${i}::${hash}`, `V${i}`)),
  ];
}

function upscaleVariants(hash: string, version: FakeVersion): FakeButton[] {
  if (version === '5.2') {
    return [
      b(`MJ::JOB::upsample_v5_2x::1::${hash}::SOLO`, 'Upscale (2x)', 'upscale_1'),
      b(`MJ::JOB::upsample_v5_4x::1::${hash}::SOLO`, 'Upscale (4x)', 'upscale_1'),
    ];
  }
  const id = version === '6.1' ? 'v6r1_2x' : `v${version}_2x`;
  return [
    b(`MJ::JOB::upsample_${id}_subtle::1::${hash}::SOLO`, 'Upscale (Subtle)', 'upscale_1'),
    b(`MJ::JOB::upsample_${id}_creative::1::${hash}::SOLO`, 'Upscale (Creative)', 'upscale_1'),
  ];
}

/** An upscaled image (U1–U4); `hd` = the result of Upscale (Subtle/Creative), which offers no further upscale. */
export function upscaleButtons(
  hash: string,
  version: FakeVersion,
  options: { hd: boolean; video: boolean },
): FakeButton[] {
  return [
    ...(options.hd ? [] : upscaleVariants(hash, version)),
    b(`MJ::JOB::low_variation::1::${hash}::SOLO`, 'Vary (Subtle)', '🪄'),
    b(`MJ::JOB::high_variation::1::${hash}::SOLO`, 'Vary (Strong)', '🪄'),
    b(`MJ::Inpaint::1::${hash}::SOLO`, 'Vary (Region)', '🖌️'),
    b(`MJ::Outpaint::50::1::${hash}::SOLO`, 'Zoom Out 2x', '🔍'),
    b(`MJ::Outpaint::75::1::${hash}::SOLO`, 'Zoom Out 1.5x', '🔍'),
    b(`MJ::CustomZoom::1::${hash}`, 'Custom Zoom', '🔍'),
    b(`MJ::JOB::pan_left::1::${hash}::SOLO`, '', '⬅️'),
    b(`MJ::JOB::pan_right::1::${hash}::SOLO`, '', '➡️'),
    b(`MJ::JOB::pan_up::1::${hash}::SOLO`, '', '⬆️'),
    b(`MJ::JOB::pan_down::1::${hash}::SOLO`, '', '⬇️'),
    ...(options.video
      ? [
          b(`MJ::JOB::animate_high::1::${hash}::SOLO`, 'Animate (High motion)', '🎞️'),
          b(`MJ::JOB::animate_low::1::${hash}::SOLO`, 'Animate (Low motion)', '🎞️'),
        ]
      : []),
    b(`MJ::BOOKMARK::${hash}`, '', '❤️'),
  ];
}

export function describeButtons(): FakeButton[] {
  return [
    ...[1, 2, 3, 4].map((i) => b(`MJ::Job::PicReader::${i}`, String(i))),
    b('MJ::Picread::Retry', '', '🔄'),
  ];
}

export function shortenButtons(count: number): FakeButton[] {
  return Array.from({ length: count }, (_, i) => b(`MJ::Job::PromptAnalyzer::${i + 1}`, String(i + 1)));
}

/** A finished clip (TaskInfo.SetVideoExtendButtons): Extend, with no `::SOLO`. */
export function videoButtons(hash: string): FakeButton[] {
  return [
    b(`MJ::JOB::animate_high_extend::1::${hash}`, 'Extend (High motion)', '🎞️'),
    b(`MJ::JOB::animate_low_extend::1::${hash}`, 'Extend (Low motion)', '🎞️'),
  ];
}
