import { useState } from 'react';
import type { TxPhase } from './txState.ts';

/**
 * After a success every form looks the same (docs/decisions/transactions.md): a form that stays on
 * the screen (exchange, deposit, withdraw, stake, regular) is cleared and forgets that the user
 * tried to send it, so no red "Please enter an amount" follows a success; a bottom sheet (farm,
 * market, nodes) closes, and between the confirmation and its closing shows no problem or refusal
 * computed from the chain state the write just changed ("You are already in a node").
 */

/** Whether a form's "the user tried to send it" flag stands after its write moved from `from` to `to`. */
export function attemptAfter(attempted: boolean, from: TxPhase, to: TxPhase): boolean {
  return from !== to && to === 'confirmed' ? false : attempted;
}

/** A form's "tried to send" flag (its problems show from then on), cleared when its write confirms. */
export function useAttempt(phase: TxPhase): [boolean, (attempted: boolean) => void] {
  const [attempted, setAttempted] = useState(false);
  const [seen, setSeen] = useState(phase);
  if (seen !== phase) {
    setSeen(phase);
    const next = attemptAfter(attempted, seen, phase);
    if (next !== attempted) setAttempted(next);
  }
  return [attempted, setAttempted];
}

/** A sheet whose write confirmed is closing: it shows no problem or refusal any more. */
export function sheetDone(phase: TxPhase): boolean {
  return phase === 'confirmed';
}
