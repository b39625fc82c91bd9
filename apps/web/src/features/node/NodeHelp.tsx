import { useTranslation } from 'react-i18next';
import { readNodeParams, type NodeParams } from '@eterno/protocol/nodes/readNode';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import { bpsPercent, etroText } from './nodeFormat.ts';
import type { NodeT } from './nodeProblemText.ts';
import { useNodePool } from './useNodeReads.ts';

/**
 * The node rules of the help document, from the parameters in force: the contract's needed ETRO, max
 * share rate, rarity weights and close notice, the server's pool rate (`GET /nodes/rewards`). Never a constant of the app.
 */
export function NodeRules({ params, poolBps }: { params: NodeParams | undefined; poolBps: number | undefined }) {
  const t = useTranslation(['node']).t as NodeT;
  return (
    <section className="finance-help" data-testid="node-help">
      <h4>{t('node:help.title')}</h4>
      {params ? (
        <ul>
          <li>{t('node:help.needed', { amount: etroText(params.neededEtro) })}</li>
          <li>{t('node:help.maxShare', { rate: bpsPercent(params.maxShareBps) })}</li>
          <li>{t('node:help.weights', params.rarityWeights)}</li>
          {poolBps !== undefined ? <li>{t('node:help.pool', { rate: bpsPercent(poolBps) })}</li> : null}
          <li data-testid="node-help-share-day">{t('node:help.shareDay')}</li>
          <li data-testid="node-help-close">
            {t('node:help.close', { days: (Number(params.closeNotice) / 86_400).toString() })}
          </li>
        </ul>
      ) : (
        <p className="finance-note">{t('node:help.unavailable')}</p>
      )}
    </section>
  );
}

/** The help document's node part, read live. */
export function NodeHelp() {
  const params = useBlockRead('node-params', [], (client) =>
    readNodeParams(client, { contracts: getConfig().deployments.contracts }),
  );
  const pool = useNodePool();
  if (!params.data && !params.error) return <p className="finance-note">…</p>;
  return <NodeRules params={params.data} poolBps={pool.data?.poolBps} />;
}
