import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema } from '../../storage/schema';

/** One person's star on one image: private to them. */
export interface FavoriteDoc extends BaseDoc {
  /** `_id` is `<userId>:<taskId>`: a person stars an image at most once. */
  userId: string;
  taskId: string;
  /** The image's finish time, so "favourites only" pages in the archive's own order. */
  finishTime: number;
  createdAt: number;
}

const favoriteSchema = documentSchema({
  userId: { type: String, required: true },
  taskId: { type: String, required: true },
  finishTime: { type: Number, required: true },
  createdAt: { type: Number, required: true },
});
favoriteSchema.index({ userId: 1, taskId: 1 }, { unique: true });
favoriteSchema.index({ userId: 1, finishTime: -1, taskId: -1 });

export const Favorites = defineCollection<FavoriteDoc>('favorites', favoriteSchema);
export const favoriteId = (userId: string, taskId: string) => `${userId}:${taskId}`;

export function favoritesRepository(storage: Storage) {
  return storage.collection(Favorites);
}
export type FavoritesRepository = ReturnType<typeof favoritesRepository>;
