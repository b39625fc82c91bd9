import type { TFunction } from 'i18next';
import type { NodeProblem } from '@eterno/protocol/nodes/nodeForm';
import { NODE_DESCRIPTION_MAX_BYTES, NODE_NAME_MAX_BYTES } from '@eterno/protocol/nodes/nodeContracts';

export type NodeT = TFunction<['node', 'amount', 'errors']>;

/** The figures a refusal names (already formatted for display). */
export type ProblemValues = {
  /** The node the account is in. */
  nodeId?: string;
  /** The needed ETRO, the balance or the stake, as the refusal concerns. */
  amount?: string;
  /** The highest share rate, in percent. */
  maxShare?: string;
  /** The node's members. */
  members?: number;
  /** When the announced close is due, formatted. */
  date?: string;
};

/** The one place a node refusal becomes a message in the user's language. */
export function nodeProblemText(t: NodeT, problem: NodeProblem, values: ProblemValues = {}): string {
  switch (problem) {
    case 'NOT_A_NUMBER':
    case 'NEGATIVE':
    case 'TOO_MANY_DECIMALS':
    case 'TOO_LARGE':
    case 'ZERO':
      return t(`amount:problems.${problem}`);
    case 'ALREADY_IN_NODE':
      return t('node:problems.ALREADY_IN_NODE', { id: values.nodeId ?? '' });
    case 'NOT_ENOUGH_ETRO':
    case 'VOTES_ABOVE_BALANCE':
    case 'VOTES_ABOVE_STAKE':
      return t(`node:problems.${problem}`, { amount: values.amount ?? '' });
    case 'NAME_TOO_LONG':
      return t('node:problems.NAME_TOO_LONG', { max: NODE_NAME_MAX_BYTES });
    case 'DESCRIPTION_TOO_LONG':
      return t('node:problems.DESCRIPTION_TOO_LONG', { max: NODE_DESCRIPTION_MAX_BYTES });
    case 'SHARE_TOO_HIGH':
      return t('node:problems.SHARE_TOO_HIGH', { max: values.maxShare ?? '' });
    case 'CLOSE_NOT_DUE':
      return t('node:problems.CLOSE_NOT_DUE', { date: values.date ?? '' });
    case 'MASTER_HAS_MEMBERS':
      return t('node:problems.MASTER_HAS_MEMBERS', { count: values.members ?? 0 });
    default:
      return t(`node:problems.${problem}`);
  }
}
