import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '../../auth/session.ts';
import type { VaultContext } from '../../vault/context.ts';

/**
 * What every vault route needs: the vault context, the session's user and, for each POST route
 * (a signature or a row per request), a rate limiter of its own (`createVaultApp`).
 */
export type VaultRouteDeps = { ctx: VaultContext; session: SessionUser; limited: () => MiddlewareHandler };
