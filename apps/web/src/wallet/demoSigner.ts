import { isAddressEqual, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import { createLocalSigner, type LocalSigner } from '@eterno/protocol/wallet/localSigner';

/**
 * The demo wallet's key and signer (its own chunk, loaded on the wallet's first signature, send or
 * read): anvil's test mnemonic at `index`, which must be the account the wallet shows.
 */
export function createDemoSigner(options: { rpcUrl: string; index: number; address: Address }): LocalSigner {
  const account = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: options.index });
  if (!isAddressEqual(account.address, options.address))
    throw new Error(`demo wallet: mnemonic index ${options.index} is ${account.address}, not ${options.address}`);
  return createLocalSigner({ account, rpcUrl: options.rpcUrl });
}
