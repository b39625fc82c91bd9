/**
 * Module resolution hooks (node:module `register`): `pg-query-emscripten` resolves to
 * ./pgQueryCached.ts for every importer but that module itself, which gets the real package.
 */
type ResolveContext = { parentURL?: string; conditions: string[]; importAttributes: Record<string, string> };
type ResolveResult = { url: string; shortCircuit?: boolean; format?: string | null };
type NextResolve = (specifier: string, context?: ResolveContext) => Promise<ResolveResult>;

const CACHED = new URL('./pgQueryCached.ts', import.meta.url).href;

export async function resolve(
  specifier: string,
  context: ResolveContext,
  nextResolve: NextResolve,
): Promise<ResolveResult> {
  if (specifier === 'pg-query-emscripten' && context.parentURL !== CACHED) return { url: CACHED, shortCircuit: true };
  return nextResolve(specifier, context);
}
