/** An EIP-1193 request's params as a list: an array as is, nothing as [], anything else as [it]. */
export function paramsList(params: unknown): readonly unknown[] {
  if (Array.isArray(params)) return params;
  return params === undefined || params === null ? [] : [params];
}
