/**
 * What the server's end-to-end tests (vault.test.ts, financeApi.test.ts) do as a client: sign in
 * with SIWE, call a route with a session, send a contract call from a test account.
 */
import { ETERNO_CHAIN_ID, GAS_LIMIT } from '@eterno/protocol/chain';
import { buildSignInMessage } from '@eterno/protocol/siwe';
import {
  createWalletClient,
  http,
  type Abi,
  type Address,
  type Chain,
  type Hash,
  type LocalAccount,
  type PublicClient,
  type Transport,
} from 'viem';

export const SIWE_DOMAIN = '127.0.0.1:5173';

/** The SIWE message the web app asks a wallet to sign for `address`, with a server `nonce`, valid 5 minutes. */
export function signInMessage(address: Address, nonce: string): string {
  const now = new Date();
  return buildSignInMessage({
    address,
    chainId: ETERNO_CHAIN_ID,
    domain: SIWE_DOMAIN,
    uri: `http://${SIWE_DOMAIN}`,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60_000),
  });
}

/** The body of `POST /auth/verify` for `account` with a server `nonce`: the message and its signature. */
export async function signedSignIn(
  account: LocalAccount,
  nonce: string,
): Promise<{ message: string; signature: string }> {
  const message = signInMessage(account.address, nonce);
  return { message, signature: await account.signMessage({ message }) };
}

/** Signs `account` in at the server `url` (nonce, SIWE message, verify); the session token. */
export async function signIn(url: string, account: LocalAccount): Promise<string> {
  const { nonce } = (await (await fetch(`${url}/auth/nonce`, { method: 'POST' })).json()) as { nonce: string };
  const res = await fetch(`${url}/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await signedSignIn(account, nonce)),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * `method path` at the server `url`, with the session `token` when given; `body` is sent as JSON,
 * or as is when it is a string (the malformed-body tests).
 */
export async function apiCall(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const request = () => fetch(`${url}${path}`, { method, headers, body: payload });
  // A kept-alive connection the server closed while this busy process was slow to notice fails
  // before the request reached the server (UND_ERR_SOCKET): it is sent once more on a new connection.
  const res = await request().catch((err: unknown) => {
    if (err instanceof TypeError && (err.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET')
      return request();
    throw err;
  });
  return { status: res.status, body: await res.json() };
}

/** Sends `functionName(args)` from `account` and waits for a successful receipt; its hash. */
export async function sendTx(
  chain: { rpcUrl: string; chain: Chain; client: PublicClient<Transport, Chain> },
  account: LocalAccount,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  gas: bigint = GAS_LIMIT,
): Promise<Hash> {
  const wallet = createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
  const hash = await wallet.writeContract({ address, abi, functionName, args, chain: chain.chain, gas });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
  return hash;
}
