import { Limits, type BotType, type Channel, type EditorActionName, type EngineInfo } from '@draw/shared';
import { Loader2Icon, PlusIcon, SendHorizontalIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { Tooltip } from '../../../components/ui/tooltip';
import { useIsMobile } from '../../../hooks/useMediaQuery';
import { api, editorRoute } from '../../../lib/api';
import { call, reportFailure, uploadImages } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { refreshCredits } from '../credits/creditsStore';
import { sendMessage } from '../feed/outbox';
import { chooseEngine, loadEnginePick, saveEnginePick } from '../engines/engineChoice';
import { EnginePicker } from '../engines/EnginePicker';
import { takesBotType, useEngines } from '../engines/enginesStore';
import { AttachmentTray } from './AttachmentTray';
import { BotAvatar } from './BotAvatar';
import { loadBotType, saveBotType } from './botPreference';
import { BotSwitch } from './BotSwitch';
import { CommandMenu, commandOptionId } from './CommandMenu';
import {
  activeCommand,
  checkMessage,
  checkPrompt,
  completeCommand,
  parseInput,
  isEditorCommand,
  takesPrompt,
  type CommandName,
  type ParsedInput,
  type TextProblem,
} from './commands';
import { DropOverlay } from './DropOverlay';
import { ImageFileInput } from './ImageFileInput';
import { InfoCard } from './InfoCard';
import { MutedNotice } from './MutedNotice';
import { TranslationPreview } from './TranslationPreview';
import { useCommandMenu } from './useCommandMenu';
import { useComposerMute } from './useComposerMute';
import { useGrowingInput } from './useGrowingInput';
import { useTypeAnywhere } from './useTypeAnywhere';
import { COMPOSER_MAX_IMAGES, useImageList } from './useImageList';
import { useReferenceMarks } from './useReferenceMarks';
import { useTranslationPreview } from './useTranslationPreview';
import { useWindowFileDrop } from './useWindowFileDrop';
import { clearPrefill, onPrefill, peekPrefill } from './prefill';

// Opened on demand: their code loads on first open (or when the page is idle), not with the composer.
const BlendDialog = lazyWhenOpen(
  async () => (await import('./BlendDialog')).BlendDialog,
  (p) => p.open,
);
const SettingsPanel = lazyWhenOpen(
  async () => (await import('./SettingsPanel')).SettingsPanel,
  () => true,
);

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

/** A task was submitted: the credit meter reads the balance again (also when the live feed is down). */
function charged<T>(submitted: Promise<T>): Promise<T> {
  return submitted.then((answer) => {
    void refreshCredits();
    return answer;
  });
}

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

  const { muted, mutedByServer } = useComposerMute(channel);

  const [text, setText] = useState(() => peekPrefill(channel.id) ?? '');
  useEffect(() => clearPrefill(channel.id), [channel.id]);
  const [botType, setBotType] = useState<BotType>(() => loadBotType(channel.id));
  // The engine the next task goes to: this person's pick here ?? the channel's ?? the site's default.
  const { engines } = useEngines();
  const [enginePick, setEnginePick] = useState<string | null>(() => loadEnginePick(channel.id));
  const choice = chooseEngine(engines, enginePick, channel.engine ?? null);
  const engineId = choice.engine?.id ?? null;
  // Only a person's own pick is named in a submit: otherwise the server applies the channel's.
  const engineBody = choice.picked ? { engine: choice.picked.id } : {};
  const [panel, setPanel] = useState<Panel>(null);
  const [blendOpen, setBlendOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const translation = useTranslationPreview();
  const { pending } = translation;

  const attachments = useImageList(
    COMPOSER_MAX_IMAGES,
    t('composer.errors.tooMany', { max: COMPOSER_MAX_IMAGES }),
  );
  const references = useReferenceMarks(attachments.images, channel.id, botType, panel === 'settings');
  const menu = useCommandMenu(text, muted, choice.engine?.features);
  const dragging = useWindowFileDrop(!muted && !blendOpen, attachments.add);
  const input = useGrowingInput(text, !muted, !isMobile);
  useTypeAnywhere(input, !muted && !isMobile);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const describeAfterPick = useRef(false);
  const composing = useRef(false);

  const optionCommand = activeCommand(text);
  const showOptionHint = !menu.open && optionCommand !== null && takesPrompt(optionCommand);
  const limit = limitOf(text);
  const remaining = limit.max - limit.used;

  const focusInput = () => input.current?.focus();
  // A failed task's "Edit prompt" while this composer is open: the text replaces what was typed.
  useEffect(
    () =>
      onPrefill((channelId, value) => {
        if (channelId !== channel.id) return;
        clearPrefill(channelId);
        setText(value);
        input.current?.focus();
      }),
    [channel.id, input],
  );

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
      translation.setPending(null);
      if (sentImages) {
        attachments.clear();
        references.reset();
      }
    } catch (error) {
      if (reportFailure(error) === 'channel_muted') mutedByServer();
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
      return charged(
        call(api.tasks.describe, {
          params: { channelId: channel.id },
          body: { imageId: imageId!, botType, ...engineBody },
        }),
      );
    }, true);
  }

  /** An editor command (`/retexture <prompt>`): the one attached image, restyled by the prompt. */
  function edit(name: EditorActionName, prompt: string) {
    const problem = checkPrompt(prompt);
    if (problem) return showProblem(problem);
    const images = attachments.current();
    const command: string = `/${name}`;
    if (images.length !== 1) return void notify.error(t('composer.errors.editorOne', { name: command }));
    const file = images[0]!.file;
    void submit(async () => {
      const [imageId] = await uploadImages([file]);
      return charged(
        call(editorRoute(name), {
          params: { channelId: channel.id },
          body: { imageId: imageId!, prompt, botType, ...engineBody },
        }),
      );
    }, true);
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
      // As Discord: the text leaves the input at once and shows as pending in the feed, then as
      // sent, or as failed with Retry (feed/outbox.ts), never as a toast.
      setText('');
      translation.setPending(null);
      focusInput();
      void sendMessage(channel.id, parsed.content).then((reason) => {
        if (reason === 'channel_muted') mutedByServer();
      });
      return;
    }
    const { name, argument } = parsed;
    // The English shown for this very prompt goes as the person left it.
    if (pending?.loading) return;
    if (isEditorCommand(name)) return edit(name, argument);
    switch (name) {
      case 'imagine': {
        const problem = checkPrompt(argument);
        if (problem) return showProblem(problem);
        if (translation.needsPreview(name, argument)) return void translation.show(name, argument);
        const edited = translation.editedFor(name, argument);
        void submit(async () => {
          const imageIds =
            images.length > 0 ? await uploadImages(images.map((image) => image.file)) : undefined;
          const referenced = imageIds
            ? references.referencesOf(
                images.map((image) => image.key),
                imageIds,
              )
            : {};
          return charged(
            call(api.tasks.imagine, {
              params: { channelId: channel.id },
              body: { prompt: argument, ...edited, botType, ...engineBody, ...referenced },
            }),
          );
        }, true);
        return;
      }
      case 'shorten': {
        const problem = checkPrompt(argument);
        if (problem) return showProblem(problem);
        if (translation.needsPreview(name, argument)) return void translation.show(name, argument);
        const edited = translation.editedFor(name, argument);
        void submit(
          () =>
            charged(
              call(api.tasks.shorten, {
                params: { channelId: channel.id },
                body: { prompt: argument, ...edited, botType, ...engineBody },
              }),
            ),
          false,
        );
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
    if (menu.open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        menu.move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(menu.matches[menu.activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        menu.dismiss();
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

  /** The channel's own engine again forgets the pick: the person then follows the channel's later changes. */
  const pickEngine = (next: EngineInfo) => {
    const pick = next.id === choice.channelDefault?.id ? null : next.id;
    setEnginePick(pick);
    saveEnginePick(channel.id, pick);
    focusInput();
  };

  const chooseBot = (next: BotType) => {
    setBotType(next);
    saveBotType(channel.id, next);
  };

  const canSend = !sending && (text.trim().length > 0 || attachments.images.length > 0);
  const iconButton =
    'flex size-8 shrink-0 items-center justify-center rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

  return (
    <div data-testid="composer" className="relative shrink-0 px-2 pb-3 sm:px-4 sm:pb-6">
      {panel === 'settings' && (
        <SettingsPanel
          key={botType}
          channelId={channel.id}
          botType={botType}
          engine={engineId}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'info' && (
        <InfoCard
          key={botType}
          channelId={channel.id}
          botType={botType}
          engine={engineId}
          onClose={() => setPanel(null)}
        />
      )}

      {muted ? (
        <MutedNotice onOpen={setPanel} />
      ) : (
        <div className="relative">
          {menu.open && (
            <CommandMenu
              id={menuId}
              botType={botType}
              engine={engineId}
              prices={choice.engine?.prices}
              commands={menu.matches}
              activeIndex={menu.activeIndex}
              onPick={pick}
              onHover={menu.highlight}
            />
          )}
          <div className="rounded-lg bg-[#ebedef] dark:bg-[#383a40]">
            {pending && (
              <TranslationPreview
                pending={pending}
                disabled={sending}
                onChange={(promptEn) => translation.setPending({ ...pending, promptEn })}
                onSend={() => execute(parseInput(text))}
                onCancel={() => {
                  translation.setPending(null);
                  focusInput();
                }}
              />
            )}
            {attachments.images.length > 0 && (
              <AttachmentTray
                images={attachments.images}
                disabled={sending}
                onRemove={attachments.remove}
                marks={references.marks}
              />
            )}
            {showOptionHint && (
              <div
                id={hintId}
                className="flex items-center gap-2 px-4 pt-2.5 text-[13px] text-muted-foreground dark:text-[#b5bac1]"
              >
                <BotAvatar botType={botType} engine={engineId} className="size-4" />
                <span className="font-semibold text-heading">/{optionCommand}</span>
                <span className="rounded-[3px] bg-black/[0.06] px-1.5 font-mono text-xs dark:bg-black/25">
                  {t('composer.menu.optionPrompt')}
                </span>
                <span className="truncate">
                  {t(
                    optionCommand === 'shorten'
                      ? 'composer.commands.shortenPrompt'
                      : isEditorCommand(optionCommand)
                        ? 'composer.commands.editorPrompt'
                        : 'composer.commands.imaginePrompt',
                  )}
                </span>
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
                    className={cn(
                      iconButton,
                      'size-6 bg-[#4e5058] text-[#ebedef] hover:bg-[#313338] dark:bg-[#b5bac1] dark:text-[#383a40] dark:hover:bg-[#dbdee1]',
                    )}
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
                placeholder={t(isMobile ? 'composer.placeholderShort' : 'composer.placeholder', {
                  title: channel.title,
                })}
                id="composer-input"
                aria-label={t('composer.label', { title: channel.title })}
                // A textarea keeps its textbox role (a combobox role is not allowed on it): the
                // command list is announced through autocomplete, controls and the active option.
                aria-haspopup="listbox"
                aria-autocomplete="list"
                aria-controls={menu.open ? menuId : undefined}
                aria-activedescendant={
                  menu.open ? commandOptionId(menuId, menu.matches[menu.activeIndex]!) : undefined
                }
                aria-describedby={showOptionHint ? hintId : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  // The English shown belonged to the prompt as it was.
                  if (pending) translation.setPending(null);
                }}
                onKeyDown={onKeyDown}
                onPaste={onPaste}
                onCompositionStart={() => (composing.current = true)}
                onCompositionEnd={() => (composing.current = false)}
                className="scrollbar-thin max-h-[50vh] min-h-11 min-w-0 flex-1 resize-none bg-transparent px-2 py-[11px] text-base leading-[22px] text-foreground outline-none placeholder:truncate placeholder:text-[#80848e] sm:px-3 md:text-[15px] dark:placeholder:text-[#6d6f78]"
              />
              <div className="flex h-11 items-center gap-1.5">
                {engines && engines.length > 0 && (
                  <EnginePicker engines={engines} choice={choice} disabled={sending} onPick={pickEngine} />
                )}
                {takesBotType(engineId) && (
                  <BotSwitch value={botType} disabled={sending} onChange={chooseBot} />
                )}
                <Tooltip content={sending ? t('composer.sending') : t('composer.send')}>
                  <button
                    type="button"
                    data-testid="composer-send"
                    aria-label={sending ? t('composer.sending') : t('composer.send')}
                    aria-busy={sending || undefined}
                    disabled={!canSend}
                    onClick={() => execute(parseInput(text))}
                    className={cn(
                      iconButton,
                      canSend ? 'bg-primary text-white hover:bg-primary-hover' : 'text-muted-foreground',
                    )}
                  >
                    {sending ? (
                      <Loader2Icon className="size-4 animate-spin" aria-hidden />
                    ) : (
                      <SendHorizontalIcon className="size-4" aria-hidden />
                    )}
                  </button>
                </Tooltip>
              </div>
            </div>
            {remaining < 200 && (
              <p
                className={cn(
                  'px-4 pb-2 text-right text-xs',
                  remaining < 0 ? 'text-destructive' : 'text-muted-foreground',
                )}
                aria-live="polite"
              >
                {t('composer.charsLeft', { count: remaining })}
              </p>
            )}
          </div>
        </div>
      )}

      <ImageFileInput
        ref={fileInput}
        testId="composer-file-input"
        label={t('composer.fileInput')}
        disabled={muted}
        onFiles={(files) => {
          const forDescribe = describeAfterPick.current;
          describeAfterPick.current = false;
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
        engine={choice.picked?.id}
        initialFiles={attachments.images.map((image) => image.file)}
        onSubmitted={() => {
          setText('');
          attachments.clear();
        }}
        onMuted={mutedByServer}
      />

      {dragging && <DropOverlay title={channel.title} />}
    </div>
  );
}
