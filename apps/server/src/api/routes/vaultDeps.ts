import type { SessionUser } from '../../auth/session.ts';
import type { VaultContext } from '../../vault/context.ts';

/** What every vault route needs: the vault context and the session's user. */
export type VaultRouteDeps = { ctx: VaultContext; session: SessionUser };
