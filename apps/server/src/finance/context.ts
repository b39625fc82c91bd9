/**
 * Everything the finance routes are built from: the vault context (its chain reads, signer,
 * indexed ledger and clock: a purchase is a vault deposit), the store of purchase authorisations,
 * the registration source, the finance settings (the file the indexer reads too) and the indexed
 * finance tables. Built once at start (./open.ts); tests build it over a real chain.
 */
import type { PurchaseStore } from '../store/purchaseStore.ts';
import type { VaultContext, VoucherFaults } from '../vault/context.ts';
import type { FinanceView } from './financeView.ts';
import type { RegistrationSource } from './registration.ts';
import type { FinanceSettings } from './settings.ts';

export type FinanceContext = {
  vault: VaultContext;
  store: PurchaseStore;
  registration: RegistrationSource;
  settings: FinanceSettings;
  view: FinanceView;
  /** Failure points a crash test injects (inside the purchase's transaction after its insert, after its commit). */
  faults?: VoucherFaults;
};
