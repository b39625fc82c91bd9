import { useTranslation } from 'react-i18next';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { tokenAmountText } from '../../components/tokenAmountText.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { BillList } from './BillList.tsx';
import { CONTRIBUTION_BILL_TYPES } from '@eterno/protocol/bills';
import { useLedgerBalances } from '../vault/useLedgerBalances.ts';
import '../assets/assets.css';
import './bills.css';

/**
 * `/assets/experience` (spec: Assets › contribution bill): the accumulated contribution per token
 * from the ledger (GET /vault/balances `contributed`) and the bill of the contribution types.
 */
export default function ContributionBill() {
  const { t } = useTranslation(['bills', 'common', 'errors']);
  const { account } = useWallet();
  const ledger = useLedgerBalances(account, false);
  const failure =
    ledger.error && !ledger.data
      ? readErrorText(ledger.error, t as (key: string) => string, 'bills:contribution.loadError')
      : null;
  const rows = ledger.data?.balances;

  return (
    <section className="contribution" aria-busy={!ledger.data && !failure}>
      <section className="bill-card contribution-card">
        <header className="bill-head">
          <h2>{t('bills:contribution.title')}</h2>
          {ledger.data ? (
            <span className="chip" data-testid="ledger-block">
              {t('bills:contribution.asOf', { block: ledger.data.blockNumber.toString() })}
            </span>
          ) : null}
        </header>
        <p className="contribution-intro">{t('bills:contribution.intro')}</p>
        {failure ? <ReadErrorCard failure={failure} onRetry={ledger.retry} /> : null}
        {!failure && !rows ? (
          <div className="bill-skeleton" aria-hidden="true">
            <span className="skeleton" />
            <span className="skeleton" />
          </div>
        ) : null}
        {rows ? (
          <ul className="contribution-list">
            {rows.map((row) => (
              <li key={row.token} className="contribution-row">
                <TokenIcon symbol={row.symbol} />
                <span className="contribution-symbol">{row.symbol}</span>
                <span className="contribution-amount" data-testid={`contributed-${row.symbol}`}>
                  {tokenAmountText(row.contributed, row.symbol)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {rows && rows.every((row) => row.contributed === 0n) ? (
          <p className="bill-empty" data-testid="contribution-none">
            {t('bills:contribution.none')}
          </p>
        ) : null}
      </section>
      <BillList account={account} types={CONTRIBUTION_BILL_TYPES} title={t('bills:contribution.bill')} />
    </section>
  );
}
