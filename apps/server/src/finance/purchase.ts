/**
 * What a vault `DivedIn` is for finance (docs/decisions/finance.md): a package purchase, a regular
 * (fixed-term) deposit, or neither — a plain top-up. Only a deposit that fully matches the settings
 * version in force at its block time is a purchase: `custom` a known package id with a known
 * registration code in `custom1`, in USDT, of exactly the package's price; or `custom` a known
 * regular product id, in USDT, within its bounds. Anything else is indexed as a top-up, so no
 * deposit is ever lost in the ledger.
 */
import type { RegistrationType } from '@eterno/protocol/financeApi';
import {
  customKind,
  regularInterest,
  regularMaturity,
  registrationTypeOfCode,
  rewardLimit,
} from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import type { FinanceInputs } from './inputs.ts';
import {
  findPackage,
  findRegular,
  packagePrice,
  settingsAt,
  type FinancePackage,
  type RegularProduct,
} from './settings.ts';

export type Deposit = { token: Address; amount: bigint; custom: bigint; custom1: bigint; timestamp: bigint };

export type PackagePurchase = {
  kind: 'package';
  pkg: FinancePackage;
  registrationType: RegistrationType;
  payment: bigint;
  rewardLimit: bigint;
};

export type RegularPurchase = {
  kind: 'regular';
  product: RegularProduct;
  principal: bigint;
  interest: bigint;
  maturesAt: bigint;
};

/** The purchase a deposit is, or null for a plain top-up. */
export function purchaseOf(deposit: Deposit, inputs: FinanceInputs): PackagePurchase | RegularPurchase | null {
  const kind = customKind(deposit.custom);
  if (kind === 'topup' || deposit.token.toLowerCase() !== inputs.usdt) return null;
  const version = settingsAt(inputs.settings, deposit.timestamp);
  const id = Number(deposit.custom);
  if (kind === 'package') {
    const pkg = findPackage(version, id);
    const registrationType = registrationTypeOfCode(deposit.custom1);
    if (pkg === undefined || registrationType === null || deposit.amount !== packagePrice(version, pkg)) return null;
    return {
      kind,
      pkg,
      registrationType,
      payment: deposit.amount,
      rewardLimit: rewardLimit(deposit.amount, pkg),
    };
  }
  const product = findRegular(version, id);
  if (product === undefined || deposit.custom1 !== 0n) return null;
  if (deposit.amount < product.minAmount || deposit.amount > product.maxAmount) return null;
  return {
    kind,
    product,
    principal: deposit.amount,
    interest: regularInterest(deposit.amount, product.dailyRateBps, product.days),
    maturesAt: regularMaturity(deposit.timestamp, product.days),
  };
}
