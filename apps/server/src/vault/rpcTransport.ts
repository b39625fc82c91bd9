/**
 * A viem transport that posts JSON-RPC over node:http(s) with kept-alive connections: the API's
 * chain reads without `fetch` (undici builds a Request, a Response and web streams for every call:
 * several times the CPU of a plain node:http request, on the event loop every voucher waits on).
 * One request per call (the vault's reads are already one Multicall3 `eth_call` per window,
 * ./chain.ts); a JSON-RPC error is thrown with its `code` and `data`, which viem maps to its errors.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { custom, type Transport } from 'viem';
import { ChainUnavailableError } from '../http/unavailable.ts';

/** Connections kept open to the RPC node; more requests at once wait for one. */
const MAX_SOCKETS = 16;
const TIMEOUT_MS = 10_000;

export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function keepAliveHttp(url: string): Transport {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:') throw new Error(`RPC URL ${url}: expected http or https`);
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS })
    : new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const send = secure ? httpsRequest : httpRequest;
  let id = 0;
  const post = (body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = send(
        target,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`RPC ${target.host}: no answer within ${TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  return custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        const { status, text } = await post(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })).catch(
          (error: unknown) => {
            throw new ChainUnavailableError(`RPC ${target.host}: no answer`, { cause: error });
          },
        );
        let answer: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
        try {
          answer = JSON.parse(text) as typeof answer;
        } catch {
          // A gateway in front of the node answering 5xx (its node is down) is the chain out of reach.
          const message = `RPC ${target.host}: HTTP ${status}, not JSON: ${text.slice(0, 200)}`;
          throw status >= 500 ? new ChainUnavailableError(message) : new Error(message);
        }
        if (answer.error !== undefined) {
          const { code, message, data } = answer.error;
          throw new RpcError(String(message ?? 'RPC error'), typeof code === 'number' ? code : -32603, data);
        }
        if (status !== 200) {
          const message = `RPC ${target.host}: HTTP ${status}`;
          throw status >= 500 ? new ChainUnavailableError(message) : new Error(message);
        }
        return answer.result;
      },
    },
    { retryCount: 0 },
  );
}
