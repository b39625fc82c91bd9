import { CONTRACT_KEYS, parseDeployments } from '@eterno/protocol/deployments';
import type { AppConfig } from '../config.ts';

/**
 * A whole app config for component tests that never reach a chain: every contract at a distinct
 * placeholder address (through the real deployments parser), nothing listening at the URLs.
 */
export function testAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const contracts = Object.fromEntries(
    CONTRACT_KEYS.map((key, i) => [key, `0x${(i + 1).toString(16).padStart(40, '0')}`]),
  );
  return {
    chainId: 201022,
    rpcUrl: 'http://127.0.0.1:9',
    apiUrl: 'http://127.0.0.1:9',
    deployments: parseDeployments({ chainId: 201022, network: 'local', startBlock: 0, contracts }),
    demoWallet: false,
    ...overrides,
  };
}
