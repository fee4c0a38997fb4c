import {
  BotType as BotTypes,
  hasCjk,
  Limits,
  majorVersionOf,
  personReferenceFor,
  ReferenceKind,
  type BotType,
  type Channel,
  type ImagineReference,
  type ReferenceWeightsRequest,
} from '@draw/shared';
import { Loader2Icon, PlusIcon, SendHorizontalIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { Tooltip } from '../../../components/ui/tooltip';
import { useIsMobile } from '../../../hooks/useMediaQuery';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { appSettingStore } from '../../../stores/appSetting';
import { getSettings, postMessage, reportFailure, submitDescribe, submitImagine, submitShorten, translatePrompt, uploadImages } from './api';
import { AttachmentTray, type ReferenceMarks } from './AttachmentTray';
import { IMAGE_ACCEPT } from './attachments';
import { BotAvatar } from './BotAvatar';
import { loadBotType, saveBotType } from './botPreference';
import { BotSwitch } from './BotSwitch';
import { CommandMenu, commandOptionId } from './CommandMenu';
import {
  activeCommand,
  checkMessage,
  checkPrompt,
  commandQuery,
  completeCommand,
  cycleIndex,
  matchCommands,
  offeredCommands,
  parseInput,
  takesPrompt,
  type CommandName,
  type ParsedInput,
  type TextProblem,
} from './commands';
import { DropOverlay } from './DropOverlay';
import { InfoCard } from './InfoCard';
import { MutedNotice } from './MutedNotice';
import { useMutedIn } from '../muted';
import { SettingsPanel } from './SettingsPanel';
import { TranslationPreview, type PendingTranslation } from './TranslationPreview';
import { COMPOSER_MAX_IMAGES, useImageList } from './useImageList';
import { clearPrefill, peekPrefill } from './prefill';
import { companyInfoStore } from '../../../stores/companyInfo';

// Opened on demand: its code loads on first open, not with the composer.
const BlendDialog = lazyWhenOpen(async () => (await import('./BlendDialog')).BlendDialog, (p) => p.open);

export interface ComposerProps {
  channel: Channel;
}

/**
 * The message box at the bottom of a channel, with the Midjourney bot's slash commands. Its state
 * (draft, images, open panels, bot) belongs to one channel: switching channels starts afresh.
 */
export function Composer({ channel }: ComposerProps) {
  return <ChannelComposer key={channel.id} channel={channel} />;
}

type Panel = 'settings' | 'info' | null;

/** The text limit of what is being typed: a prompt for a command, a message otherwise. */
function limitOf(text: string): { used: number; max: number } {
  const command = activeCommand(text);
  if (command) return { used: text.trim().length - command.length - 2, max: Limits.promptMaxChars };
  return { used: text.trim().length, max: Limits.messageMaxChars };
}

function ChannelComposer({ channel }: ComposerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const ids = useId();
  const menuId = `${ids}-commands`;
  const hintId = `${ids}-hint`;

  // The server's word wins over a stale channel: a 423 `channel_muted` mutes the composer until the
  // channel's mute setting changes.
  const [serverMuted, setServerMuted] = useState(false);
  const [seenBan, setSeenBan] = useState(channel.isBan);
  if (seenBan !== channel.isBan) {
    setSeenBan(channel.isBan);
    setServerMuted(false);
  }
  const muted = useMutedIn(channel) || serverMuted;

  const [text, setText] = useState(() => peekPrefill(channel.id) ?? '');
  useEffect(() => clearPrefill(channel.id), [channel.id]);
  const [botType, setBotType] = useState<BotType>(() => loadBotType(channel.id));
  const [panel, setPanel] = useState<Panel>(null);
  const [blendOpen, setBlendOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const { previewTranslation } = useSnapshot(appSettingStore);
  const [pending, setPending] = useState<PendingTranslation | null>(null);
  const [kinds, setKinds] = useState<Record<string, ReferenceKind>>({});
  const [weights, setWeights] = useState<ReferenceWeightsRequest>({});
  const [person, setPerson] = useState<'character' | 'omni'>(ReferenceKind.Character);

  const attachments = useImageList(COMPOSER_MAX_IMAGES, t('composer.errors.tooMany', { max: COMPOSER_MAX_IMAGES }));
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const describeAfterPick = useRef(false);
  const composing = useRef(false);

  // The command menu: open while `/letters` is typed and some command matches.
  const query = muted ? null : commandQuery(text);
  // Commands the engine cannot serve (/shorten on the Java line) are not offered at all.
  const { engineFeatures } = useSnapshot(companyInfoStore);
  const matches = query === null ? [] : matchCommands(query, offeredCommands(engineFeatures));
  const menuOpen = matches.length > 0 && dismissedAt !== text;
  const activeIndex = highlight.query === query ? Math.min(highlight.index, matches.length - 1) : 0;
  const optionCommand = activeCommand(text);
  const showOptionHint = !menuOpen && optionCommand !== null && takesPrompt(optionCommand);
  const limit = limitOf(text);
  const remaining = limit.max - limit.used;

  // The textarea grows with its text (up to half the viewport, then it scrolls).
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    // Empty: one line, whatever the placeholder's length; otherwise as tall as the text.
    element.style.height = 'auto';
    if (text) element.style.height = `${element.scrollHeight}px`;
  }, [text, muted]);

  const focusInput = () => input.current?.focus();

  // Opening a channel puts the cursor in its message box, as Discord does (not on phones, where
  // focus would pop the keyboard over the feed).
  useEffect(() => {
    if (!isMobile) input.current?.focus({ preventScroll: true });
  }, [isMobile]);

  const showProblem = (problem: TextProblem) =>
    notify.error(
      problem === 'messageTooLong'
        ? t('composer.errors.messageTooLong', { max: Limits.messageMaxChars })
        : problem === 'promptTooLong'
          ? t('composer.errors.promptTooLong', { max: Limits.promptMaxChars })
          : t('composer.errors.promptRequired'),
    );

  /** Runs one call; on success clears the input (and the images when they were sent). */
  async function submit(call: () => Promise<unknown>, sentImages: boolean): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      await call();
      setText('');
      setPending(null);
      if (sentImages) {
        attachments.clear();
        setKinds({});
        setWeights({});
      }
    } catch (error) {
      if (reportFailure(error) === 'channel_muted') setServerMuted(true);
    } finally {
      busy.current = false;
      setSending(false);
      focusInput();
    }
  }

  /**
   * The file picker. For /describe it takes one file and sends it at once (the command was already
   * given); otherwise the files go to the tray. A picker for /describe that allowed several files
   * sent one pick and left another in the tray with an error: one way now, whatever is picked.
   */
  function openPicker(forDescribe: boolean) {
    describeAfterPick.current = forDescribe;
    if (fileInput.current) fileInput.current.multiple = !forDescribe;
    fileInput.current?.click();
  }

  function describe() {
    const images = attachments.current();
    if (images.length === 0) {
      setText('/describe');
      openPicker(true);
      return;
    }
    if (images.length > 1) {
      notify.error(t('composer.errors.describeOne'));
      return;
    }
    const file = images[0]!.file;
    void submit(async () => {
      const [imageId] = await uploadImages([file]);
      return submitDescribe(channel.id, { imageId: imageId!, botType });
    }, true);
  }

  /** What an attached image is for (a person reference follows the version: --cref on V6, --oref on V7). */
  const kindOf = (key: string): ReferenceKind => {
    const kind = kinds[key] ?? ReferenceKind.Image;
    return kind === ReferenceKind.Character || kind === ReferenceKind.Omni ? person : kind;
  };

  /** Plain image prompts go as `imageIds`; marked images as references with the weights of the kinds in use. */
  function referencesOf(keys: string[], imageIds: string[]): { imageIds: string[] } | { references: ImagineReference[]; weights: ReferenceWeightsRequest } {
    const references = keys.map((key, i) => ({ imageId: imageIds[i]!, kind: kindOf(key) }));
    const used = new Set(references.map((r) => r.kind));
    const chosen = Object.fromEntries(Object.entries(weights).filter(([kind, weight]) => weight !== undefined && used.has(kind as ReferenceKind)));
    if (references.every((r) => r.kind === ReferenceKind.Image) && Object.keys(chosen).length === 0) return { imageIds };
    return { references, weights: chosen };
  }

  const marks: ReferenceMarks = {
    kinds: Object.fromEntries(attachments.images.map((image) => [image.key, kindOf(image.key)])),
    weights,
    person,
    onKind: (key, kind) => setKinds((current) => ({ ...current, [key]: kind })),
    onWeight: (kind, weight) => setWeights((current) => ({ ...current, [kind]: weight })),
  };

  // The version in the person's settings decides between --cref (V6) and --oref (V7).
  const hasImages = attachments.images.length > 0;
  useEffect(() => {
    if (!hasImages || panel === 'settings') return;
    let live = true;
    getSettings(channel.id, botType)
      .then((settings) => {
        const param = botType === BotTypes.NijiJourney ? 'niji' : 'v';
        if (live) setPerson(personReferenceFor(majorVersionOf(`--${param} ${settings.version}`)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [hasImages, botType, channel.id, panel]);

  /** With the preview on, a Chinese prompt first shows its English (once per prompt). */
  const needsPreview = (command: PendingTranslation['command'], prompt: string) =>
    previewTranslation && hasCjk(prompt) && !(pending && pending.prompt === prompt && pending.command === command);

  async function showTranslation(command: PendingTranslation['command'], prompt: string): Promise<void> {
    setPending({ command, prompt, promptEn: '', failed: false, loading: true });
    try {
      const { promptEn, failed } = await translatePrompt(prompt);
      setPending((current) => (current?.prompt === prompt ? { command, prompt, promptEn, failed, loading: false } : current));
    } catch (error) {
      reportFailure(error);
      setPending(null);
    }
  }

  function execute(parsed: ParsedInput) {
    if (busy.current) return;
    const images = attachments.current();
    if (parsed.kind === 'empty' || parsed.kind === 'message') {
      if (images.length > 0) {
        notify.error(t('composer.errors.attachmentsNeedCommand'));
        return;
      }
      if (parsed.kind === 'empty') return;
      const problem = checkMessage(parsed.content);
      if (problem) return showProblem(problem);
      void submit(() => postMessage(channel.id, parsed.content), false);
      return;
    }
    const { name, argument } = parsed;
    // The English shown for this very prompt goes as the person left it.
    if (pending?.loading) return;
    // A failed translation left untouched is not the person's English: the server tries again.
    const shown = pending && pending.prompt === argument && pending.command === name && !(pending.failed && pending.promptEn === argument);
    const edited = shown ? { promptEn: pending.promptEn } : {};
    switch (name) {
      case 'imagine': {
        const problem = checkPrompt(argument);
        if (problem) return showProblem(problem);
        if (needsPreview(name, argument)) return void showTranslation(name, argument);
        void submit(async () => {
          const imageIds = images.length > 0 ? await uploadImages(images.map((image) => image.file)) : undefined;
          return submitImagine(channel.id, { prompt: argument, ...edited, botType, ...(imageIds ? referencesOf(images.map((image) => image.key), imageIds) : {}) });
        }, true);
        return;
      }
      case 'shorten': {
        const problem = checkPrompt(argument);
        if (problem) return showProblem(problem);
        if (needsPreview(name, argument)) return void showTranslation(name, argument);
        void submit(() => submitShorten(channel.id, { prompt: argument, ...edited, botType }), false);
        return;
      }
      case 'describe':
        return describe();
      case 'blend':
        setText('');
        setBlendOpen(true);
        return;
      case 'settings':
      case 'info':
        setText('');
        setPanel(name);
        focusInput();
        return;
    }
  }

  function pick(name: CommandName) {
    if (takesPrompt(name)) {
      setText(completeCommand(name));
      focusInput();
      return;
    }
    execute({ kind: 'command', name, argument: '' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter that confirms an IME composition (Chinese, Japanese…) is not a send.
    if (event.nativeEvent.isComposing || composing.current || event.keyCode === 229) return;
    if (menuOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setHighlight({ query: query ?? '', index: cycleIndex(activeIndex, event.key === 'ArrowDown' ? 1 : -1, matches.length) });
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(text);
        return;
      }
    }
    if (event.key === 'Escape' && panel) {
      event.preventDefault();
      setPanel(null);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      execute(parseInput(text));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    if (!event.clipboardData.types.includes('text/plain')) event.preventDefault();
    void attachments.add(files);
  }

  const chooseBot = (next: BotType) => {
    setBotType(next);
    saveBotType(channel.id, next);
  };

  // Files dragged anywhere over the window attach here, with Discord's "Upload to #channel" overlay.
  const addFiles = attachments.add;
  const acceptDrops = !muted && !blendOpen;
  const onDropFiles = useCallback((files: File[]) => void addFiles(files), [addFiles]);
  useEffect(() => {
    if (!acceptDrops) return;
    let depth = 0;
    const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) onDropFiles(files);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
      setDragging(false);
    };
  }, [acceptDrops, onDropFiles]);

  const canSend = !sending && (text.trim().length > 0 || attachments.images.length > 0);
  const iconButton =
    'flex size-8 shrink-0 items-center justify-center rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

  return (
    <div data-testid="composer" className="relative shrink-0 px-2 pb-3 sm:px-4 sm:pb-6">
      {panel === 'settings' && <SettingsPanel key={botType} channelId={channel.id} botType={botType} onClose={() => setPanel(null)} />}
      {panel === 'info' && <InfoCard key={botType} channelId={channel.id} botType={botType} onClose={() => setPanel(null)} />}

      {muted ? (
        <MutedNotice onOpen={setPanel} />
      ) : (
        <div className="relative">
          {menuOpen && (
            <CommandMenu
              id={menuId}
              botType={botType}
              commands={matches}
              activeIndex={activeIndex}
              onPick={pick}
              onHover={(index) => setHighlight({ query: query ?? '', index })}
            />
          )}
          <div className="rounded-lg bg-[#ebedef] dark:bg-[#383a40]">
            {pending && (
              <TranslationPreview
                pending={pending}
                disabled={sending}
                onChange={(promptEn) => setPending({ ...pending, promptEn })}
                onSend={() => execute(parseInput(text))}
                onCancel={() => {
                  setPending(null);
                  focusInput();
                }}
              />
            )}
            {attachments.images.length > 0 && <AttachmentTray images={attachments.images} disabled={sending} onRemove={attachments.remove} marks={marks} />}
            {showOptionHint && (
              <div id={hintId} className="flex items-center gap-2 px-4 pt-2.5 text-[13px] text-muted-foreground">
                <BotAvatar botType={botType} className="size-4" />
                <span className="font-semibold text-heading">/{optionCommand}</span>
                <span className="rounded-[3px] bg-black/[0.06] px-1.5 font-mono text-xs dark:bg-black/25">{t('composer.menu.optionPrompt')}</span>
                <span className="truncate">{t(optionCommand === 'shorten' ? 'composer.commands.shortenPrompt' : 'composer.commands.imaginePrompt')}</span>
              </div>
            )}
            <div className="flex items-start gap-1 pr-2 pl-3 sm:pl-4">
              <div className="flex h-11 items-center">
                <Tooltip content={t('composer.attach')}>
                  <button
                    type="button"
                    data-testid="composer-attach"
                    aria-label={t('composer.attach')}
                    disabled={sending}
                    onClick={() => openPicker(false)}
                    className={cn(iconButton, 'size-6 bg-[#4e5058] text-[#ebedef] hover:bg-[#313338] dark:bg-[#b5bac1] dark:text-[#383a40] dark:hover:bg-[#dbdee1]')}
                  >
                    <PlusIcon className="size-4" strokeWidth={3} aria-hidden />
                  </button>
                </Tooltip>
              </div>
              <textarea
                ref={input}
                data-testid="composer-input"
                rows={1}
                value={text}
                placeholder={t(isMobile ? 'composer.placeholderShort' : 'composer.placeholder', { title: channel.title })}
                id="composer-input"
                aria-label={t('composer.label', { title: channel.title })}
                // A textarea keeps its textbox role (a combobox role is not allowed on it): the
                // command list is announced through autocomplete, controls and the active option.
                aria-haspopup="listbox"
                aria-autocomplete="list"
                aria-controls={menuOpen ? menuId : undefined}
                aria-activedescendant={menuOpen ? commandOptionId(menuId, matches[activeIndex]!) : undefined}
                aria-describedby={showOptionHint ? hintId : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  // The English shown belonged to the prompt as it was.
                  if (pending) setPending(null);
                }}
                onKeyDown={onKeyDown}
                onPaste={onPaste}
                onCompositionStart={() => (composing.current = true)}
                onCompositionEnd={() => (composing.current = false)}
                className="scrollbar-thin max-h-[50vh] min-h-11 min-w-0 flex-1 resize-none bg-transparent px-2 py-[11px] text-base leading-[22px] text-foreground outline-none placeholder:truncate placeholder:text-[#80848e] sm:px-3 md:text-[15px] dark:placeholder:text-[#6d6f78]"
              />
              <div className="flex h-11 items-center gap-1.5">
                <BotSwitch value={botType} disabled={sending} onChange={chooseBot} />
                <Tooltip content={sending ? t('composer.sending') : t('composer.send')}>
                  <button
                    type="button"
                    data-testid="composer-send"
                    aria-label={sending ? t('composer.sending') : t('composer.send')}
                    aria-busy={sending || undefined}
                    disabled={!canSend}
                    onClick={() => execute(parseInput(text))}
                    className={cn(iconButton, canSend ? 'bg-primary text-white hover:bg-primary-hover' : 'text-muted-foreground')}
                  >
                    {sending ? <Loader2Icon className="size-4 animate-spin" aria-hidden /> : <SendHorizontalIcon className="size-4" aria-hidden />}
                  </button>
                </Tooltip>
              </div>
            </div>
            {remaining < 200 && (
              <p className={cn('px-4 pb-2 text-right text-xs', remaining < 0 ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
                {t('composer.charsLeft', { count: remaining })}
              </p>
            )}
          </div>
        </div>
      )}

      <input
        ref={fileInput}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="hidden"
        data-testid="composer-file-input"
        aria-label={t('composer.fileInput')}
        disabled={muted}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          const forDescribe = describeAfterPick.current;
          describeAfterPick.current = false;
          if (files.length === 0) return;
          void attachments.add(files).then((added) => {
            if (forDescribe && added.length > 0) describe();
          });
        }}
      />

      <BlendDialog
        open={blendOpen}
        onOpenChange={(open) => {
          setBlendOpen(open);
          if (!open) focusInput();
        }}
        channelId={channel.id}
        botType={botType}
        initialFiles={attachments.images.map((image) => image.file)}
        onSubmitted={() => {
          setText('');
          attachments.clear();
        }}
        onMuted={() => setServerMuted(true)}
      />

      {dragging && <DropOverlay title={channel.title} />}
    </div>
  );
}
