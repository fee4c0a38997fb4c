import type { FastifyPluginAsync } from 'fastify';
import { ErrorReason, Limits } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { AppError } from '../../errors';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import { assertWithinBudget, type UploadsService } from './service';

export const uploadsPlugin: FastifyPluginAsync<{ uploads: UploadsService }> = async (app, { uploads }) => {
  serve(app, api.uploads.upload, async (request) => {
    if (!request.isMultipart()) throw new AppError(ErrorReason.BadRequest, 'upload.notMultipart');
    // Before any part is read, and counted as the parts arrive: past the day's budget the rest of
    // the request is neither kept nor decoded.
    const budget = await uploads.budgetOf(currentUser(request)._id);
    const files: Buffer[] = [];
    let received = 0;
    try {
      for await (const part of request.files({
        limits: { fileSize: Limits.imageMaxBytes, files: Limits.uploadMaxFiles + 1 },
      })) {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(ErrorReason.PayloadTooLarge, 'upload.tooLarge');
        received += data.length;
        assertWithinBudget(budget, received);
        files.push(data);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(ErrorReason.PayloadTooLarge, 'upload.tooLarge');
      if (code === 'FST_FILES_LIMIT')
        throw new AppError(ErrorReason.BadRequest, 'upload.tooMany', { max: Limits.uploadMaxFiles });
      // Only the multipart parser runs in this block: anything else it throws (a boundary that is
      // never found, a truncated form, a malformed part header) is a malformed request, not a 500.
      if ((error as { statusCode?: number }).statusCode === undefined) {
        throw new AppError(ErrorReason.BadRequest, 'error.validation', {
          detail: String((error as Error).message ?? error).slice(0, 200),
        });
      }
      throw error;
    }
    return { files: await uploads.store(budget, files) };
  });
};
