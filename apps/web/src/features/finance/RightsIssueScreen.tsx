import { useNow } from '../vault/useNow.ts';
import { chainNow } from './chainClock.ts';
import { RoundView, type RoundWhich } from './RoundView.tsx';
import { useRounds } from './useRounds.ts';

/** `/finance/rights-issue` (the current round) and `/finance/rights-issue-new` (the next). */
export default function RightsIssueScreen({ which }: { which: RoundWhich }) {
  const rounds = useRounds();
  const nowMs = useNow(rounds.data !== undefined);
  const now = rounds.data ? chainNow(rounds.data.now, rounds.receivedAtMs, nowMs) : null;
  return <RoundView which={which} rounds={rounds} now={now} />;
}
