/** The finance settlement on embedded PGlite (the suite: financeSettlement.ts). */
import { financeSettlementSuite } from './financeSettlement.ts';

financeSettlementSuite({ name: 'PGlite', postgres: false });
