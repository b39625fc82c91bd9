import type { LiquidityToken } from '@eterno/protocol/liquidity/pairs';
import { modal } from '../../components/modal/modal.ts';
import { i18n } from '../../i18n/index.ts';
import { percentText } from '../swap/format.ts';
import { amountText } from './format.ts';

/**
 * Runs `go` at once, or after the user confirms a high slippage tolerance in the global modal: the one
 * confirmation of the add and the remove forms, with the minimums the router will accept.
 */
export async function confirmHighSlippage(args: {
  confirm: boolean;
  slippageBps: bigint;
  minimums: { amountAMin: bigint; amountBMin: bigint };
  names: { tokenA: LiquidityToken; tokenB: LiquidityToken };
  go: () => Promise<void>;
}): Promise<void> {
  const { minimums, names, go } = args;
  const t = i18n.getFixedT(null, ['liquidity', 'common']);
  if (!args.confirm) {
    await go();
    return;
  }
  modal.show({
    title: t('liquidity:confirmHigh.title'),
    message: t('liquidity:confirmHigh.message', {
      percent: percentText(args.slippageBps),
      minA: amountText(minimums.amountAMin, names.tokenA),
      a: names.tokenA,
      minB: amountText(minimums.amountBMin, names.tokenB),
      b: names.tokenB,
    }),
    confirmText: t('liquidity:confirmHigh.confirm'),
    cancelText: t('common:cancel'),
    onConfirm: () => void go(),
  });
}
