import { errorMessage, type ErrorCode } from "@eterno/protocol/errors";
import type { Hono } from "hono";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage, type SiweMessage } from "viem/siwe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BACKENDS, snapshotTables, type TableSnapshot } from "../../test/backends.ts";
import { createAuthApp } from "./app.ts";
import type { Sql } from "./sql.ts";
import { createAuthStore, type AuthStore } from "./store.ts";

const DOMAIN = "127.0.0.1:5173";
const CHAIN_ID = 201022;
const MINUTE = 60_000;

describe.each(BACKENDS)("sign-in on $name", (backend) => {
  let sql: Sql;
  let store: AuthStore;
  let stopBackend: () => Promise<void>;
  let app: Hono;
  let clock: Date;

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createAuthStore(sql);
    app = createAuthApp({ store, domains: [DOMAIN, "localhost:5173"], chainId: CHAIN_ID, now: () => clock });
  });

  afterAll(async () => {
    await store?.close();
    await stopBackend?.();
  });

  beforeEach(() => {
    clock = new Date();
  });

  const later = (ms: number) => new Date(clock.getTime() + ms);

  async function newNonce(): Promise<string> {
    const res = await app.request("/auth/nonce", { method: "POST" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { nonce: string; expiresAt: string };
    expect(body.nonce).toMatch(/^[a-zA-Z0-9]{16,}$/);
    expect(new Date(body.expiresAt).getTime()).toBe(clock.getTime() + 5 * MINUTE);
    return body.nonce;
  }

  function message(account: PrivateKeyAccount, nonce: string, overrides: Partial<SiweMessage> = {}): string {
    return createSiweMessage({
      address: account.address,
      domain: DOMAIN,
      uri: `http://${DOMAIN}`,
      version: "1",
      chainId: CHAIN_ID,
      nonce,
      issuedAt: clock,
      expirationTime: later(10 * MINUTE),
      statement: "Sign in to ETERNO.",
      ...overrides,
    });
  }

  async function signed(account: PrivateKeyAccount, nonce: string, overrides: Partial<SiweMessage> = {}) {
    const text = message(account, nonce, overrides);
    return { message: text, signature: await account.signMessage({ message: text }) };
  }

  const verify = (body: unknown) =>
    app.request("/auth/verify", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const getAccount = (token?: string) =>
    app.request("/account", token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });

  /** The request was refused with `status`/`code` and wrote nothing at all. */
  async function expectRefused(
    res: Response,
    status: number,
    code: ErrorCode,
    before: TableSnapshot,
    check: { nonce?: string; address?: string } = {},
  ) {
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(status);
    expect(body.error.code).toBe(code);
    expect(body.error.message).toBe(errorMessage(code));
    const after = await snapshotTables(sql);
    expect(after).toEqual(before);
    if (check.nonce !== undefined) {
      expect(after.nonces.find((n) => n.nonce === check.nonce)).toEqual({ nonce: check.nonce, used_at: null });
    }
    if (check.address !== undefined) {
      expect(after.accounts.some((a) => a.address === check.address)).toBe(false);
      expect(after.sessions.some((s) => s.address === check.address)).toBe(false);
    }
  }

  it("signs in, returns a session token, and /account returns the account; the id is stable", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());

    const first = await verify(await signed(wallet, await newNonce()));
    expect(first.status).toBe(200);
    const session = (await first.json()) as {
      token: string;
      address: string;
      expiresAt: string;
      account: { id: number; wallet_address: string };
    };
    expect(session.token).toMatch(/^[0-9a-f]{64}$/);
    expect(session.address).toBe(wallet.address);
    expect(new Date(session.expiresAt).getTime()).toBe(clock.getTime() + 24 * 60 * MINUTE);

    const info = await getAccount(session.token);
    expect(info.status).toBe(200);
    const account = (await info.json()) as Record<string, unknown>;
    expect(account).toEqual({
      id: session.account.id,
      is_original: false,
      is_service: 0,
      inviter_id: null,
      inviter: null,
      ep: null,
      wallet_address: wallet.address,
    });
    expect(session.account).toEqual(account);

    const tables = await snapshotTables(sql);
    expect(tables.sessions.map((s) => s.token_hash)).not.toContain(session.token);

    const second = await verify(await signed(wallet, await newNonce()));
    expect(second.status).toBe(200);
    const again = (await second.json()) as { token: string; account: { id: number } };
    expect(again.token).not.toBe(session.token);
    expect(again.account.id).toBe(session.account.id);
    const info2 = (await (await getAccount(again.token)).json()) as { id: number };
    expect(info2.id).toBe(session.account.id);
    const after = await snapshotTables(sql);
    expect(after.accounts.filter((a) => a.address === wallet.address)).toHaveLength(1);
  });

  it("refuses a reused nonce with NONCE_USED and writes nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet, await newNonce());
    expect((await verify(body)).status).toBe(200);
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, "NONCE_USED", before);
  });

  it("lets exactly one of two simultaneous sign-ins with the same nonce through", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet, await newNonce());
    const before = await snapshotTables(sql);
    const results = await Promise.all([verify(body), verify(body)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    const loser = results.find((r) => r.status === 401)!;
    expect(((await loser.json()) as { error: { code: string } }).error.code).toBe("NONCE_USED");
    const after = await snapshotTables(sql);
    expect(after.sessions.length).toBe(before.sessions.length + 1);
  });

  it("refuses an expired message with MESSAGE_EXPIRED and writes nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { issuedAt: later(-20 * MINUTE), expirationTime: later(-MINUTE) });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, "MESSAGE_EXPIRED", before, { nonce, address: wallet.address });
  });

  it("refuses a message without an expiration time with MESSAGE_EXPIRED", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { expirationTime: undefined });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, "MESSAGE_EXPIRED", before, { nonce, address: wallet.address });
  });

  it("refuses a message issued in the future beyond the clock skew with MESSAGE_NOT_YET_VALID", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { issuedAt: later(5 * MINUTE), expirationTime: later(15 * MINUTE) });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, "MESSAGE_NOT_YET_VALID", before, { nonce, address: wallet.address });
  });

  it("accepts issuedAt within the 60 s clock skew", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const res = await verify(await signed(wallet, await newNonce(), { issuedAt: later(50_000) }));
    expect(res.status).toBe(200);
  });

  it("refuses another domain with WRONG_DOMAIN and writes nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { domain: "evil.example", uri: "http://evil.example" });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 400, "WRONG_DOMAIN", before, { nonce, address: wallet.address });
  });

  it("refuses another chain with WRONG_CHAIN and writes nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { chainId: 1 });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 400, "WRONG_CHAIN", before, { nonce, address: wallet.address });
  });

  it("refuses a signature by another key with BAD_SIGNATURE and writes nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const text = message(wallet, nonce);
    const body = { message: text, signature: await other.signMessage({ message: text }) };
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, "BAD_SIGNATURE", before, { nonce, address: wallet.address });
  });

  it("refuses a nonce the server never issued with NONCE_UNKNOWN and writes nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet, "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6");
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, "NONCE_UNKNOWN", before, { address: wallet.address });
    expect(before.nonces.some((n) => n.nonce === "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6")).toBe(false);
  });

  it("refuses a nonce older than 5 minutes with NONCE_EXPIRED and writes nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    clock = later(5 * MINUTE + 1000);
    const body = await signed(wallet, nonce);
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, "NONCE_EXPIRED", before, { nonce, address: wallet.address });
  });

  it.each([
    ["a body that is not JSON", "not json"],
    ["an empty object", {}],
    ["a message that is not EIP-4361", "HELLO"],
    ["a signature that is not hex", "NOT_HEX"],
    ["a JSON array", [1, 2]],
  ])("refuses %s with BAD_REQUEST and writes nothing", async (_label, kind) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const good = await signed(wallet, nonce);
    const body =
      kind === "HELLO"
        ? { message: "hello", signature: good.signature }
        : kind === "NOT_HEX"
          ? { message: good.message, signature: "0xzz" }
          : kind;
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 400, "BAD_REQUEST", before, { nonce, address: wallet.address });
  });

  it("answers /account with 401 UNAUTHORIZED without a token, with an unknown token, and after 24 h", async () => {
    for (const res of [
      await getAccount(),
      await getAccount("f".repeat(64)),
      await getAccount("not-a-token"),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    }

    const wallet = privateKeyToAccount(generatePrivateKey());
    const res = await verify(await signed(wallet, await newNonce()));
    const { token } = (await res.json()) as { token: string };
    clock = later(24 * 60 * MINUTE - 1000);
    expect((await getAccount(token)).status).toBe(200);
    clock = later(2000);
    const expired = await getAccount(token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
  });
});
