import type {
  FinanceCatalogue,
  FinanceOrder,
  FinancePackage,
  FinanceRounds,
  PurchaseAuthorisation,
  RegularOrder,
} from '../../api/finance.ts';

/** Figures for the finance views' tests, as the API client returns them (the defaults of ECONOMY §2). */
export const E18 = 10n ** 18n;
export const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const ETRO = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const VAULT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

const UNITS = [1, 5, 10, 30, 50];

export const PACKAGES: FinancePackage[] = UNITS.map((units, i) => ({
  id: i + 1,
  units,
  price: BigInt(units) * 100n * E18,
  multiple01Bps: 20_000,
  multiple02Bps: 30_000,
  allocation01Bps: 6_000,
  rewardLimit: BigInt(units) * 240n * E18,
  dailyRateBps: 50,
  cyclesMax: 5,
  cyclesLeft: 5,
}));

export const CATALOGUE: FinanceCatalogue = {
  effectiveFrom: 0,
  usdt: USDT,
  etro: ETRO,
  unitPrice: 100n * E18,
  packages: PACKAGES,
  regular: [
    [101, 7, 20],
    [102, 15, 30],
    [103, 30, 40],
    [104, 90, 50],
  ].map(([id, days, rate]) => ({
    id: id!,
    days: days!,
    dailyRateBps: rate!,
    minAmount: 100n * E18,
    maxAmount: 100_000n * E18,
  })),
  dailyQuota: 50_000n * E18,
  purchaseLifetime: 1800,
  registered: true,
};

export const NOW = 1_800_000_000;

const base: FinanceOrder = {
  id: '1',
  packageId: 2,
  units: 5,
  registrationType: 'first',
  payment: 500n * E18,
  multiple01Bps: 20_000,
  multiple02Bps: 30_000,
  allocation01Bps: 6_000,
  rewardLimit: 1200n * E18,
  gained: 0n,
  gainedUsdt: 0n,
  gainedEtro: 0n,
  status: 'waiting',
  queuePosition: 2,
  createdAt: NOW - 3600,
  allottedAt: null,
  finishedAt: null,
  deadline: null,
  txHash: `0x${'ab'.repeat(32)}`,
};

export function order(over: Partial<FinanceOrder>): FinanceOrder {
  return { ...base, ...over };
}

export const ORDERS: FinanceOrder[] = [
  order({ id: 'u9', status: 'unpaid', queuePosition: null, deadline: NOW + 754, txHash: null }),
  order({ id: '14', status: 'waiting', queuePosition: 2 }),
  order({
    id: '7',
    packageId: 1,
    units: 1,
    registrationType: 'repeat',
    payment: 100n * E18,
    rewardLimit: 240n * E18,
    status: 'in_progress',
    queuePosition: null,
    gained: 60n * E18,
    gainedUsdt: 36n * E18,
    gainedEtro: 120n * E18,
    allottedAt: NOW - 86_400 * 30,
  }),
];

export const FINISHED: FinanceOrder = order({
  id: '3',
  status: 'finished',
  queuePosition: null,
  gained: 1200n * E18,
  gainedUsdt: 720n * E18,
  gainedEtro: 4800n * E18,
  allottedAt: NOW - 86_400 * 400,
  finishedAt: NOW - 86_400 * 160,
});

export const ROUNDS: FinanceRounds = {
  current: {
    settlesAt: 1_799_971_200,
    quota: 50_000n * E18,
    allotted: 49_500n * E18,
    queueLength: 120,
    queueAmount: 61_000n * E18,
    myPlace: 3,
    myWaiting: 500n * E18,
  },
  next: {
    settlesAt: 1_800_057_600,
    quota: 50_000n * E18,
    allotted: 11_500n * E18,
    queueLength: 14,
    queueAmount: 11_500n * E18,
    myPlace: 2,
    myWaiting: 500n * E18,
  },
  now: NOW,
};

export const REGULAR_ORDERS: RegularOrder[] = [
  {
    id: '5',
    productId: 103,
    days: 30,
    dailyRateBps: 40,
    principal: 1000n * E18,
    interest: 120n * E18,
    state: 'active',
    startAt: NOW - 86_400,
    maturesAt: NOW + 86_400 * 29,
    deadline: null,
    txHash: `0x${'cd'.repeat(32)}`,
  },
  {
    id: '2',
    productId: 101,
    days: 7,
    dailyRateBps: 20,
    principal: 500n * E18,
    interest: 7n * E18,
    state: 'matured',
    startAt: NOW - 86_400 * 10,
    maturesAt: NOW - 86_400 * 3,
    deadline: null,
    txHash: `0x${'ef'.repeat(32)}`,
  },
];

export function authorisation(over: Partial<PurchaseAuthorisation> = {}): PurchaseAuthorisation {
  return {
    orderId: 'u9',
    user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    token: USDT,
    amount: 500n * E18,
    custom: 2n,
    custom1: 1n,
    nonce: 0n,
    deadline: BigInt(NOW + 1800),
    signature: { r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, v: 27 },
    ...over,
  };
}
