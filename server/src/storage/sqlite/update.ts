import { isDeepStrictEqual } from 'node:util';
import { invalidQueryError } from '../errors';

type Doc = Record<string, unknown>;

/** The parent object of a dotted path and the last key, creating sub-documents on the way. */
function parentOf(doc: Doc, path: string, create: boolean): { parent: Doc; key: string } | null {
  const keys = path.split('.');
  let node: Doc = doc;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === undefined || next === null) {
      if (!create) return null;
      node[key] = {};
    } else if (typeof next !== 'object' || Array.isArray(next)) {
      throw invalidQueryError(`${path} goes through a value that is not a sub-document`);
    }
    node = node[key] as Doc;
  }
  return { parent: node, key: keys[keys.length - 1]! };
}

function arrayAt(doc: Doc, path: string): unknown[] {
  const { parent, key } = parentOf(doc, path, true)!;
  const current = parent[key];
  if (current === undefined || current === null) return (parent[key] = []) as unknown[];
  if (!Array.isArray(current)) throw invalidQueryError(`${path} is not a list`);
  return current;
}

const OPERATORS = ['$set', '$unset', '$inc', '$push', '$addToSet', '$pull', '$setOnInsert'] as const;

/**
 * A new document: `doc` with MongoDB's update operators applied, as the storage port defines them
 * ($setOnInsert only when the update creates the document). `doc` itself is left as it was.
 */
export function applyUpdate(doc: Doc, update: Record<string, unknown>, inserting: boolean): Doc {
  const next = structuredClone(doc);
  for (const [op, fields] of Object.entries(update)) {
    if (fields === undefined) continue;
    if (!(OPERATORS as readonly string[]).includes(op)) throw invalidQueryError(`update operator ${op}`);
    if (op === '$setOnInsert' && !inserting) continue;
    for (const [path, value] of Object.entries(fields as Doc)) {
      if (path === '_id' && op !== '$setOnInsert') throw invalidQueryError('_id cannot change');
      switch (op) {
        case '$set':
        case '$setOnInsert': {
          const { parent, key } = parentOf(next, path, true)!;
          parent[key] = structuredClone(value);
          break;
        }
        case '$unset': {
          const found = parentOf(next, path, false);
          if (found) delete found.parent[found.key];
          break;
        }
        case '$inc': {
          if (typeof value !== 'number') throw invalidQueryError(`$inc of ${path} needs a number`);
          const { parent, key } = parentOf(next, path, true)!;
          const current = parent[key] ?? 0;
          if (typeof current !== 'number') throw invalidQueryError(`$inc of ${path}, which is not a number`);
          parent[key] = current + value;
          break;
        }
        case '$push':
          arrayAt(next, path).push(structuredClone(value));
          break;
        case '$addToSet': {
          const list = arrayAt(next, path);
          if (!list.some((item) => isDeepStrictEqual(item, value))) list.push(structuredClone(value));
          break;
        }
        case '$pull': {
          const list = arrayAt(next, path);
          const kept = list.filter((item) => !isDeepStrictEqual(item, value));
          list.splice(0, list.length, ...kept);
          break;
        }
      }
    }
  }
  return next;
}

/** Equality fields of a filter become the base of an upserted document, as MongoDB does. */
export function equalityFields(filter: Doc): Doc {
  const base: Doc = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') || key.includes('.')) continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const operators = value as Doc;
      if ('$eq' in operators && Object.keys(operators).length === 1) base[key] = operators.$eq;
      continue;
    }
    base[key] = value;
  }
  return base;
}
