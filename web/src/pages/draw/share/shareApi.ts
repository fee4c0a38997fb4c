import { api } from '../../../lib/api';
import { call } from '../../../lib/http';

/** Makes (or gives again) the public link to a result: its absolute URL. */
export const createShareLink = async (taskId: string): Promise<string> =>
  (await call(api.share.create, { params: { taskId } })).url;

/** Stops a result's public link at once. */
export const stopShareLink = async (taskId: string): Promise<void> => {
  await call(api.share.revoke, { params: { taskId } });
};
