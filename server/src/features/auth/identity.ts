import type { UserDoc } from './repository';

/**
 * Who is asking: what request handlers and services get of the signed-in person. Not the stored
 * document (no password hash, phone or settings): a service that needs more reads it by id.
 */
export type SignedIn = Readonly<Pick<UserDoc, '_id' | 'name' | 'avatar' | 'isAdmin'>>;
