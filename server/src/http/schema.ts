import type { Static, TSchema } from 'typebox';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Ties a route's JSON schema to the REST type declared once in `@draw/shared`: the call only
 * compiles when the schema describes exactly that type.
 */
export function schemaOf<T>() {
  return <S extends TSchema>(schema: S & (Same<Static<S>, T> extends true ? unknown : { __schemaDoesNotMatch: T })): S =>
    schema;
}
