/**
 * The one export of `pg-query-emscripten` that ./ponderPatch.test.ts uses as its reference (the
 * package ships no types).
 */
declare module 'pg-query-emscripten' {
  const pgQuery: () => Promise<{ parse(text: string): unknown }>;
  export default pgQuery;
}
