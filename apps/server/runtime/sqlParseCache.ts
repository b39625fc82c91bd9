/**
 * Preloaded into the indexer process (`ponder start`, with `node --import`): points Ponder's import of
 * `pg-query-emscripten` at ./pgQueryCached.ts, which answers a statement it has parsed before from a
 * cache (docs/decisions/indexer-sql-parse.md).
 */
import { register } from 'node:module';

register('./sqlParseHooks.ts', import.meta.url);
