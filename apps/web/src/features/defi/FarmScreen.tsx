import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Address } from 'viem';
import { figurePrice } from '@eterno/protocol/figure';
import type { FarmPoolView, FarmView } from '@eterno/protocol/farm/readFarm';
import { readErrorText } from '../../chain/readErrorText.ts';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { BlockChip } from '../../components/BlockChip.tsx';
import { getConfig } from '../../config.ts';
import { useWallet } from '../../shell/walletContext.ts';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { AmountSheet, type AmountAction } from './AmountSheet.tsx';
import { MiningProgress } from './MiningProgress.tsx';
import { PoolCard } from './PoolCard.tsx';
import { Sheet } from './Sheet.tsx';
import { useFarm } from './useFarm.ts';
import { useFarmDeposit } from './useFarmDeposit.ts';
import { useFarmHarvest } from './useFarmHarvest.ts';
import { useFarmWithdraw } from './useFarmWithdraw.ts';
import './farm.css';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';

/** The contract source is its own chunk, fetched when the user opens the code view. */
const ContractCode = lazy(() => import('./ContractCode.tsx'));

/** `?view=code` opens the mining contract's code (so Back closes it and the view can be linked). */
const CODE_VIEW = 'code';

type Tx = Pick<Transaction, 'state' | 'busy'>;

export type FarmActions = {
  deposit: { tx: Tx; run: (pool: FarmPoolView, amount: bigint) => Promise<TxOutcome> };
  withdraw: { tx: Tx; run: (pool: FarmPoolView, amount: bigint) => Promise<TxOutcome> };
  harvest: { tx: Tx; run: (pool: FarmPoolView) => Promise<TxOutcome> };
  /** Clears a finished write's steps before the next one is shown. */
  reset: (action: 'deposit' | 'withdraw' | 'harvest') => void;
};

function loadError(error: unknown, t: (key: string) => string): { message: string; detail: string } {
  return readErrorText(error, t, 'defi:loadError');
}

/** The screen from its figures and its writes (the page wires the hooks; tests give fixtures). */
export function FarmContent({
  read,
  actions,
  farm,
}: {
  read: BlockRead<FarmView>;
  actions: FarmActions;
  farm: Address;
}) {
  const { t } = useTranslation(['defi', 'common', 'errors']);
  const { data, error, loading, retry } = read;
  const [sheet, setSheet] = useState<{ action: AmountAction; pid: number } | null>(null);
  const [harvesting, setHarvesting] = useState<number | null>(null);
  const [search, setSearch] = useSearchParams();
  const codeOpen = search.get('view') === CODE_VIEW;
  const busy = actions.deposit.tx.busy || actions.withdraw.tx.busy || actions.harvest.tx.busy;
  const failure = error && !data ? loadError(error, t as (key: string) => string) : null;
  const sheetPool = sheet && data ? data.pools[sheet.pid] : undefined;

  const openSheet = (action: AmountAction, pid: number) => {
    actions.reset(action === 'stake' ? 'deposit' : 'withdraw');
    setSheet({ action, pid });
  };
  const harvest = (pool: FarmPoolView) => {
    actions.reset('harvest');
    setHarvesting(pool.pid);
    void actions.harvest.run(pool);
  };
  const setCodeOpen = (open: boolean) => {
    const next = new URLSearchParams(search);
    if (open) next.set('view', CODE_VIEW);
    else next.delete('view');
    setSearch(next, { replace: !open });
  };

  return (
    <section className="farm" aria-busy={loading}>
      <header className="card-heading">
        <h2>{t('defi:title')}</h2>
        {data ? <BlockChip blockNumber={data.blockNumber} /> : null}
      </header>

      {failure ? (
        <ReadErrorCard failure={failure} onRetry={retry} />
      ) : data ? (
        <>
          <MiningProgress progress={data.progress} />
          <p className="farm-price">
            <span>{t('defi:etroPrice')}</span>
            <strong data-testid="etro-price">
              {data.etroPriceUsdt === null
                ? t('defi:pool.noLiquidity')
                : t('defi:etroPriceValue', { price: figurePrice(data.etroPriceUsdt).text })}
            </strong>
          </p>
          {data.pools.map((pool) => (
            <PoolCard
              key={pool.pid}
              pool={pool}
              busy={busy}
              harvestTx={harvesting === pool.pid ? actions.harvest.tx : null}
              onHarvest={() => harvest(pool)}
              onStake={() => openSheet('stake', pool.pid)}
              onRetrieve={() => openSheet('retrieve', pool.pid)}
            />
          ))}
        </>
      ) : (
        <div className="farm-skeleton" aria-hidden="true">
          <span className="skeleton skeleton-card" />
          <span className="skeleton skeleton-card" />
          <span className="skeleton skeleton-card" />
        </div>
      )}
      {error && data ? (
        <p className="stale-note" role="status">
          {loadError(error, t as (key: string) => string).message}
        </p>
      ) : null}

      <button type="button" className="button farm-code-open" onClick={() => setCodeOpen(true)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 5l-3 14" />
        </svg>
        {t('defi:code.open')}
      </button>

      {sheet && sheetPool ? (
        <AmountSheet
          key={`${sheet.action}-${sheet.pid}`}
          action={sheet.action}
          pool={sheetPool}
          tx={sheet.action === 'stake' ? actions.deposit.tx : actions.withdraw.tx}
          onSubmit={(amount) =>
            sheet.action === 'stake' ? actions.deposit.run(sheetPool, amount) : actions.withdraw.run(sheetPool, amount)
          }
          onClose={() => setSheet(null)}
        />
      ) : null}

      {codeOpen ? (
        <Sheet title={t('defi:code.title')} onClose={() => setCodeOpen(false)} tall testId="farm-code-sheet">
          <Suspense fallback={<p className="code-loading">{t('defi:code.loading')}</p>}>
            <ContractCode address={farm} />
          </Suspense>
        </Sheet>
      ) : null}
    </section>
  );
}

/** Ecology › DeFi: mining progress, the two LP pools, Stake LP / Retrieve / Harvest, the contract's code. */
export default function FarmScreen() {
  const { account } = useWallet();
  const read = useFarm(account);
  const deposit = useFarmDeposit();
  const withdraw = useFarmWithdraw();
  const harvest = useFarmHarvest();
  const actions: FarmActions = {
    deposit: { tx: deposit.tx, run: deposit.deposit },
    withdraw: { tx: withdraw.tx, run: withdraw.withdraw },
    harvest: { tx: harvest.tx, run: harvest.harvest },
    reset: (action) => ({ deposit, withdraw, harvest })[action].tx.reset(),
  };
  return <FarmContent read={read} actions={actions} farm={getConfig().deployments.contracts.EternoFarm} />;
}
