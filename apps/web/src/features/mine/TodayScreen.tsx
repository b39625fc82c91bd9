import { useWallet } from '../../shell/walletContext.ts';
import { useFinanceSummary } from '../finance/useFinanceSummary.ts';
import { useLedgerBalances } from '../vault/useLedgerBalances.ts';
import { TodayView } from './TodayView.tsx';
import { useIncome } from './useIncome.ts';
import { useTeam } from './useTeam.ts';

/** `/mine/today`. */
export default function TodayScreen() {
  const { account } = useWallet();
  const team = useTeam(account);
  const summary = useFinanceSummary();
  const ledger = useLedgerBalances(account, false);
  const income = useIncome();
  return <TodayView team={team} summary={summary} ledger={ledger} income={income} />;
}
