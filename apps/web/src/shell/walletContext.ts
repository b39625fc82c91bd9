import { createContext, useContext } from 'react';
import type { RestoredWallet } from '../wallet/restore.ts';

/** The wallet restored for the session; the signed-in pages render only once it is known. */
export const WalletContext = createContext<RestoredWallet | null>(null);

export function useWallet(): RestoredWallet {
  const wallet = useContext(WalletContext);
  if (!wallet) throw new Error('useWallet() outside the signed-in app');
  return wallet;
}
