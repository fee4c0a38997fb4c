import { Limits, type EditorActionName } from '@draw/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { sendMessage } from '../feed/outbox';
import {
  checkMessage,
  checkPrompt,
  completeCommand,
  isEditorCommand,
  takesPrompt,
  type CommandName,
  type ParsedInput,
  type TextProblem,
} from './commands';
import type { Panel } from './ComposerPanels';
import { submitDescribe, submitEditor, submitImagine, submitShorten, type TaskTarget } from './taskCalls';
import type { ImagePicker } from './useImagePicker';
import type { ImageList } from './useImageList';
import type { ReferenceChoices } from './useReferenceMarks';
import type { Submission } from './useSubmission';
import { activePause, formatTimeLeft } from './submitPause';
import type { TranslationPreviewState } from './useTranslationPreview';

export interface CommandRunnerDeps {
  target: TaskTarget;
  setText(text: string): void;
  translation: TranslationPreviewState;
  attachments: ImageList;
  references: ReferenceChoices;
  picker: ImagePicker;
  submission: Submission;
  mutedByServer(): void;
  focusInput(): void;
  openPanel(panel: Panel): void;
  openBlend(): void;
  /** An unknown `/word` was sent: it stays in the input and the composer says what it may have meant. */
  refuseUnknown(unknown: UnknownCommand): void;
  /** The text as sent (mentions as tokens) and the message it answers. */
  outgoing?(content: string): { content: string; replyTo: string | undefined };
  /** A text message left the composer. */
  messageSent?(): void;
  /** A prompt was drawn (`/imagine …` as typed): the history keeps it; the first one offers notifications. */
  promptSent?(line: string): void;
}

export type UnknownCommand = Extract<ParsedInput, { kind: 'unknown' }>;

export interface CommandRunner {
  /** Sends what was typed: a message, or a command with its argument. */
  execute(parsed: ParsedInput): void;
  /** A command picked in the menu: one taking a prompt fills the input, the others run at once. */
  pick(name: CommandName): void;
}

/** What each command does once it is sent. */
export function useCommandRunner(deps: CommandRunnerDeps): CommandRunner {
  const { t } = useTranslation();
  const { target, setText, translation, attachments, references, picker, submission, focusInput } = deps;

  const showProblem = (problem: TextProblem) =>
    notify.error(
      problem === 'messageTooLong'
        ? t('composer.errors.messageTooLong', { max: Limits.messageMaxChars })
        : problem === 'promptTooLong'
          ? t('composer.errors.promptTooLong', { max: Limits.promptMaxChars })
          : t('composer.errors.promptRequired'),
    );

  /**
   * Runs one task call; on success clears the input (and the images when they were sent). While
   * moderation pauses the person's submits nothing is sent: the text stays for when it ends.
   */
  const submit = async (run: () => Promise<unknown>, sentImages: boolean, promptLine?: string) => {
    const pausedUntil = activePause();
    if (pausedUntil !== null)
      return void notify.error(t('moderation.paused', { time: formatTimeLeft(pausedUntil - Date.now()) }));
    return submission.submit(run, {
      onSent() {
        if (promptLine) deps.promptSent?.(promptLine);
        setText('');
        translation.setPending(null);
        if (sentImages) {
          attachments.clear();
          references.reset();
        }
      },
      onMuted: deps.mutedByServer,
      onSettled: focusInput,
    });
  };

  function describe() {
    const images = attachments.current();
    if (images.length === 0) {
      setText('/describe');
      picker.open(describe);
      return;
    }
    if (images.length > 1) {
      notify.error(t('composer.errors.describeOne'));
      return;
    }
    const file = images[0]!.file;
    void submit(() => submitDescribe(target, file), true);
  }

  /** An editor command (`/retexture <prompt>`): the one attached image, restyled by the prompt. */
  function edit(name: EditorActionName, prompt: string) {
    const problem = checkPrompt(prompt);
    if (problem) return showProblem(problem);
    const images = attachments.current();
    if (images.length !== 1) return void notify.error(t('composer.errors.editorOne', { name: `/${name}` }));
    const file = images[0]!.file;
    void submit(() => submitEditor(target, name, prompt, file), true);
  }

  function sendText(content: string) {
    const problem = checkMessage(content);
    if (problem) return showProblem(problem);
    // As Discord: the text leaves the input at once and shows as pending in the feed, then as
    // sent, or as failed with Retry (feed/outbox.ts), never as a toast.
    const outgoing = deps.outgoing?.(content) ?? { content, replyTo: undefined };
    setText('');
    translation.setPending(null);
    deps.messageSent?.();
    focusInput();
    void sendMessage(target.channelId, outgoing.content, outgoing.replyTo).then((reason) => {
      if (reason === 'channel_muted') deps.mutedByServer();
    });
  }

  /** A prompt command: checked, shown in English first when the person asked for it, then sent. */
  function sendPrompt(name: 'imagine' | 'shorten', prompt: string) {
    const problem = checkPrompt(prompt);
    if (problem) return showProblem(problem);
    if (translation.needsPreview(name, prompt)) return void translation.show(name, prompt);
    const edited = translation.editedFor(name, prompt);
    if (name === 'shorten') return void submit(() => submitShorten(target, prompt, edited), false);
    const images = attachments.current();
    void submit(
      () =>
        submitImagine(
          target,
          prompt,
          edited,
          images.map((image) => image.file),
          (imageIds) =>
            references.referencesOf(
              images.map((image) => image.key),
              imageIds,
            ),
        ),
      true,
      `/imagine ${prompt}`,
    );
  }

  function execute(parsed: ParsedInput) {
    if (submission.isBusy()) return;
    if (parsed.kind === 'unknown') return deps.refuseUnknown(parsed);
    if (parsed.kind === 'empty' || parsed.kind === 'message') {
      if (attachments.current().length > 0) {
        notify.error(t('composer.errors.attachmentsNeedCommand'));
        return;
      }
      if (parsed.kind === 'message') sendText(parsed.content);
      return;
    }
    const { name, argument } = parsed;
    // The English shown for this very prompt goes as the person left it.
    if (translation.pending?.loading) return;
    // Every editor action of the shared table (`/retexture` …) is sent the same way.
    if (isEditorCommand(name)) return edit(name, argument);
    switch (name) {
      case 'imagine':
      case 'shorten':
        return sendPrompt(name, argument);
      case 'describe':
        return describe();
      case 'blend':
        setText('');
        deps.openBlend();
        return;
      case 'settings':
      case 'info':
        setText('');
        deps.openPanel(name);
        focusInput();
        return;
    }
  }

  return {
    execute,
    pick(name) {
      if (takesPrompt(name)) {
        setText(completeCommand(name));
        focusInput();
        return;
      }
      execute({ kind: 'command', name, argument: '' });
    },
  };
}
