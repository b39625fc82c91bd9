import type { FinanceCatalogue, FinancePackage } from '../../api/finance.ts';

/**
 * What `/finance/overview/subscribe/:id` can offer, from the catalogue in force: the id must be a
 * package of it (else not found: a bad or unknown id sends nothing); a user the server says is not
 * registered in the referral tree is offered registration instead; a package whose cycles are used
 * up cannot be bought. Only `ready` shows the buy button.
 */
export type SubscribeState =
  | { readonly kind: 'notFound' }
  | { readonly kind: 'unregistered'; readonly pkg: FinancePackage }
  | { readonly kind: 'cyclesUsedUp'; readonly pkg: FinancePackage }
  | { readonly kind: 'ready'; readonly pkg: FinancePackage };

/** The package an id of the URL names ("3"), or null: digits only, no sign, no leading zero. */
export function packageOf(
  catalogue: Pick<FinanceCatalogue, 'packages'>,
  id: string | undefined,
): FinancePackage | null {
  if (id === undefined || !/^[1-9]\d{0,8}$/.test(id)) return null;
  return catalogue.packages.find((pkg) => pkg.id === Number(id)) ?? null;
}

export function subscribeState(
  catalogue: Pick<FinanceCatalogue, 'packages' | 'registered'>,
  id: string | undefined,
): SubscribeState {
  const pkg = packageOf(catalogue, id);
  if (!pkg) return { kind: 'notFound' };
  if (catalogue.registered === false) return { kind: 'unregistered', pkg };
  if (pkg.cyclesLeft !== null && pkg.cyclesLeft <= 0) return { kind: 'cyclesUsedUp', pkg };
  return { kind: 'ready', pkg };
}
