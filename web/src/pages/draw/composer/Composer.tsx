import type { Channel } from '@draw/shared';
import { useCallback, useId, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { useIsMobile } from '../../../hooks/useMediaQuery';
import { EnginePicker } from '../engines/EnginePicker';
import { takesBotType } from '../engines/enginesStore';
import { AttachmentTray } from './AttachmentTray';
import { BotSwitch } from './BotSwitch';
import { CharsLeft } from './CharsLeft';
import { CommandMenu, commandOptionId } from './CommandMenu';
import { activeCommand, completeCommand, drawableText, parseInput, takesPrompt } from './commands';
import { AttachButton, SendButton } from './ComposerButtons';
import { DrawOffer, UnknownCommandNote } from './ComposerNotes';
import { ComposerPanels, type Panel } from './ComposerPanels';
import { DropOverlay } from './DropOverlay';
import { ImageFileInput } from './ImageFileInput';
import { MentionMenu, mentionOptionId } from './MentionMenu';
import { MutedNotice } from './MutedNotice';
import { PauseNotice } from './PauseNotice';
import { NotificationOffer } from './NotificationOffer';
import { ReplyBar } from './ReplyBar';
import { useConversationInput } from './useConversationInput';
import { offerNotifications } from '../social/notifier';
import { OptionHint } from './OptionHint';
import { TranslationPreview } from './TranslationPreview';
import { useCommandMenu } from './useCommandMenu';
import { useCommandRunner, type UnknownCommand } from './useCommandRunner';
import { useComposerKeys } from './useComposerKeys';
import { useComposerMute } from './useComposerMute';
import { useDraft } from './useDraft';
import { useDrawTarget } from './useDrawTarget';
import { COMPOSER_MAX_IMAGES, useImageList } from './useImageList';
import { useImagePicker } from './useImagePicker';
import { useReferenceMarks } from './useReferenceMarks';
import { useSubmission } from './useSubmission';
import { useTranslationPreview } from './useTranslationPreview';
import { useTypeAnywhere } from './useTypeAnywhere';
import { useWindowFileDrop } from './useWindowFileDrop';

// Opened on demand: its code loads on first open (or when the page is idle), not with the composer.
const BlendDialog = lazyWhenOpen(
  async () => (await import('./BlendDialog')).BlendDialog,
  (p) => p.open,
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

function ChannelComposer({ channel }: ComposerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const ids = useId();
  const menuId = `${ids}-commands`;
  const mentionMenuId = `${ids}-mentions`;
  const hintId = `${ids}-hint`;
  const offerId = `${ids}-offer`;
  const unknownId = `${ids}-unknown`;

  const { muted, mutedByServer } = useComposerMute(channel);
  const target = useDrawTarget(channel);
  const { botType, engineId, choice } = target;
  const [panel, setPanel] = useState<Panel>(null);
  const [blendOpen, setBlendOpen] = useState(false);
  const [unknown, setUnknown] = useState<UnknownCommand | null>(null);
  const translation = useTranslationPreview();
  const { pending } = translation;
  const submission = useSubmission();
  const { sending } = submission;

  const { input, text, setText } = useDraft(channel.id, !muted, !isMobile);
  useTypeAnywhere(input, !muted && !isMobile);
  const attachments = useImageList(
    COMPOSER_MAX_IMAGES,
    t('composer.errors.tooMany', { max: COMPOSER_MAX_IMAGES }),
  );
  const references = useReferenceMarks(attachments.images, channel.id, botType, panel === 'settings');
  const [fileInput, picker] = useImagePicker(attachments);
  const addAttachments = attachments.add;
  const addImages = useCallback((files: File[]) => void addAttachments(files), [addAttachments]);
  const conversation = useConversationInput({
    channelId: channel.id,
    isCreator: channel.isCreator,
    input,
    text,
    setText,
    addImages,
  });
  const menu = useCommandMenu(text, muted, choice.engine?.features);
  const dragging = useWindowFileDrop(!muted && !blendOpen, attachments.add);

  const focusInput = () => input.current?.focus();
  const runner = useCommandRunner({
    target: { channelId: channel.id, botType, engineBody: target.engineBody },
    setText,
    translation,
    attachments,
    references,
    picker,
    submission,
    mutedByServer,
    focusInput,
    openPanel: setPanel,
    openBlend: () => setBlendOpen(true),
    refuseUnknown: setUnknown,
    outgoing: conversation.outgoing,
    messageSent: conversation.sent,
    promptSent: (line) => {
      conversation.promptSent(line);
      offerNotifications();
    },
  });
  const send = () => runner.execute(parseInput(text));
  const drawable = drawableText(text);
  /** Text with no slash drawn as a prompt (the offer, or Ctrl/⌘+Enter); anything else is sent as it is. */
  const draw = () =>
    drawable ? runner.execute({ kind: 'command', name: 'imagine', argument: drawable }) : send();
  const keys = useComposerKeys({
    menu,
    pick: runner.pick,
    closePanel: () => {
      if (!panel) return false;
      setPanel(null);
      return true;
    },
    send,
    draw,
  });

  const mentionOpen = conversation.mention.open && !menu.open;
  const onKeyDown: typeof keys.onKeyDown = (event) => {
    if (!menu.open && conversation.onKeyDown(event)) return;
    keys.onKeyDown(event);
  };
  const activeMentionId = mentionOpen
    ? mentionOptionId(mentionMenuId, conversation.mention.matches[conversation.mention.activeIndex]!.userId)
    : undefined;

  const optionCommand = activeCommand(text);
  const showOptionHint = !menu.open && optionCommand !== null && takesPrompt(optionCommand);
  const showOffer = drawable !== null && !unknown && !pending;
  const describedBy = [showOptionHint && hintId, showOffer && offerId, unknown && unknownId].filter(Boolean);
  const canSend = !sending && (text.trim().length > 0 || attachments.images.length > 0);

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    if (!event.clipboardData.types.includes('text/plain')) event.preventDefault();
    void attachments.add(files);
  }

  return (
    <div data-testid="composer" className="relative shrink-0 px-2 pb-3 sm:px-4 sm:pb-6">
      <ComposerPanels
        panel={panel}
        channelId={channel.id}
        botType={botType}
        engine={engineId}
        onClose={() => setPanel(null)}
      />

      <NotificationOffer />
      <PauseNotice />
      {muted ? (
        <MutedNotice onOpen={setPanel} />
      ) : (
        <div className="relative">
          {mentionOpen && (
            <MentionMenu
              id={mentionMenuId}
              candidates={conversation.mention.matches}
              activeIndex={conversation.mention.activeIndex}
              onPick={conversation.mention.pick}
              onHover={conversation.mention.highlight}
            />
          )}
          {menu.open && (
            <CommandMenu
              id={menuId}
              botType={botType}
              engine={engineId}
              prices={choice.engine?.prices}
              commands={menu.matches}
              activeIndex={menu.activeIndex}
              onPick={runner.pick}
              onHover={menu.highlight}
            />
          )}
          <div className="rounded-lg bg-[#ebedef] dark:bg-[#383a40]">
            {conversation.reply && (
              <ReplyBar reply={conversation.reply} onCancel={conversation.cancelReply} />
            )}
            {pending && (
              <TranslationPreview
                pending={pending}
                disabled={sending}
                onChange={(promptEn) => translation.setPending({ ...pending, promptEn })}
                onSend={send}
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
              <OptionHint id={hintId} command={optionCommand} botType={botType} engine={engineId} />
            )}
            {unknown && (
              <UnknownCommandNote
                id={unknownId}
                unknown={unknown}
                onUse={(command) => {
                  setText(unknown.argument ? `/${command} ${unknown.argument}` : completeCommand(command));
                  setUnknown(null);
                  focusInput();
                }}
              />
            )}
            {showOffer && <DrawOffer id={offerId} onDraw={draw} />}
            <div className="flex items-start gap-1 pr-2 pl-3 sm:pl-4">
              <div className="flex h-11 items-center">
                <AttachButton disabled={sending} onClick={() => picker.open()} />
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
                aria-controls={menu.open ? menuId : mentionOpen ? mentionMenuId : undefined}
                aria-activedescendant={
                  menu.open ? commandOptionId(menuId, menu.matches[menu.activeIndex]!) : activeMentionId
                }
                aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  conversation.onSelect();
                  setUnknown(null);
                  // The English shown belonged to the prompt as it was.
                  if (pending) translation.setPending(null);
                }}
                onPaste={onPaste}
                onSelect={conversation.onSelect}
                {...keys}
                onKeyDown={onKeyDown}
                className="scrollbar-thin max-h-[50vh] min-h-11 min-w-0 flex-1 resize-none bg-transparent px-2 py-[11px] text-base leading-[22px] text-foreground outline-none placeholder:truncate placeholder:text-[#80848e] sm:px-3 md:text-[15px] dark:placeholder:text-[#6d6f78]"
              />
              <div className="flex h-11 items-center gap-1.5">
                {target.engines && target.engines.length > 0 && (
                  <EnginePicker
                    engines={target.engines}
                    choice={choice}
                    disabled={sending}
                    onPick={(next) => {
                      target.pickEngine(next);
                      focusInput();
                    }}
                  />
                )}
                {takesBotType(engineId) && (
                  <BotSwitch
                    value={botType}
                    engine={engineId}
                    disabled={sending}
                    onChange={target.chooseBot}
                  />
                )}
                <SendButton sending={sending} canSend={canSend} onClick={send} />
              </div>
            </div>
            <CharsLeft text={text} />
          </div>
        </div>
      )}

      <ImageFileInput
        ref={fileInput}
        testId="composer-file-input"
        label={t('composer.fileInput')}
        disabled={muted}
        onFiles={picker.onFiles}
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
