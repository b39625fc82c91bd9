import { readFileSync } from 'node:fs';
import { parseDeployments } from '@eterno/protocol/deployments';
import { ponder } from 'ponder:registry';
import { requireEnv } from './api/env.ts';
import { recordCandleTrade } from './trend/recordCandle.ts';
import { pricePairAt, pricePairsOf } from './trend/pricePairs.ts';

const pairs = pricePairsOf(
  parseDeployments(JSON.parse(readFileSync(requireEnv(process.env, 'ETERNO_DEPLOYMENTS'), 'utf8'))).contracts,
);

/** Each `Swap` of the ETRO/USDT and WFON/USDT pairs moves that pair's 1 h and 1 d candles (src/trend). */
ponder.on('PricePair:Swap', ({ event, context }) =>
  recordCandleTrade(context.db, pricePairAt(pairs, event.log.address), event.args, event.block.timestamp),
);
