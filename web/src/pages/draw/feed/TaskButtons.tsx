import { Ui, type Task } from '@draw/shared';
import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  ArrowUpIcon,
  BrushIcon,
  CheckIcon,
  FilmIcon,
  HeartIcon,
  ImageUpscaleIcon,
  Loader2Icon,
  RefreshCwIcon,
  WandSparklesIcon,
  ZoomOutIcon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { notify } from '../../../lib/notify';
import { fetchTask, submitAction } from './feedApi';
import { useFeedActions } from './FeedContext';
import {
  bookmarkedBy,
  buttonAria,
  buttonRows,
  gridButtonKey,
  servableButtons,
  spokenName,
  type ViewButton,
} from './taskView';
import { useMutedIn } from '../muted';
import { buttonCost, isRefunded } from '../credits/creditRules';
import { refreshCredits, useCreditPrices } from '../credits/creditsStore';
import { useEngines } from '../engines/enginesStore';
import { useSnapshot } from 'valtio';
import { companyInfoStore } from '../../../stores/companyInfo';

type ButtonState = 'idle' | 'busy' | 'done';

/** Discord's grey component button; blurple once pressed (as Midjourney marks a used U2). */
const discordButton =
  // 44 px on a phone: the smallest target a thumb hits reliably.
  'inline-flex h-8 min-w-[40px] max-sm:h-11 max-sm:min-w-11 items-center justify-center gap-1.5 rounded-[3px] px-3 text-sm font-medium text-white transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-main disabled:cursor-not-allowed';

/**
 * The icon standing for a button's emoji (🔄 🪄 🖌️ 🔍 ⬅️…): drawn the same on every system,
 * with or without an emoji font. Unknown buttons keep their emoji.
 */
function ButtonIcon({ view }: { view: ViewButton }) {
  const props = { className: 'size-4', 'aria-hidden': true } as const;
  switch (view.parsed?.kind) {
    case 'reroll':
    case 'picReaderRetry':
      return <RefreshCwIcon {...props} />;
    case 'vary':
      return <WandSparklesIcon {...props} />;
    case 'region':
      return <BrushIcon {...props} />;
    case 'upscaleVariant':
      // Midjourney marks these with its own Discord emoji (`upscale_1`): a name, never shown as text.
      return <ImageUpscaleIcon {...props} />;
    case 'zoomOut':
    case 'customZoom':
      return <ZoomOutIcon {...props} />;
    case 'animate':
    case 'extend':
      return <FilmIcon {...props} />;
    case 'pan': {
      const { direction } = view.parsed;
      if (direction === 'left') return <ArrowLeftIcon {...props} />;
      if (direction === 'right') return <ArrowRightIcon {...props} />;
      if (direction === 'up') return <ArrowUpIcon {...props} />;
      return <ArrowDownIcon {...props} />;
    }
    default:
      // A Discord custom emoji arrives as its bare name (letters, digits, `_`): not drawable here.
      return view.button.emoji && !/^[A-Za-z0-9_]+$/.test(view.button.emoji) ? (
        <span aria-hidden className="text-base leading-none">
          {view.button.emoji}
        </span>
      ) : null;
  }
}

