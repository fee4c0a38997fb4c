declare module '@seald-io/nedb/lib/model.js' {
  const model: {
    modify<T>(doc: T, update: unknown): T;
    deepCopy<T>(doc: T): T;
    deserialize(line: string): unknown;
    serialize(doc: unknown): string;
  };
  export default model;
}
