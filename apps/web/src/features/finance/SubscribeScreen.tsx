import { useParams } from 'react-router';
import { indexLag } from '../../tx/indexLag.ts';
import { useVaultConfig } from '../vault/useVaultConfig.ts';
import { SubscribeView } from './SubscribeView.tsx';
import { useCatalogue } from './useCatalogue.ts';
import { cyclesKey, usePurchase } from './usePurchase.ts';
import { useUsdtWallet } from './useUsdtWallet.ts';

/** `/finance/overview/subscribe/:id`: one package and its purchase. */
export default function SubscribeScreen() {
  const { id } = useParams();
  const catalogue = useCatalogue();
  const wallet = useUsdtWallet(catalogue.data?.usdt);
  const config = useVaultConfig();
  const purchase = usePurchase('package');
  return (
    <SubscribeView
      key={id}
      id={id}
      catalogue={catalogue}
      balance={wallet.data?.balance}
      paused={config.data?.paused ?? false}
      tx={purchase.tx}
      requesting={purchase.requesting}
      error={purchase.error}
      done={purchase.done}
      onBuy={(pkg) => {
        const read = wallet.data;
        if (!read) return;
        const cyclesBefore = pkg.cyclesLeft?.toString();
        void purchase.buy({ id: pkg.id, amount: pkg.price, wallet: read }).then((ok) => {
          if (ok) indexLag.mark(cyclesKey(pkg.id), cyclesBefore);
        });
      }}
    />
  );
}
