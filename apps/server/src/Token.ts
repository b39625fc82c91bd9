import { ponder } from 'ponder:registry';
import { recordTransfer } from './transfers.ts';

ponder.on('Token:Transfer', ({ event, context }) => recordTransfer(context.db, event));
