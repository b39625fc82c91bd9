import type { TFunction } from 'i18next';
import type { TxStep } from '@eterno/protocol/tx/steps';

/** The namespaces the transaction UI reads. */
export const TX_NAMESPACES = ['tx', 'common', 'errors'] as const;

export type TxT = TFunction<typeof TX_NAMESPACES>;

/** "Approve USDT" / "Buy ETRO": what a step does, in the user's language. */
export function stepLabel(t: TxT, step: TxStep): string {
  return step.kind === 'approve' ? t('tx:approve', { symbol: step.symbol }) : t(`tx:action.${step.action}`);
}
