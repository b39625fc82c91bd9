import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkBuyForm } from '@eterno/protocol/market/marketForm';
import { quoteFill } from '@eterno/protocol/market/marketMath';
import type { EusdMarketView } from '@eterno/protocol/market/readEusdMarket';
import type { MarketOrder } from '../../api/market.ts';
import { sheetDone } from '../../tx/formAttempt.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { marketAmount } from './format.ts';
import { MarketField } from './MarketField.tsx';
import { SheetPortal } from './SheetPortal.tsx';
import { marketProblemText } from './marketProblemText.ts';

export type BuySheetProps = {
  view: EusdMarketView;
  order: MarketOrder;
  tx: Pick<Transaction, 'state' | 'busy'>;
  onBuy: (quantity: bigint) => Promise<TxOutcome>;
  onClose: () => void;
};

/**
 * Buy all or part of one order: the quantity ('enter the quantity', 'Trading multiples of 10', at most
 * what the order holds, its cost within the USDT balance), the cost, the discount reward the reserve
 * pays now, and the EUSD received. Nothing is sent while the quantity is wrong.
 */
export function BuySheet({ view, order, tx, onBuy, onClose }: BuySheetProps) {
  const { t } = useTranslation(['market', 'amount', 'errors']);
  const [quantity, setQuantity] = useState('');
  const [attempted, setAttempted] = useState(false);
  const check = checkBuyForm({ quantity }, order, view.usdtBalance);
  const problem = !check.ok && !sheetDone(tx.state.phase) && (attempted || quantity.trim() !== '') ? check : null;
  const quote = check.ok
    ? quoteFill({
        quantity: check.quantity,
        unitPrice: order.unitPrice,
        feeBps: BigInt(order.feeBps),
        rewardBps: view.rewardBps,
        reserve: view.rewardReserve,
      })
    : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || tx.busy) return;
    const outcome = await onBuy(check.quantity);
    if (outcome === 'confirmed') onClose();
  };

  return (
    <SheetPortal>
      <form
        className="market-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={t('market:buy.title', { id: order.orderId.toString() })}
        onSubmit={submit}
        noValidate
        data-testid="market-buy-sheet"
      >
        <header className="market-sheet-head">
          <h3>{t('market:buy.title', { id: order.orderId.toString() })}</h3>
          <button type="button" className="button" onClick={onClose} disabled={tx.busy}>
            {t('market:buy.close')}
          </button>
        </header>
        <p className="market-note">
          {t('market:buy.price', { price: marketAmount(order.unitPrice, 'USDT') })} · {t('market:book.remaining')}:{' '}
          {marketAmount(order.remaining, 'EUSD')} EUSD
        </p>
        <MarketField
          label={t('market:buy.quantity')}
          value={quantity}
          onChange={setQuantity}
          symbol="EUSD"
          note={t('market:buy.balance', { amount: marketAmount(view.usdtBalance, 'USDT') })}
          problem={
            problem
              ? {
                  code: problem.problem,
                  text: marketProblemText(t, problem.problem, {
                    maxPrice: marketAmount(view.maxUnitPrice, 'USDT'),
                    remaining: marketAmount(order.remaining, 'EUSD'),
                  }),
                }
              : null
          }
          disabled={tx.busy}
          testId="market-buy-quantity"
        />
        <dl className="figure-grid">
          <div>
            <dt>{t('market:buy.cost')}</dt>
            <dd data-testid="market-buy-cost">{quote ? `${marketAmount(quote.cost, 'USDT')} USDT` : '—'}</dd>
          </div>
          <div>
            <dt>{t('market:buy.reward')}</dt>
            <dd data-testid="market-buy-reward">{quote ? `${marketAmount(quote.reward, 'EUSD')} EUSD` : '—'}</dd>
          </div>
          <div>
            <dt>{t('market:buy.get')}</dt>
            <dd>{quote && check.ok ? `${marketAmount(check.quantity + quote.reward, 'EUSD')} EUSD` : '—'}</dd>
          </div>
        </dl>
        <button type="submit" className="button button-primary" data-testid="market-buy-submit" disabled={tx.busy}>
          {t('market:buy.submit')}
        </button>
        <TxProgress tx={tx} />
      </form>
    </SheetPortal>
  );
}
