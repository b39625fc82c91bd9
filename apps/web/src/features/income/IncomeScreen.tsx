import { useTranslation } from 'react-i18next';
import { DYNAMIC_INCOME_TYPES } from '@eterno/protocol/referralApi';
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
  const bills =
    tab === 0 ? <BillList account={account} types={DYNAMIC_INCOME_TYPES} title={t('income.billsTitle')} /> : null;
  return <IncomeView tab={tab} income={income} summary={summary} bills={bills} />;
}
