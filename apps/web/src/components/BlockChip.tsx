import { useTranslation } from 'react-i18next';

/** The test id of the chip; the bench waits for `data-block` to reach a newly mined block. */
export const BLOCK_CHIP_TEST_ID = 'block-chip';

/**
 * "Block #n": the block a screen's chain figures were read at. Every per-block screen shows one,
 * so a reader (and the bench's per-refresh RPC count) can see when the figures follow the chain.
 */
export function BlockChip({ blockNumber }: { blockNumber: bigint }) {
  const { t } = useTranslation('common');
  const block = blockNumber.toString();
  return (
    <span className="chip" data-testid={BLOCK_CHIP_TEST_ID} data-block={block}>
      {t('block', { block })}
    </span>
  );
}
