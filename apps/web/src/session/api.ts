import { parseErrorBody } from '@eterno/protocol/errors';
import { ApiError } from './ApiError.ts';

export interface ApiDeps {
  readonly apiUrl: string;
  readonly fetch?: typeof globalThis.fetch;
}

export interface ApiRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly token?: string;
}

/** One JSON call to the server; a non-2xx answer or a network failure throws ApiError. */
export async function apiRequest<T>(deps: ApiDeps, request: ApiRequest): Promise<T> {
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  let response: Response;
  try {
    response = await doFetch(`${deps.apiUrl.replace(/\/+$/, '')}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', error instanceof Error ? error.message : String(error), 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = parseErrorBody(body);
    if (error) throw new ApiError(error.code, error.message, response.status);
    throw new ApiError('SERVER_ERROR', `HTTP ${response.status}`, response.status);
  }
  if (body === undefined) throw new ApiError('SERVER_ERROR', 'the server answered with no JSON body', response.status);
  return body as T;
}