function ActionButton({ task, view, muted }: { task: Task; view: ViewButton; muted: boolean }) {
  const { t } = useTranslation();
  const { channel, me, expectEditor, mergeTasks, isUsed, taskById } = useFeedActions();
  const [state, setState] = useState<ButtonState>('idle');
  // The task this press made: the button shows used while it stands, not once it was cancelled
  // (an editor closed without submitting) or failed, both refunded by the server.
  const [made, setMade] = useState<string | null>(null);
  const madeTask = made ? taskById(made) : undefined;
  const used = made !== null && !(madeTask && isRefunded(madeTask));
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const isBookmark = view.parsed?.kind === 'bookmark';
  const bookmarked = isBookmark && bookmarkedBy(task, me);
  const aria = buttonAria(view, bookmarked);
  const description = t(`feed.button.${aria.key}` as 'feed.button.generic', aria.params as { label: string });
  const label = spokenName(view.button.label, description);
  const gridKey = gridButtonKey(view.parsed);
  // A press goes to the engine that drew the task, at that engine's price when the list is known.
  const accountPrices = useCreditPrices();
  const enginePrices = useEngines({ load: false }).byId(task.engine)?.prices;
  const cost = buttonCost(view.parsed, enginePrices ?? accountPrices);
  const hint = cost === null ? description : `${description} · ${t('credits.costHint', { n: cost })}`;

  async function press() {
    if (state === 'busy' || muted) return;
    setState('busy');
    try {
      const result = await submitAction(channel.id, task.id, view.button.customId);
      if (!result.ok) {
        if (result.message) notify.error(result.message);
        setState('idle');
        return;
      }
      setState('done');
      // The live event refreshes the meter too; this covers a press made while the socket is down.
      if (cost !== null) void refreshCredits();
      if (!isBookmark) setMade(result.taskId);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setState('idle'), Ui.transientResetMs);
      if (result.taskId !== task.id) {
        expectEditor(result.taskId);
        // Offline or a lost event: read the new task so its card (or editor) still shows up.
        void fetchTask(result.taskId)
          .then((created) => created && mergeTasks([created]))
          .catch(() => undefined);
      }
    } catch {
      // The HTTP client already showed the server's message.
      setState('idle');
    }
  }

  const text = view.button.label;
  // U/V stay blurple once used, as Midjourney marks them; the feed remembers it across reloads.
  const pressed = gridKey ? used || isUsed(task.id, gridKey) : undefined;
  const active = used || pressed === true || bookmarked;
  return (
    <button
      type="button"
      data-testid={`task-button-${view.name}`}
      aria-label={label}
      // A muted member sees why the buttons do nothing instead of a refusal toast per click.
      title={muted ? `${description} · ${t('composer.muted.text')}` : hint}
      aria-pressed={isBookmark ? bookmarked : pressed}
      aria-busy={state === 'busy' || undefined}
      disabled={state === 'busy' || muted}
      onClick={() => void press()}
      className={cn(
        discordButton,
        active
          ? 'bg-blurple hover:bg-[#4752c4]'
          : 'bg-[#6d6f78] hover:bg-[#4e5058] dark:bg-[#4e5058] dark:hover:bg-[#6d6f78]',
        state === 'busy' && 'opacity-70',
        muted && 'opacity-50',
      )}
    >
      {state === 'busy' ? (
        <Loader2Icon className="size-4 animate-spin" aria-hidden />
      ) : state === 'done' ? (
        <CheckIcon className="size-4" aria-hidden />
      ) : isBookmark ? (
        <HeartIcon
          className={cn('size-4', bookmarked ? 'fill-[#f23f43] text-[#f23f43]' : 'text-white')}
          aria-hidden
        />
      ) : (
        <ButtonIcon view={view} />
      )}
      {text && <span>{text}</span>}
    </button>
  );
}

/** The rows of buttons under a finished result, laid out like the Midjourney bot's. */
export function TaskButtons({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { channel } = useFeedActions();
  const muted = useMutedIn(channel);
  const { engineFeatures } = useSnapshot(companyInfoStore);
  // A button the current engine cannot serve (video on a line without it) is not shown at all.
  const rows = buttonRows(servableButtons(task.buttons, engineFeatures));
  if (rows.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-2 max-sm:gap-1.5" role="group" aria-label={t('feed.button.group')}>
      {rows.map((row) => (
        <div key={row.map((view) => view.name).join()} className="flex flex-wrap gap-2 max-sm:gap-1.5">
          {row.map((view) => (
            <ActionButton key={view.button.customId} task={task} view={view} muted={muted} />
          ))}
        </div>
      ))}
    </div>
  );
}
