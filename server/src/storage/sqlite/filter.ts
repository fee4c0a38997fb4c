import { invalidQueryError } from '../errors';
import type { FindOptions } from '../port';

/** A piece of SQL and the values bound to its `?` placeholders, in order. */
export interface SqlPart {
  sql: string;
  params: SqlValue[];
}

export type SqlValue = string | number | bigint | null;

const SAFE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

/**
 * The SQL expression for a document field. Every query and every index spells a field the same
 * way, so SQLite matches a filter's term with the index built on that exact expression. `_id` is a
 * real column (the primary key); the rest live in the JSONB `doc`. A collection's own queries spell
 * the fields its indexes cover by their key columns instead (`documentFields`). `document` names
 * another JSONB value to read from (a trigger's `NEW.doc`).
 */
export function fieldSql(path: string, document = 'doc'): string {
  if (path === '_id') return '_id';
  if (!SAFE_PATH.test(path)) throw invalidQueryError(`field name ${JSON.stringify(path)}`);
  return `json_extract(${document}, '$.${path}')`;
}

export const KEY_COLUMN_PREFIX = 'f:';
/** The column, quoted, holding a field an index covers (`sqlite/key-columns.ts`); paths are checked names. */
export const keyColumnSql = (path: string) => `"${KEY_COLUMN_PREFIX}${path}"`;

/**
 * How a collection's queries spell its fields: a field an index covers has a column of its own
 * (`sqlite/key-columns.ts`), the rest are read from the document. Lists (`arrayPaths`) match an
 * element on equality, as in MongoDB.
 */
export interface DocumentFields {
  field(path: string): string;
  arrayPaths: ReadonlySet<string>;
}

export function documentFields(
  keyColumns: ReadonlySet<string> = new Set(),
  arrayPaths: ReadonlySet<string> = new Set(),
): DocumentFields {
  return {
    arrayPaths,
    field: (path) => (keyColumns.has(path) ? keyColumnSql(path) : fieldSql(path)),
  };
}

/** Fields read from the document only (a table without key columns). */
const FROM_DOCUMENT = documentFields();

/** A document field as JSON (objects and arrays whole, absent as SQL NULL), for `json_object`. */
export function fieldJsonSql(path: string): string {
  if (!SAFE_PATH.test(path) || path === '_id') throw invalidQueryError(`field name ${JSON.stringify(path)}`);
  return `doc -> '$.${path}'`;
}

/** JSON booleans come out of `json_extract` as 1 and 0, so that is how they are compared. */
function bindable(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') return value;
  throw invalidQueryError(`value of type ${typeof value}`);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  isPlainObject(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => key.startsWith('$'));

/** Equality as MongoDB means it: null matches a missing field; an array field matches an element. */
function equals(path: string, value: unknown, fields: DocumentFields): SqlPart {
  const field = fields.field(path);
  if (value === null || value === undefined) return { sql: `${field} IS NULL`, params: [] };
  if (Array.isArray(value) || isPlainObject(value)) {
    return { sql: `${field} = json(?)`, params: [JSON.stringify(value)] };
  }
  if (fields.arrayPaths.has(path)) {
    return {
      sql: `(EXISTS (SELECT 1 FROM json_each(doc, '$.${path}') WHERE value = ?) OR ${field} = ?)`,
      params: [bindable(value), bindable(value)],
    };
  }
  return { sql: `${field} = ?`, params: [bindable(value)] };
}

/** `x IN (…)` with one bound JSON array, so every list length shares one prepared statement. */
function within(path: string, values: readonly unknown[], fields: DocumentFields): SqlPart {
  const present = values.filter((v) => v !== null && v !== undefined).map(bindable);
  const field = fields.field(path);
  const inList = `${field} IN (SELECT value FROM json_each(?))`;
  const hasNull = present.length < values.length;
  if (!hasNull) return { sql: inList, params: [JSON.stringify(present)] };
  return { sql: `(${inList} OR ${field} IS NULL)`, params: [JSON.stringify(present)] };
}

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

function operator(path: string, op: string, operand: unknown, fields: DocumentFields): SqlPart {
  const field = fields.field(path);
  switch (op) {
    case '$eq':
      return equals(path, operand, fields);
    case '$ne': {
      if (operand === null || operand === undefined) return { sql: `${field} IS NOT NULL`, params: [] };
      const eq = equals(path, operand, fields);
      return { sql: `NOT coalesce(${eq.sql}, 0)`, params: eq.params };
    }
    case '$in':
      if (!Array.isArray(operand)) throw invalidQueryError('$in needs a list');
      return within(path, operand, fields);
    case '$nin': {
      if (!Array.isArray(operand)) throw invalidQueryError('$nin needs a list');
      const inside = within(path, operand, fields);
      return { sql: `NOT coalesce(${inside.sql}, 0)`, params: inside.params };
    }
    case '$exists':
      if (path === '_id') return { sql: operand ? '1' : '0', params: [] };
      return { sql: `json_type(doc, '$.${path}') IS ${operand ? 'NOT NULL' : 'NULL'}`, params: [] };
    case '$contains':
      if (typeof operand !== 'string') throw invalidQueryError('$contains needs a string');
      // SQLite's lower() folds ASCII only: the same on both sides, so Chinese matches byte for byte.
      return { sql: `instr(lower(${field}), lower(?)) > 0`, params: [operand] };
    default: {
      const comparison = RANGE[op];
      if (!comparison) throw invalidQueryError(`operator ${op}`);
      return { sql: `${field} ${comparison} ?`, params: [bindable(operand)] };
    }
  }
}

function join(parts: SqlPart[], glue: 'AND' | 'OR'): SqlPart {
  if (parts.length === 0) return { sql: glue === 'AND' ? '1' : '0', params: [] };
  if (parts.length === 1) return parts[0]!;
  return { sql: `(${parts.map((p) => p.sql).join(` ${glue} `)})`, params: parts.flatMap((p) => p.params) };
}

/** A MongoDB-style filter (the subset the storage port allows) as an SQL condition. */
export function whereSql(filter: Record<string, unknown>, fields: DocumentFields = FROM_DOCUMENT): SqlPart {
  const parts: SqlPart[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value)) throw invalidQueryError(`${key} needs a list`);
      parts.push(
        join(
          value.map((sub: Record<string, unknown>) => whereSql(sub, fields)),
          key === '$or' ? 'OR' : 'AND',
        ),
      );
      continue;
    }
    if (key.startsWith('$')) throw invalidQueryError(`operator ${key}`);
    if (isOperatorObject(value)) {
      parts.push(
        join(
          Object.entries(value).map(([op, operand]) => operator(key, op, operand, fields)),
          'AND',
        ),
      );
    } else {
      parts.push(equals(key, value, fields));
    }
  }
  return join(parts, 'AND');
}

export function orderSql(
  sort: FindOptions<Record<string, unknown>>['sort'],
  fields: DocumentFields = FROM_DOCUMENT,
): string {
  const terms = Object.entries(sort ?? {}).map(
    ([path, direction]) => `${fields.field(path)} ${direction === -1 ? 'DESC' : 'ASC'}`,
  );
  return terms.length ? ` ORDER BY ${terms.join(', ')}` : '';
}
