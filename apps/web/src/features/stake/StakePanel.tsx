import { useTranslation } from 'react-i18next';
import type { LockPeriodDays } from '@eterno/protocol/domain';
import { STAKE_POOLS, type StakePool } from '@eterno/protocol/stake/pools';
import type { StakeView } from '@eterno/protocol/stake/readStake';
import { BlockChip } from '../../components/BlockChip.tsx';
import type { ModalStore } from '../../components/modal/modal.ts';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { LockCard } from '../lock/LockCard.tsx';
import { StakeForm } from './StakeForm.tsx';
import { StakeRecords } from './StakeRecords.tsx';
import { recordRows, type IndexedOrders } from './history.ts';
import '../../screens/screens.css';
import './stake.css';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';

export type StakePanelProps = {
  pool: StakePool;
  onPool: (pool: StakePool) => void;
  read: BlockRead<StakeView>;
  /** The indexer's orders of this pool (tx hashes, rewards paid); undefined while unknown or unavailable. */
  history?: IndexedOrders | undefined;
  enter: {
    tx: Pick<Transaction, 'state' | 'busy'>;
    run: (view: StakeView, days: LockPeriodDays, amount: bigint) => Promise<TxOutcome>;
  };
  leave: { tx: Pick<Transaction, 'state' | 'busy'>; run: (view: StakeView, id: bigint) => Promise<TxOutcome> };
  /** Claim of the lock balance, where the rewards go (the same ledger as the swap's). */
  claim: { tx: Pick<Transaction, 'state' | 'busy'>; run: (claimable: bigint) => Promise<TxOutcome> };
  modal?: ModalStore;
};

/** Finance › stake: the pool switch, the stake form, the records of the chosen pool and the lock balance. */
export function StakePanel({ pool, onPool, read, history, enter, leave, claim, modal }: StakePanelProps) {
  const { t } = useTranslation(['stake', 'common', 'errors']);
  const { data, error, retry } = read;
  const busy = enter.tx.busy || leave.tx.busy;
  const failure = error && !data ? readErrorText(error, t as (key: string) => string, 'stake:loadError') : null;

  return (
    <section className="stake-screen" aria-busy={!data && !failure} data-testid="stake-screen">
      <header className="card-heading">
        <h2>{t('stake:title')}</h2>
        {data ? <BlockChip blockNumber={data.blockNumber} /> : null}
      </header>

      <div className="pill-switch" role="group" aria-label={t('stake:pool.label')}>
        {STAKE_POOLS.map((p) => (
          <button
            key={p}
            type="button"
            className={p === pool ? 'pill-option pill-option-active' : 'pill-option'}
            aria-pressed={p === pool}
            disabled={busy}
            onClick={() => onPool(p)}
          >
            {t(`stake:pool.${p}`)}
          </button>
        ))}
      </div>

      {failure ? (
        <ReadErrorCard failure={failure} onRetry={retry} />
      ) : data ? (
        <>
          <StakeForm key={pool} view={data} tx={enter.tx} onStake={(days, amount) => enter.run(data, days, amount)} />
          <StakeRecords
            view={data}
            rows={recordRows(data.records, history)}
            tx={leave.tx}
            onLeave={(id) => leave.run(data, id)}
            {...(modal ? { modal } : {})}
          />
          <LockCard
            lock={data.lock}
            emptyNote={t('stake:lockEmpty')}
            tx={claim.tx}
            onClaim={(claimable) => void claim.run(claimable)}
          />
        </>
      ) : (
        <div className="stake-loading" data-testid="stake-loading">
          <span className="skeleton skeleton-card stake-skeleton-form" />
          <span className="skeleton skeleton-card" />
        </div>
      )}
      {error && data ? (
        <p className="stale-note" role="status">
          {readErrorText(error, t as (key: string) => string, 'stake:loadError').message}
        </p>
      ) : null}
    </section>
  );
}
