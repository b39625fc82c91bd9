// @vitest-environment jsdom
import '../i18n/index.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createPublicClient, erc20Abi, http, maxUint256, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { WagmiProvider } from 'wagmi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { defineEternoChain, GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { etroSwapAbi } from '@eterno/protocol/generated/abis';
import { planWrite } from '@eterno/protocol/tx/steps';
import { createWagmiConfig } from '../chain/wagmiConfig.ts';
import { Toaster } from '../components/toast/Toaster.tsx';
import { toasts } from '../components/toast/toast.ts';
import { setConfigForTesting } from '../config.ts';
import { WalletContext } from '../shell/walletContext.ts';
import { TxProgress } from './TxProgress.tsx';
import { useTransaction, type TxOutcome } from './useTransaction.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 }).address;
let anvil: Anvil;
let deployments: Deployments;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
});
afterEach(() => {
  setConfigForTesting(undefined);
  for (const toast of toasts.getState()) toasts.dismiss(toast.id);
});

/** An EIP-1193 wallet over anvil's unlocked accounts that records requests and can refuse sending. */
function anvilWallet(opts: { refuse?: boolean } = {}) {
  const methods: string[] = [];
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      methods.push(method);
      if (method === 'eth_sendTransaction' && opts.refuse) {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      }
      const response = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      });
      const body = (await response.json()) as { result?: unknown; error?: { message: string; code: number } };
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
      return body.result;
    },
    on() {},
    removeListener() {},
  };
  return { provider, methods };
}

const client = () => createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
const usdt = () => ({ address: deployments.contracts.USDT, abi: erc20Abi });

function BuyForm({ amount, minOut, onDone }: { amount: bigint; minOut: bigint; onDone: (o: TxOutcome) => void }) {
  const tx = useTransaction();
  const { contracts } = deployments;
  const buy = async () => {
    const c = client();
    const balance = await c.readContract({ ...usdt(), functionName: 'balanceOf', args: [alice] });
    const allowance = await c.readContract({ ...usdt(), functionName: 'allowance', args: [alice, contracts.EtroSwap] });
    onDone(
      await tx.run(() =>
        planWrite({
          action: 'swap.buy',
          call: {
            address: contracts.EtroSwap,
            abi: etroSwapAbi,
            functionName: 'swap',
            args: [amount, minOut, maxUint256],
          },
          spend: { token: contracts.USDT, symbol: 'USDT', spender: contracts.EtroSwap, amount, balance, allowance },
        }),
      ),
    );
  };
  return (
    <>
      <button type="button" onClick={() => void buy()} disabled={tx.busy}>
        buy
      </button>
      <TxProgress tx={tx} />
    </>
  );
}

function renderBuy(wallet: ReturnType<typeof anvilWallet>, amount: bigint, minOut = 1n) {
  setConfigForTesting({
    chainId: 201022,
    rpcUrl: anvil.rpcUrl,
    apiUrl: 'http://127.0.0.1:9',
    deployments,
    demoWallet: false,
  });
  const outcomes: TxOutcome[] = [];
  render(
    <WagmiProvider
      config={createWagmiConfig({ rpcUrl: anvil.rpcUrl, pollingInterval: 60_000 })}
      reconnectOnMount={false}
    >
      <QueryClientProvider client={new QueryClient()}>
        <WalletContext.Provider value={{ account: alice, provider: wallet.provider }}>
          <BuyForm amount={amount} minOut={minOut} onDone={(o) => outcomes.push(o)} />
          <Toaster />
        </WalletContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>,
  );
  return { outcomes };
}

// The hook shows its notices in the app's toast store, rendered by <Toaster />.
const toastText = () => screen.queryAllByTestId('toast').map((el) => el.textContent ?? '');

