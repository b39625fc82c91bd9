import type { OrdersView as View } from '../../api/finance.ts';
import { useNow } from '../vault/useNow.ts';
import { chainNow } from './chainClock.ts';
import { OrdersView } from './OrdersView.tsx';
import { useFinanceOrders } from './useFinanceOrders.ts';
import { useRounds } from './useRounds.ts';

/** `/finance/mine` (tab orders) and `/finance/past` (tab past). */
export default function OrdersScreen({ view }: { view: View }) {
  const orders = useFinanceOrders(view);
  const rounds = useRounds();
  const hasUnpaid = orders.data?.some((order) => order.status === 'unpaid') ?? false;
  const nowMs = useNow(hasUnpaid);
  const now = rounds.data ? chainNow(rounds.data.now, rounds.receivedAtMs, nowMs) : null;
  return <OrdersView view={view} orders={orders} now={now} />;
}
