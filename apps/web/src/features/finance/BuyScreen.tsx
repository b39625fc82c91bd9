import { BuyView } from './BuyView.tsx';
import { useCatalogue } from './useCatalogue.ts';
import { useRounds } from './useRounds.ts';

/** `/finance/overview` (tab buy): the package catalogue. */
export default function BuyScreen() {
  const catalogue = useCatalogue();
  const rounds = useRounds();
  return <BuyView catalogue={catalogue} rounds={rounds.data} />;
}
