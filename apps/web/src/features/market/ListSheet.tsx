import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkListForm } from '@eterno/protocol/market/marketForm';
import { marketCost } from '@eterno/protocol/market/marketMath';
import type { EusdMarketView } from '@eterno/protocol/market/readEusdMarket';
import { sheetDone } from '../../tx/formAttempt.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { bpsText, marketAmount } from './format.ts';
import { MarketField } from './MarketField.tsx';
import { SheetPortal } from './SheetPortal.tsx';
import { marketProblemText } from './marketProblemText.ts';

export type ListSheetProps = {
  view: EusdMarketView;
  tx: Pick<Transaction, 'state' | 'busy'>;
  onList: (quantity: bigint, unitPrice: bigint) => Promise<TxOutcome>;
  onClose: () => void;
};

/**
 * Sell EUSD: the unit price and the quantity, checked as typed and again on submit (unit price first:
 * 'enter the unit price', 'Your bid is too high…'; then 'enter the quantity', 'Trading multiples of 10',
 * the balance), with what the seller receives after the fee. Nothing is sent while a field is wrong.
 */
export function ListSheet({ view, tx, onList, onClose }: ListSheetProps) {
  const { t } = useTranslation(['market', 'amount', 'errors', 'common']);
  const [unitPrice, setUnitPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [attempted, setAttempted] = useState(false);
  const check = checkListForm({ unitPrice, quantity }, view);
  const maxPrice = marketAmount(view.maxUnitPrice, 'USDT');
  const typed = unitPrice.trim() !== '' || quantity.trim() !== '';
  const problem = !check.ok && !sheetDone(tx.state.phase) && (attempted || typed) ? check : null;
  const text = (code: Parameters<typeof marketProblemText>[1]) =>
    marketProblemText(t, code, { maxPrice, remaining: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || tx.busy) return;
    const outcome = await onList(check.quantity, check.unitPrice);
    if (outcome === 'confirmed') onClose();
  };

  const cost = check.ok ? marketCost(check.quantity, check.unitPrice) : null;
  const fee = cost === null ? null : (cost * view.sellerFeeBps) / 10_000n;
  return (
    <SheetPortal>
      <form
        className="market-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={t('market:list.title')}
        onSubmit={submit}
        noValidate
        data-testid="market-list-sheet"
      >
        <header className="market-sheet-head">
          <h3>{t('market:list.title')}</h3>
          <button type="button" className="button" onClick={onClose} disabled={tx.busy}>
            {t('market:list.close')}
          </button>
        </header>
        <MarketField
          label={t('market:list.unitPrice')}
          value={unitPrice}
          onChange={setUnitPrice}
          symbol="USDT"
          note={t('common:labelValue', { label: t('market:rules.maxPrice'), value: maxPrice })}
          problem={
            problem?.problems.unitPrice
              ? { code: problem.problems.unitPrice, text: text(problem.problems.unitPrice) }
              : null
          }
          disabled={tx.busy}
          testId="market-list-price"
        />
        <MarketField
          label={t('market:list.quantity')}
          value={quantity}
          onChange={setQuantity}
          symbol="EUSD"
          note={t('market:list.balance', { amount: marketAmount(view.eusdBalance, 'EUSD') })}
          problem={
            problem?.problems.quantity
              ? { code: problem.problems.quantity, text: text(problem.problems.quantity) }
              : null
          }
          disabled={tx.busy}
          testId="market-list-quantity"
        />
        <dl className="figure-grid">
          <div>
            <dt>{t('market:list.fee', { rate: bpsText(view.sellerFeeBps) })}</dt>
            <dd>{fee === null ? '—' : `${marketAmount(fee, 'USDT')} USDT`}</dd>
          </div>
          <div>
            <dt>{t('market:list.receive')}</dt>
            <dd data-testid="market-list-receive">
              {cost === null || fee === null ? '—' : `${marketAmount(cost - fee, 'USDT')} USDT`}
            </dd>
          </div>
        </dl>
        <button type="submit" className="button button-primary" data-testid="market-list-submit" disabled={tx.busy}>
          {t('market:list.submit')}
        </button>
        <TxProgress tx={tx} />
      </form>
    </SheetPortal>
  );
}
