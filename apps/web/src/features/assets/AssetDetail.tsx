import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { readErrorText } from '../../chain/readErrorText.ts';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import NotFound from '../../shell/NotFound.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { queryClient } from '../../chain/queryClient.ts';
import { BillList } from '../bills/BillList.tsx';
import { refreshBills } from '../bills/useBills.ts';
import { exchangePairs } from '../vault/exchangeQuote.ts';
import { useDeposit } from '../vault/useDeposit.ts';
import { useLedgerBalances } from '../vault/useLedgerBalances.ts';
import { useVaultConfig } from '../vault/useVaultConfig.ts';
import { useVaultLimits } from '../vault/useVaultLimits.ts';
import { useWithdraw } from '../vault/useWithdraw.ts';
import { useWithdrawals } from '../vault/useWithdrawals.ts';
import { latestVoucher, voucherIsOpen, voucherStatus } from '../vault/withdrawFlow.ts';
import { assetFigures } from './assetFigures.ts';
import { AssetDetailView } from './AssetDetailView.tsx';
import { symbolFromPath, type OverviewSymbol } from './overviewTokens.ts';
import { readAssetDetail } from './readAssetDetail.ts';

/** `/assets/overview/:type`: one token of the overview (spec: asset detail). */
export default function AssetDetail() {
  const symbol = symbolFromPath(useParams().type);
  if (!symbol) return <NotFound />;
  return <AssetDetailScreen key={symbol} symbol={symbol} />;
}

function AssetDetailScreen({ symbol }: { symbol: OverviewSymbol }) {
  const { t } = useTranslation(['vault', 'screens', 'common', 'errors']);
  const { account } = useWallet();
  const { contracts } = getConfig().deployments;
  const chain = useBlockRead(
    'asset-detail',
    [symbol, account?.toLowerCase() ?? null],
    (client) => {
      if (!account) throw new Error('no account');
      return readAssetDetail(client, { contracts, symbol, account, vault: contracts.EternoVault });
    },
    { enabled: account !== undefined },
  );
  const config = useVaultConfig();
  const limits = useVaultLimits(account);
  const withdrawals = useWithdrawals(account);
  const withdraw = useWithdraw();
  const deposit = useDeposit();

  const tokenConfig = symbol === 'FON' ? undefined : config.data?.tokens.find((t) => t.symbol === symbol);
  const vaultToken = tokenConfig !== undefined;
  const voucher = tokenConfig ? latestVoucher(withdrawals.data?.items ?? [], tokenConfig.token) : null;
  const ledger = useLedgerBalances(account, voucherIsOpen(voucher));
  // A voucher that settles, expires or is cancelled changes the bill (its entry is replaced or returned).
  const voucherState = voucher ? `${voucher.id}:${voucher.state}` : null;
  useEffect(() => {
    if (voucherState !== null) void refreshBills(queryClient);
  }, [voucherState]);
  const tokenLimits = tokenConfig
    ? limits.data?.tokens.find((l) => l.token.toLowerCase() === tokenConfig.token.toLowerCase())
    : undefined;
  const ledgerRow = tokenConfig
    ? ledger.data?.balances.find((b) => b.token.toLowerCase() === tokenConfig.token.toLowerCase())
    : undefined;
  const read = chain.data?.symbol === symbol ? chain.data : undefined;
  const figures = assetFigures(symbol, {
    vaultToken,
    wallet: read?.balance,
    lock: read?.lock ?? undefined,
    ledger: ledgerRow,
  });

  const chainError = chain.error
    ? readErrorText(chain.error, t as (key: string) => string, 'vault:detail.loadError')
    : null;
  const ledgerFailed = vaultToken && ledger.error !== null && ledger.data === undefined;

  return (
    <AssetDetailView
      symbol={symbol}
      figures={figures}
      blockNumber={read?.blockNumber}
      ledgerBlock={vaultToken ? ledger.data?.blockNumber : undefined}
      chainError={chainError ? chainError.message : null}
      ledgerError={ledgerFailed || (config.error !== null && !config.data) ? t('vault:detail.ledgerError') : null}
      vaultKnown={symbol === 'FON' || config.data !== undefined}
      bill={account && tokenConfig ? <BillList account={account} token={tokenConfig.token} /> : null}
      exchangeable={config.data ? exchangePairs(config.data).some((pair) => pair.symbolIn === symbol) : false}
      onRetry={() => {
        chain.retry();
        ledger.retry();
        config.retry();
        withdrawals.retry();
      }}
      vault={
        tokenConfig && config.data
          ? {
              paused: config.data.paused,
              withdrawalsPaused: config.data.withdrawalsPaused,
              withdrawalsReopenAt: config.data.withdrawalsReopenAt,
              withdraw: {
                available: ledgerRow?.available,
                perTxCap: tokenConfig.perTxCap,
                limits: tokenLimits
                  ? {
                      userRemaining: tokenLimits.userRemainingToday,
                      userDayCap: tokenLimits.userDayCap,
                      vaultRemaining: tokenLimits.vaultRemainingToday,
                    }
                  : null,
                voucherMinutes: Math.round(config.data.voucherLifetime / 60),
                tx: withdraw.tx,
                requesting: withdraw.requesting,
                error: withdraw.error,
                onWithdraw: async (amount) =>
                  read ? withdraw.withdraw(tokenConfig.token, amount, read.timestamp) : false,
              },
              deposit: {
                balance: read?.balance,
                tx: deposit.tx,
                requesting: deposit.requesting,
                error: deposit.error,
                onDeposit: async (amount) => {
                  if (!read || read.allowance === null) return false;
                  return deposit.deposit({
                    token: tokenConfig.token,
                    symbol,
                    amount,
                    balance: read.balance,
                    allowance: read.allowance,
                  });
                },
              },
              voucher: voucher
                ? {
                    status: voucherStatus(voucher, withdraw.sent, withdraw.tx.busy || withdraw.requesting),
                    busy: withdraw.tx.busy || withdraw.requesting,
                    cancelling: withdraw.cancelling,
                    onSend: () => {
                      if (read) void withdraw.send(voucher, read.timestamp);
                    },
                    onCancel: () => void withdraw.cancel(voucher),
                  }
                : null,
            }
          : null
      }
    />
  );
}
