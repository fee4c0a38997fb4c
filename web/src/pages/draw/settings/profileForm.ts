import { IMAGE_MIME_TYPES, Limits } from '@draw/shared';

/** i18n keys under `settings.errors`. */
export type ProfileError =
  'nameRequired' | 'nameTooLong' | 'descriptionTooLong' | 'avatarType' | 'avatarSize';

/** Name: 1–32 characters after trimming. */
export function validateName(name: string): ProfileError | null {
  const length = [...name.trim()].length;
  if (length === 0) return 'nameRequired';
  return length > Limits.userNameMaxChars ? 'nameTooLong' : null;
}

export function validateDescription(description: string): ProfileError | null {
  return [...description.trim()].length > Limits.userDescriptionMaxChars ? 'descriptionTooLong' : null;
}

/** Avatars: jpg/png/gif up to 1 MB. */
export function validateAvatarFile(file: Pick<File, 'type' | 'size'>): ProfileError | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'avatarType';
  return file.size > Limits.imageMaxBytes ? 'avatarSize' : null;
}
