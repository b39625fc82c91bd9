import { useVaultConfig } from '../vault/useVaultConfig.ts';
import { RegularView } from './RegularView.tsx';
import { useCatalogue } from './useCatalogue.ts';
import { usePurchase } from './usePurchase.ts';
import { useRegularOrders } from './useRegularOrders.ts';
import { useUsdtWallet } from './useUsdtWallet.ts';

/** `/finance/regular` (tab regular): fixed-term deposits. */
export default function RegularScreen() {
  const catalogue = useCatalogue();
  const orders = useRegularOrders();
  const wallet = useUsdtWallet(catalogue.data?.usdt);
  const config = useVaultConfig();
  const purchase = usePurchase('regular');
  return (
    <RegularView
      catalogue={catalogue}
      orders={orders}
      balance={wallet.data?.balance}
      paused={config.data?.paused ?? false}
      tx={purchase.tx}
      requesting={purchase.requesting}
      error={purchase.error}
      done={purchase.done}
      onEdit={() => {
        if (
          !purchase.tx.busy &&
          !purchase.requesting &&
          (purchase.done || purchase.error || purchase.tx.state.phase !== 'idle')
        )
          purchase.reset();
      }}
      onDeposit={async (product, amount) => {
        const read = wallet.data;
        if (!read) return false;
        return purchase.buy({ id: product.id, amount, wallet: read });
      }}
    />
  );
}
