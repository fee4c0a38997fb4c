import { ErrorReason } from '@draw/shared';
import { AppError } from '../errors';

/** Turns driver-specific failures into the server's own errors, identically for both adapters. */
export function duplicateKeyError(collection: string, keys: string): AppError {
  return new AppError(ErrorReason.Conflict, 'error.duplicate', { collection, keys });
}

export function invalidDocumentError(detail: string): AppError {
  return new AppError(ErrorReason.BadRequest, 'error.invalidDocument', { detail });
}

/** A filter or update the storage port does not allow: a bug, or input that skipped validation. */
export function invalidQueryError(detail: string): AppError {
  return new AppError(ErrorReason.BadRequest, 'error.invalidDocument', {
    detail: `unsupported query: ${detail}`,
  });
}

interface ValidationLike {
  name?: string;
  errors?: Record<string, { message?: string }>;
  message?: string;
}

export function describeValidation(error: unknown): string {
  const e = error as ValidationLike;
  if (e?.errors)
    return Object.values(e.errors)
      .map((x) => x.message ?? '')
      .join('; ');
  return e?.message ?? String(error);
}
