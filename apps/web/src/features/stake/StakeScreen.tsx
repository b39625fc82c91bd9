import { useSearchParams } from 'react-router';
import { isStakePool, type StakePool } from '@eterno/protocol/stake/pools';
import { useWallet } from '../../shell/walletContext.ts';
import { useLockClaim } from '../lock/useLockClaim.ts';
import { StakePanel } from './StakePanel.tsx';
import { useEnterStake } from './useEnterStake.ts';
import { useLeaveStake } from './useLeaveStake.ts';
import { useStakeHistory } from './useStakeHistory.ts';
import { useStakeView } from './useStakeView.ts';

/** `/finance/stake[?pool=EULP]`: stake ETRO or EULP for a lock period; the account's records; the lock balance. */
export default function StakeScreen() {
  const { account } = useWallet();
  const [params, setParams] = useSearchParams();
  const requested = params.get('pool');
  const pool: StakePool = isStakePool(requested) ? requested : 'ETRO';
  const read = useStakeView(pool, account);
  const history = useStakeHistory(pool, account, read.data?.records);
  const enter = useEnterStake();
  const leave = useLeaveStake();
  const claim = useLockClaim();

  return (
    <StakePanel
      pool={pool}
      onPool={(next) => {
        enter.tx.reset();
        leave.tx.reset();
        claim.tx.reset();
        setParams(next === 'ETRO' ? {} : { pool: next }, { replace: true });
      }}
      read={read}
      history={history}
      enter={{ tx: enter.tx, run: enter.enter }}
      leave={{ tx: leave.tx, run: leave.leave }}
      claim={{ tx: claim.tx, run: claim.claim }}
    />
  );
}
