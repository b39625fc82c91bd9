import { useTranslation } from 'react-i18next';
import { UNRELEASED_BILL_TYPES } from '@eterno/protocol/bills';
import { useTabIndex } from '../../components/SegmentedTabs.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { BillList } from '../bills/BillList.tsx';
import { useFinanceSummary } from '../finance/useFinanceSummary.ts';
import { useIncome } from '../mine/useIncome.ts';
import { IncomeView } from './IncomeView.tsx';

/** `/assets/income`. */
export default function IncomeScreen() {
  const { t } = useTranslation('mine');
  const { account } = useWallet();
  const tab = useTabIndex(3);
  const income = useIncome();
  const summary = useFinanceSummary();
  // The dynamic incomes with their burn and loop bills beside them: together they add up to what was credited.
  const bills =
    tab === 0 ? <BillList account={account} types={UNRELEASED_BILL_TYPES} title={t('income.billsTitle')} /> : null;
  return <IncomeView tab={tab} income={income} summary={summary} bills={bills} />;
}
