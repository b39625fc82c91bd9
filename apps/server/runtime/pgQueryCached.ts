/**
 * `pg-query-emscripten` as Ponder 0.17.7 uses it, with the parse of each statement text kept.
 *
 * Ponder checks every raw SQL statement of an indexing handler (`context.db.sql`) by parsing it:
 * `const { parse } = await Parser.default(); parse(sql)`, once to tell a read from a write and once
 * more for the tables a read touches. Each `default()` instantiates the WASM parser afresh: 20–90 ms
 * on this machine under load, 400 ms cold, so a settlement of a few dozen statements took seconds.
 * A fresh instance per parse is kept on purpose: the module's `parse` takes its input from the WASM
 * stack and never gives it back, so one instance must not parse without end.
 *
 * Here `default()` hands out a parser whose `parse(text)` answers a text seen before from the cache
 * (the handlers' statements are parameterised: their texts repeat) and parses a new text with a
 * fresh instance, started in the background after the previous one was used. Results are
 * deep-copied both ways, so Ponder can never change a cached tree.
 */
import pgQuery from 'pg-query-emscripten';

type Parser = { parse(text: string): unknown };

const MAX_ENTRIES = 2_000;
const parsed = new Map<string, unknown>();
let spare: Promise<Parser> | null = null;

/** Starts a fresh instance for the next new text (in the background: the caller does not wait). */
function prepare(): Promise<Parser> {
  const next = pgQuery();
  next.catch(() => {
    if (spare === next) spare = null;
  });
  spare = next;
  return next;
}

export default async function cachedPgQuery(): Promise<Parser> {
  const instance = spare ?? prepare();
  const parser = await instance;
  return {
    parse(text: string): unknown {
      const known = parsed.get(text);
      if (known !== undefined) return structuredClone(known);
      // An instance parses once; the next new text gets the one started here.
      if (spare === instance) prepare();
      const result = parser.parse(text);
      if (parsed.size >= MAX_ENTRIES) parsed.clear();
      parsed.set(text, structuredClone(result));
      return result;
    },
  };
}
