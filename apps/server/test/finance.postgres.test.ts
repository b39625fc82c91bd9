/** The finance settlement on a PostgreSQL server (the suite: financeSettlement.ts). */
import { financeSettlementSuite } from './financeSettlement.ts';

financeSettlementSuite({ name: 'PostgreSQL', postgres: true });