describe('useTransaction (real anvil, wallet over anvil)', () => {
  it('approve → swap: both steps confirmed with hashes, exact approval, spec gas settings', async () => {
    const wallet = anvilWallet();
    const { outcomes } = renderBuy(wallet, parseEther('20'));
    // The tapped button is marked busy (its spinner) while the write runs, and only then.
    const button = screen.getByText('buy');
    const busyMarks: (string | null)[] = [];
    const observer = new MutationObserver(() => busyMarks.push(button.getAttribute('aria-busy')));
    observer.observe(button, { attributes: true, attributeFilter: ['aria-busy'] });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(outcomes).toEqual(['confirmed']), { timeout: 30_000 });
    await waitFor(() => expect(busyMarks).toEqual(['true', null]));
    observer.disconnect();
    expect(toastText()).toEqual([
      expect.stringMatching(/^Buy ETRO: Submitted successfullyTransaction 0x[0-9a-f]{6}…[0-9a-f]{6}×$/),
    ]);

    const progress = screen.getByTestId('tx-progress');
    expect(progress.dataset.phase).toBe('confirmed');
    expect(progress.textContent).toContain('Step 1 of 2 Approve USDT');
    expect(progress.textContent).toContain('Step 2 of 2 Buy ETRO');
    const hashes = [...progress.querySelectorAll<HTMLElement>('[data-hash]')].map(
      (el) => el.dataset.hash as `0x${string}`,
    );
    expect(hashes).toHaveLength(2);
    const c = client();
    for (const hash of hashes) {
      const [receipt, tx] = await Promise.all([c.getTransactionReceipt({ hash }), c.getTransaction({ hash })]);
      expect(receipt.status).toBe('success');
      expect(tx.gas).toBe(GAS_LIMIT);
      expect(tx.gasPrice).toBe(GAS_PRICE);
    }
    expect(
      await c.readContract({ ...usdt(), functionName: 'allowance', args: [alice, deployments.contracts.EtroSwap] }),
    ).toBe(0n);
    expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);
  }, 60_000);

  it('a refusal in the wallet shows “Refused transaction request” and nothing is sent', async () => {
    const wallet = anvilWallet({ refuse: true });
    const before = await client().getTransactionCount({ address: alice });
    const { outcomes } = renderBuy(wallet, parseEther('1'));
    await act(async () => fireEvent.click(screen.getByText('buy')));
    await waitFor(() => expect(outcomes).toEqual(['refused']), { timeout: 30_000 });
    expect(within(screen.getByTestId('tx-progress')).getByRole('alert').textContent).toBe(
      'Refused transaction request',
    );
    expect(await client().getTransactionCount({ address: alice })).toBe(before);
  }, 60_000);

  it('insufficient balance: the message, and the wallet is never asked', async () => {
    const wallet = anvilWallet();
    const { outcomes } = renderBuy(wallet, parseEther('100000000'));
    await act(async () => fireEvent.click(screen.getByText('buy')));
    await waitFor(() => expect(outcomes).toEqual(['failed']));
    expect(wallet.methods).toEqual([]);
    expect(toastText()).toEqual(['Insufficient balance×']);
    expect(within(screen.getByTestId('tx-progress')).getByRole('alert').textContent).toBe('Insufficient balance');
  });

  it('a failed simulation shows the decoded revert and opens no wallet', async () => {
    const wallet = anvilWallet();
    // Approved already (the test before used it up, so approve again here), then an impossible minOut.
    await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: alice,
          to: deployments.contracts.USDT,
          data: (await import('viem')).encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [deployments.contracts.EtroSwap, parseEther('5')],
          }),
        },
      ],
    });
    wallet.methods.length = 0;
    const { outcomes } = renderBuy(wallet, parseEther('5'), maxUint256);
    await act(async () => fireEvent.click(screen.getByText('buy')));
    await waitFor(() => expect(outcomes).toEqual(['failed']), { timeout: 30_000 });
    expect(within(screen.getByTestId('tx-progress')).getByRole('alert').textContent).toMatch(
      /^The transaction would fail: InsufficientOutput\(amountOut: \d+, minOut: \d+\)$/,
    );
    expect(wallet.methods).not.toContain('eth_sendTransaction');
  }, 60_000);
});
