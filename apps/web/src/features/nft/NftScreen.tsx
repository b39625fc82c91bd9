import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import { NFT_KINDS, RARITIES, nftImage, type NftKind } from '@eterno/protocol/nft/kinds';
import type { NftView, OwnedNft } from '@eterno/protocol/nft/readNft';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { BlockChip } from '../../components/BlockChip.tsx';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { useNftView } from './useNftView.ts';
import { RevealProgress } from './RevealProgress.tsx';
import { useBuyNft, useRevealNft, type SeedStep } from './useNftWrites.ts';
import './nft.css';

type Write<A extends unknown[]> = { tx: Pick<Transaction, 'state' | 'busy'>; run: (...args: A) => Promise<TxOutcome> };

/** Basis points as a percent: 2800 → "28%", 250 → "2.5%". */
const pct = (bps: number): string => `${formatAmount(BigInt(bps), 2)}%`;

function BuyCard({ view, kind, buy }: { view: NftView; kind: NftKind; buy: Write<[NftView, NftKind]> }) {
  const { t } = useTranslation(['screens']);
  const price = view.prices[kind];
  return (
    <article className="nft-card nft-buy" data-testid={`nft-buy-${kind}`}>
      <img className="nft-art" src={nftImage(kind, 'SSR')} alt="" width={160} height={200} />
      <div className="nft-buy-body">
        <h3>{t(`ecology.nft.kinds.${kind}`)}</h3>
        <p className="nft-purpose">{t(`ecology.nft.purpose.${kind}`)}</p>
        <p className="nft-price" data-testid={`nft-price-${kind}`}>
          {t('ecology.nft.price', { amount: formatTokenAmount(price, 'ETRO', { grouping: true }) })}
        </p>
        <dl className="nft-odds" aria-label={t('ecology.nft.odds')} data-testid={`nft-odds-${kind}`}>
          {RARITIES.map((r) => (
            <div key={r} className={`rarity-${r.toLowerCase()}`}>
              <dt>{r}</dt>
              <dd>{pct(view.odds[kind][r])}</dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          className="button button-primary"
          data-testid={`nft-buy-${kind}-submit`}
          disabled={buy.tx.busy || view.salePaused || view.seedsLeft === 0n}
          onClick={() => void buy.run(view, kind)}
        >
          {t('ecology.nft.buy', { kind: t(`ecology.nft.kinds.${kind}`) })}
        </button>
      </div>
    </article>
  );
}

/** A reveal: the seed's step and the transaction (RevealProgress), and the one action that runs both. */
type RevealWrite = Write<[NftView['nft'], bigint]> & { seed: SeedStep };

function OwnedCard({ nft, view, reveal }: { nft: OwnedNft; view: NftView; reveal: RevealWrite }) {
  const { t } = useTranslation(['screens']);
  const id = nft.tokenId.toString();
  return (
    <li className="nft-card nft-owned" data-testid={`nft-${id}`} data-rarity={nft.rarity ?? ''}>
      {nft.rarity ? (
        <img
          className="nft-art"
          src={nftImage(nft.kind, nft.rarity)}
          alt={`${nft.kind} ${nft.rarity}`}
          width={160}
          height={200}
        />
      ) : (
        <div className="nft-art nft-hidden" aria-hidden="true">
          ?
        </div>
      )}
      <div className="nft-owned-body">
        <strong>
          #{id} · {t(`ecology.nft.kinds.${nft.kind}`)}
        </strong>
        {nft.rarity ? (
          <span className={`rarity-badge rarity-${nft.rarity.toLowerCase()}`} data-testid={`nft-${id}-rarity`}>
            {nft.rarity}
          </span>
        ) : (
          <>
            <span className="nft-wait" data-testid={`nft-${id}-hidden`}>
              {t('ecology.nft.hidden')}
            </span>
            <button
              type="button"
              className="button button-primary"
              data-testid={`nft-${id}-reveal`}
              disabled={reveal.tx.busy || reveal.seed.phase === 'fetching'}
              onClick={() => void reveal.run(view.nft, nft.tokenId)}
            >
              {t('ecology.nft.reveal')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** Ecology › NFT as it renders a read: buy (price, odds), how the rarity is drawn, my NFTs and their reveal. */
export function NftPanel({
  read,
  buy,
  reveal,
  onMore,
}: {
  read: BlockRead<NftView>;
  buy: Write<[NftView, NftKind]>;
  reveal: RevealWrite;
  /** Reads the next page of my NFTs (shown while fewer are listed than I hold). */
  onMore: () => void;
}) {
  const { t } = useTranslation(['screens', 'common', 'errors']);
  const { data, error, retry } = read;
  const failure =
    error && !data ? readErrorText(error, t as (key: string) => string, 'screens:ecology.nft.loadError') : null;
  if (failure) return <ReadErrorCard failure={failure} onRetry={retry} />;
  if (!data) return <div className="nft-screen skeleton nft-skeleton" aria-busy="true" />;
  return (
    <section className="nft-screen">
      <header className="nft-head">
        <h2 className="screen-title">{t('ecology.nft.title')}</h2>
        <BlockChip blockNumber={data.blockNumber} />
      </header>
      <p className="nft-balance" data-testid="nft-balance">
        {t('ecology.nft.balance', { amount: formatTokenAmount(data.balance, 'ETRO', { grouping: true }) })}
      </p>
      {data.salePaused ? <p className="nft-note">{t('ecology.nft.paused')}</p> : null}
      {data.seedsLeft === 0n ? (
        <p className="nft-note" data-testid="nft-seeds-out">
          {t('ecology.nft.seedsOut')}
        </p>
      ) : null}
      <div className="nft-buy-grid">
        {NFT_KINDS.map((kind) => (
          <BuyCard key={kind} view={data} kind={kind} buy={buy} />
        ))}
      </div>
      <TxProgress tx={buy.tx} />
      <p className="nft-note" data-testid="nft-nodes-note">
        {t('ecology.nft.nodesNote')} <Link to="/ecology/nodes">{t('ecology.nft.toNodes')}</Link>
      </p>
      <section className="nft-help" data-testid="nft-help">
        <h3>{t('ecology.nft.helpTitle')}</h3>
        <p className="nft-note">{t('ecology.nft.howDrawn')}</p>
        <p className="nft-note" data-testid="nft-trust">
          {t('ecology.nft.trust')}
        </p>
      </section>

      <h3 className="nft-mine-title">{t('ecology.nft.mine', { total: data.ownedTotal.toString() })}</h3>
      {data.owned.length === 0 ? (
        <p className="nft-empty" data-testid="nft-none">
          {t('ecology.nft.none')}
        </p>
      ) : (
        <ul className="nft-owned-grid">
          {data.owned.map((nft) => (
            <OwnedCard key={nft.tokenId.toString()} nft={nft} view={data} reveal={reveal} />
          ))}
        </ul>
      )}
      {BigInt(data.owned.length) < data.ownedTotal ? (
        <button type="button" className="button" data-testid="nft-more" onClick={onMore}>
          {t('ecology.nft.more', { shown: data.owned.length, total: data.ownedTotal.toString() })}
        </button>
      ) : null}
      <RevealProgress seed={reveal.seed} tx={reveal.tx} />
    </section>
  );
}

/** `/ecology/nft`: buy entry and partner NFTs with ETRO (burned), reveal their rarity, my NFTs (page by page). */
export default function NftScreen() {
  const { account } = useWallet();
  const [pages, setPages] = useState(1);
  const read = useNftView(account, pages);
  const buy = useBuyNft();
  const reveal = useRevealNft();
  return (
    <NftPanel
      read={read}
      buy={{ tx: buy.tx, run: buy.buy }}
      reveal={{ tx: reveal.tx, run: reveal.reveal, seed: reveal.seed }}
      onMore={() => setPages((n) => n + 1)}
    />
  );
}
