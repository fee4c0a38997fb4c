import { Limits, type UpdateUserInfoRequest } from '@draw/shared';
import { api } from '../../../lib/api';
import { useEffect, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { errorId, FormField } from '../../../components/app/FormField';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { call, HttpError, upload } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { setUserInfo, userInfoStore, DEFAULT_DESCRIPTION } from '../../../stores/userInfo';
import { AvatarPicker } from './AvatarPicker';
import { validateAvatarFile, validateDescription, validateName, type ProfileError } from './profileForm';
import { SettingsSection } from './SettingsSection';
import { UnsavedBar } from './UnsavedBar';

const FORM_ID = 'settings-profile-form';

export interface ProfileSectionProps {
  /** Where the unsaved-changes bar goes (the dialog's foot); inline below the form without one. */
  barSlot?: HTMLElement | null;
  /** Told whenever the form starts or stops differing from the saved profile. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Closing attempts refused because of unsaved changes. */
  nudges?: number;
}

/**
 * Name, description and avatar → PUT /api/home/info. Mounted each time the dialog opens. While the
 * form differs from the saved profile (an avatar picked, a name or description typed) a bar offers
 * Reset / Save, so nothing is dropped without the person knowing.
 */
export function ProfileSection({ barSlot, onDirtyChange, nudges = 0 }: ProfileSectionProps = {}) {
  const { t } = useTranslation();
  const [initial, setInitial] = useState(() => ({
    name: userInfoStore.name,
    description: userInfoStore.description === DEFAULT_DESCRIPTION ? '' : userInfoStore.description,
    avatar: userInfoStore.avatar,
  }));
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [avatar, setAvatar] = useState(initial.avatar);
  const [nameError, setNameError] = useState<ProfileError | null>(null);
  const [descriptionError, setDescriptionError] = useState<ProfileError | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = name !== initial.name || description !== initial.description || avatar !== initial.avatar;

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  function onReset() {
    setName(initial.name);
    setDescription(initial.description);
    setAvatar(initial.avatar);
    setNameError(null);
    setDescriptionError(null);
  }

  async function onPickAvatar(file: File) {
    const problem = validateAvatarFile(file);
    if (problem) {
      notify.error(t(`settings.errors.${problem}`));
      return;
    }
    setUploading(true);
    try {
      const answer = await upload([file]);
      const url = answer?.files?.[0]?.url;
      if (url) setAvatar(url);
      else notify.error(t('http.requestFailed'));
    } catch {
      // The HTTP client has shown the error.
    } finally {
      setUploading(false);
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const foundName = validateName(name);
    const foundDescription = validateDescription(description);
    setNameError(foundName);
    setDescriptionError(foundDescription);
    if (foundName || foundDescription) return;

    // The avatar is sent only when a new one was uploaded (the server accepts only its own /files/ URLs).
    const change: UpdateUserInfoRequest = { name: name.trim(), description: description.trim() };
    if (avatar !== initial.avatar) change.avatar = avatar;
    setSaving(true);
    try {
      setUserInfo(await call(api.home.updateInfo, { body: change }));
      // What was just saved is the new starting point: the form is no longer dirty.
      setInitial({ name: change.name ?? name, description: change.description ?? description, avatar });
      setName(change.name ?? name);
      setDescription(change.description ?? description);
      notify.success(t('common.saveSuccess'));
    } catch (error) {
      // The HTTP client has shown the refusals it toasts; spec §8's 404/500 comes back unshown.
      if (error instanceof HttpError && !error.shown) notify.error(error.message);
    } finally {
      setSaving(false);
    }
  }

  function bar() {
    return <UnsavedBar nudges={nudges} saving={saving} busy={uploading} onReset={onReset} form={FORM_ID} />;
  }

  return (
    <SettingsSection title={t('settings.profile')}>
      <form
        id={FORM_ID}
        className="overflow-hidden rounded-lg bg-muted dark:bg-[#232428]"
        onSubmit={(event) => void onSave(event)}
        noValidate
      >
        <div className="h-16 bg-gradient-to-r from-[#5865F2] to-[#7983f5]" aria-hidden />
        <div className="-mt-10 flex items-end gap-3 px-4">
          <AvatarPicker
            src={avatar}
            name={name || initial.name}
            uploading={uploading}
            onPick={(file) => void onPickAvatar(file)}
          />
        </div>
        <div className="flex flex-col gap-4 p-4">
          <FormField
            id="settings-name"
            label={t('settings.name')}
            required
            error={nameError ? t(`settings.errors.${nameError}`, { max: Limits.userNameMaxChars }) : null}
          >
            <Input
              id="settings-name"
              data-testid="settings-name"
              value={name}
              maxLength={Limits.userNameMaxChars}
              autoComplete="nickname"
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? errorId('settings-name') : undefined}
              className="bg-background dark:bg-input"
            />
          </FormField>
          <FormField
            id="settings-description"
            label={t('settings.description')}
            error={
              descriptionError
                ? t(`settings.errors.${descriptionError}`, { max: Limits.userDescriptionMaxChars })
                : null
            }
            hint={`${[...description].length}/${Limits.userDescriptionMaxChars}`}
          >
            <Textarea
              id="settings-description"
              data-testid="settings-description"
              value={description}
              rows={2}
              maxLength={Limits.userDescriptionMaxChars}
              placeholder={t('settings.descriptionPlaceholder')}
              onChange={(event) => {
                setDescription(event.target.value);
                setDescriptionError(null);
              }}
              aria-invalid={descriptionError ? true : undefined}
              className="min-h-16 bg-background dark:bg-input"
            />
          </FormField>
        </div>
      </form>
      {dirty && (barSlot ? createPortal(bar(), barSlot) : bar())}
    </SettingsSection>
  );
}
