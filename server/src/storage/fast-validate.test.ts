import { Mongoose, Schema } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ALL_COLLECTIONS } from '../collections';
import { compileFastValidate } from './fast-validate';
import { documentSchema, validateWithMongoose, type StoredSchema } from './schema';

/**
 * The fast path may only ever answer what mongoose answers: for every collection, a document that
 * satisfies its schema and a hundred ways of breaking it go through both. Whenever the fast path
 * is certain, mongoose must accept the document and store the very same thing.
 */

interface PathInfo {
  name: string;
  instance: string;
  element?: string;
  options: Record<string, unknown>;
}

function pathsOf(schema: StoredSchema): PathInfo[] {
  const paths: PathInfo[] = [];
  schema.eachPath((name, type) => {
    const info = type as unknown as {
      instance: string;
      options: Record<string, unknown>;
      embeddedSchemaType?: { instance: string };
      caster?: { instance: string };
    };
    paths.push({
      name,
      instance: info.instance,
      element: (info.embeddedSchemaType ?? info.caster)?.instance,
      options: info.options,
    });
  });
  return paths;
}

/** A value of the path's type that its validators take. */
function validValue(path: PathInfo, n: number): unknown {
  const { options } = path;
  if (Array.isArray(options.enum)) return options.enum[n % options.enum.length];
  switch (path.instance) {
    case 'String':
      return `${path.name}-${n}`.slice(0, typeof options.maxlength === 'number' ? options.maxlength : 100);
    case 'Number':
      return Math.max(typeof options.min === 'number' ? options.min : 0, n + 1);
    case 'Boolean':
      return n % 2 === 0;
    case 'Array':
      return path.element === 'Number' ? [n, n + 1] : [`a${n}`, `b${n}`];
    default:
      return { nested: { list: [n, 'x', null, true] }, n };
  }
}

/** Values of every kind a caller might pass by mistake (or on purpose). */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  '12',
  'true',
  0,
  -1,
  1.5,
  2 ** 40,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  [''],
  [1, '2'],
  ['a', 'b'],
  [null],
  {},
  { a: undefined, b: 1 },
  { deep: { deeper: [1, { x: 'y' }] } },
  new Date(0),
  'x'.repeat(600),
];

function documentsFor(schema: StoredSchema): Record<string, unknown>[] {
  const paths = pathsOf(schema);
  const valid = (n: number) => Object.fromEntries(paths.map((path) => [path.name, validValue(path, n)]));
  const docs: Record<string, unknown>[] = [valid(0), valid(1), valid(2)];
  docs.push(Object.fromEntries(Object.entries(valid(3)).reverse()));
  for (const path of paths) {
    const { [path.name]: _left, ...without } = valid(4);
    docs.push(without);
    for (const odd of ODD_VALUES) docs.push({ ...valid(5), [path.name]: odd });
  }
  docs.push({ ...valid(6), unknownField: 1 }, { ...valid(7), unknownField: undefined });
  // Only what every document must have: the rest as each path's default leaves it.
  docs.push(
    Object.fromEntries(
      paths
        .filter((path) => path.options.required && path.options.default === undefined)
        .map((path) => [path.name, validValue(path, 8)]),
    ),
  );
  return docs;
}

async function mongooseAnswer(model: ReturnType<Mongoose['model']>, doc: unknown) {
  try {
    return { stored: await validateWithMongoose(model as never, structuredClone(doc)) };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

describe('the fast path answers only what mongoose answers', () => {
  const mongoose = new Mongoose();

  it('handles every collection the server stores (a new option must be taught, not silently slow)', () => {
    const slow = ALL_COLLECTIONS.filter((def) => !compileFastValidate(def.schema)).map((def) => def.name);
    expect(slow).toEqual([]);
  });

  for (const def of ALL_COLLECTIONS) {
    it(`${def.name}: every certain answer is mongoose's, and a valid document is certain`, async () => {
      const fast = compileFastValidate(def.schema)!;
      const model = mongoose.model(`fast-${def.name}`, def.schema, def.name);
      const docs = documentsFor(def.schema);
      let certain = 0;
      for (const doc of docs) {
        const answer = fast(structuredClone(doc));
        if (answer === undefined) continue;
        certain += 1;
        const expected = await mongooseAnswer(model, doc);
        expect({ doc, answer: expected }).toEqual({ doc, answer: { stored: answer } });
      }
      expect(fast(docs[0])).toBeDefined();
      expect(certain).toBeGreaterThan(3);
    });
  }

  it('stores copies: changing the caller’s object afterwards changes nothing stored', () => {
    const fast = compileFastValidate(
      documentSchema({
        list: { type: [String], default: [] },
        data: { type: Schema.Types.Mixed, default: {} },
      }),
    )!;
    const doc = { _id: 'a', list: ['x'], data: { n: 1 } };
    const stored = fast(doc)!;
    doc.list.push('y');
    doc.data.n = 2;
    expect(stored).toEqual({ _id: 'a', list: ['x'], data: { n: 1 } });
  });

  it('leaves a schema with options it does not know to mongoose', () => {
    expect(compileFastValidate(documentSchema({ name: { type: String, lowercase: true } }))).toBeNull();
    expect(compileFastValidate(documentSchema({ at: { type: Date } }))).toBeNull();
    expect(compileFastValidate(documentSchema({ nested: { inner: { type: String } } }))).toBeNull();
  });
});
