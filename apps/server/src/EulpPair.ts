import { ponder } from 'ponder:registry';
import { recordTransfer } from './transfers.ts';

ponder.on('EulpPair:Transfer', ({ event, context }) => recordTransfer(context.db, event));
