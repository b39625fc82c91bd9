import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { exchangePairs, pairKey, quoteMatches, secondsLeft } from './exchangeQuote.ts';
import { ExchangePanel } from './ExchangePanel.tsx';
import { readExchangeWallet } from './readExchangeWallet.ts';
import { useExchange } from './useExchange.ts';
import { useNow } from './useNow.ts';
import { useVaultConfig } from './useVaultConfig.ts';
import { useVaultLimits } from './useVaultLimits.ts';
import { checkSpendAmount } from './vaultAmounts.ts';
import './vault.css';

/**
 * `/finance/exchange`: the vault's signed exchange (`pureTransfer`). `?pay=USDT` (an asset detail's
 * link) opens it on the first pair paying with that token.
 */
export default function ExchangeScreen() {
  const { t } = useTranslation('vault');
  const { account } = useWallet();
  const config = useVaultConfig();
  const limits = useVaultLimits(account);
  const pairs = config.data ? exchangePairs(config.data) : undefined;
  const [chosen, setChosen] = useState<string | null>(null);
  const pay = useSearchParams()[0].get('pay');
  const pair = pairs?.find((p) => pairKey(p) === chosen) ?? pairs?.find((p) => p.symbolIn === pay) ?? pairs?.[0];
  const [text, setText] = useState('');
  const exchange = useExchange();
  const [received, setReceived] = useState<{ chainTime: bigint; atMs: number } | null>(null);
  const { contracts } = getConfig().deployments;

  const wallet = useBlockRead(
    'exchange-wallet',
    [pair?.tokenIn.toLowerCase() ?? null, account?.toLowerCase() ?? null],
    (client) => {
      if (!account || !pair) throw new Error('no account or pair');
      return readExchangeWallet(client, {
        multicall: contracts.Multicall3,
        token: pair.tokenIn,
        symbol: pair.symbolIn,
        account,
        vault: contracts.EternoVault,
      });
    },
    { enabled: account !== undefined && pair !== undefined },
  );
  const read = pair && wallet.data?.token.toLowerCase() === pair.tokenIn.toLowerCase() ? wallet.data : undefined;

  const check = checkSpendAmount(text, read?.balance ?? null);
  const out = pair ? limits.data?.tokens.find((l) => l.token.toLowerCase() === pair.tokenOut.toLowerCase()) : undefined;
  const least = (...values: bigint[]) => values.reduce((a, b) => (a < b ? a : b));
  const quote =
    exchange.quote && pair && check.amount !== null && quoteMatches(exchange.quote, { ...pair, amountIn: check.amount })
      ? exchange.quote
      : null;
  const now = useNow(quote !== null);
  const left =
    quote && received && config.data
      ? secondsLeft(quote, {
          chainTime: received.chainTime,
          lifetime: config.data.quoteLifetime,
          receivedAtMs: received.atMs,
          nowMs: now,
        })
      : 0;

  return (
    <ExchangePanel
      pairs={pairs}
      configError={config.error && !config.data ? t('exchange.loadError') : null}
      onRetry={config.retry}
      pair={pair}
      onPair={(key) => {
        setChosen(key);
        setText('');
        exchange.clear();
        exchange.tx.reset();
      }}
      text={text}
      onText={setText}
      balance={read?.balance}
      limits={
        out
          ? {
              userRemaining: least(out.exchangeUserRemainingToday, out.userRemainingToday),
              budgetRemaining: least(out.exchangeBudgetRemaining, out.exchangeDayRemaining, out.vaultRemainingToday),
            }
          : null
      }
      quote={quote}
      secondsLeft={left}
      quoting={exchange.quoting}
      error={exchange.error}
      tx={exchange.tx}
      done={exchange.done}
      onAsk={(amountIn) => {
        if (!pair || !read) return;
        setReceived({ chainTime: read.timestamp, atMs: Date.now() });
        void exchange.ask({ tokenIn: pair.tokenIn, tokenOut: pair.tokenOut, amountIn });
      }}
      onConfirm={(signed) => {
        if (!pair || !read) return;
        void exchange
          .exchange(signed, {
            symbol: pair.symbolIn,
            balance: read.balance,
            allowance: read.allowance,
            now: read.timestamp,
          })
          .then((ok) => {
            if (ok) setText('');
          });
      }}
    />
  );
}
