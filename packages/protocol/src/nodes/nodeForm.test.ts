import { describe, expect, it } from 'vitest';
import type { OwnedNft } from '../nft/readNft.ts';
import {
  checkCanCreate,
  checkCreateForm,
  checkJoin,
  checkNodeTexts,
  checkQuit,
  checkUnvote,
  checkVote,
  parseShareBps,
  revealedOf,
} from './nodeForm.ts';

const ETRO = 10n ** 18n;
const nft = (tokenId: bigint, kind: OwnedNft['kind'], rarity: OwnedNft['rarity']): OwnedNft => ({
  tokenId,
  kind,
  rarity,
});
const OWNED = [nft(1n, 'partner', null), nft(2n, 'partner', 'SR'), nft(3n, 'entry', 'N'), nft(4n, 'entry', null)];
const texts = { name: 'Alpha', description: 'A node', share: '15' };
const ready = {
  partnerNfts: revealedOf(OWNED, 'partner'),
  inNode: false,
  balance: 10_000n * ETRO,
  neededEtro: 10_000n * ETRO,
  maxShareBps: 3000n,
};

describe('the node sheets’ checks', () => {
  it('keeps only revealed NFTs of a kind', () => {
    expect(revealedOf(OWNED, 'partner').map((n) => n.tokenId)).toEqual([2n]);
    expect(revealedOf(OWNED, 'entry').map((n) => n.tokenId)).toEqual([3n]);
  });

  it('reads a share rate in percent with up to 2 decimals as basis points', () => {
    expect(['0', '15', '12.5', '0.25', ' 30 '].map(parseShareBps)).toEqual([0n, 1500n, 1250n, 25n, 3000n]);
    expect(['', '-1', '1.234', 'abc', '1e3', '1000'].map(parseShareBps)).toEqual([null, null, null, null, null, null]);
  });

  it('refuses creating in the order a user fixes it: in a node, no revealed partner NFT, not enough ETRO', () => {
    expect(checkCanCreate(ready)).toEqual({ ok: true });
    expect(checkCanCreate({ ...ready, inNode: true, partnerNfts: [] })).toMatchObject({ problem: 'ALREADY_IN_NODE' });
    expect(checkCanCreate({ ...ready, partnerNfts: revealedOf([nft(1n, 'partner', null)], 'partner') })).toMatchObject({
      problem: 'NO_PARTNER_NFT',
    });
    expect(checkCanCreate({ ...ready, balance: ready.neededEtro - 1n })).toMatchObject({
      field: 'account',
      problem: 'NOT_ENOUGH_ETRO',
    });
  });

  it('checks the texts: name 1–32 bytes, description ≤ 280 bytes (UTF-8, as the contract counts), share ≤ max', () => {
    expect(checkCreateForm(texts, ready)).toEqual({ ok: true, name: 'Alpha', description: 'A node', shareBps: 1500n });
    expect(checkNodeTexts({ ...texts, name: '   ' }, 3000n)).toMatchObject({ field: 'name', problem: 'NAME_EMPTY' });
    expect(checkNodeTexts({ ...texts, name: 'x'.repeat(32) }, 3000n).ok).toBe(true);
    expect(checkNodeTexts({ ...texts, name: 'x'.repeat(33) }, 3000n)).toMatchObject({ problem: 'NAME_TOO_LONG' });
    // 11 CJK characters are 33 bytes.
    expect(checkNodeTexts({ ...texts, name: '节'.repeat(11) }, 3000n)).toMatchObject({ problem: 'NAME_TOO_LONG' });
    expect(checkNodeTexts({ ...texts, description: 'd'.repeat(280) }, 3000n).ok).toBe(true);
    expect(checkNodeTexts({ ...texts, description: 'd'.repeat(281) }, 3000n)).toMatchObject({
      field: 'description',
      problem: 'DESCRIPTION_TOO_LONG',
    });
    expect(checkNodeTexts({ ...texts, description: '' }, 3000n).ok).toBe(true);
    expect(checkNodeTexts({ ...texts, share: '30' }, 3000n).ok).toBe(true);
    expect(checkNodeTexts({ ...texts, share: '30.01' }, 3000n)).toMatchObject({
      field: 'share',
      problem: 'SHARE_TOO_HIGH',
    });
    expect(checkNodeTexts({ ...texts, share: '' }, 3000n)).toMatchObject({ problem: 'SHARE_INVALID' });
  });

  it('refuses joining a closed node, while in a node, or without a revealed entry NFT', () => {
    const entry = revealedOf(OWNED, 'entry');
    expect(checkJoin({ open: true, closing: false, inNode: false, entryNfts: entry })).toEqual({ ok: true });
    expect(checkJoin({ open: false, closing: false, inNode: false, entryNfts: entry })).toMatchObject({
      problem: 'NODE_CLOSED',
    });
    expect(checkJoin({ open: true, closing: false, inNode: true, entryNfts: entry })).toMatchObject({
      problem: 'ALREADY_IN_NODE',
    });
    expect(checkJoin({ open: true, closing: false, inNode: false, entryNfts: [] })).toMatchObject({
      problem: 'NO_ENTRY_NFT',
    });
    expect(checkJoin({ open: true, closing: true, inNode: false, entryNfts: entry })).toMatchObject({
      problem: 'NODE_CLOSING',
    });
  });

  it('lets a member quit at any time, the master with members only once the announced close is due', () => {
    const at = { closeAt: null, now: 1000n };
    expect(checkQuit({ role: 'member', members: 3, ...at })).toEqual({ ok: true });
    expect(checkQuit({ role: 'master', members: 0, ...at })).toEqual({ ok: true });
    expect(checkQuit({ role: 'master', members: 1, ...at })).toMatchObject({ problem: 'MASTER_HAS_MEMBERS' });
    expect(checkQuit({ role: 'master', members: 1, closeAt: 1001n, now: 1000n })).toMatchObject({
      problem: 'CLOSE_NOT_DUE',
    });
    expect(checkQuit({ role: 'master', members: 1, closeAt: 1000n, now: 1000n })).toEqual({ ok: true });
    expect(checkQuit({ role: 'member', members: 1, closeAt: 2000n, now: 1000n })).toEqual({ ok: true });
  });

  it('checks votes against the balance and unvotes against the stake', () => {
    expect(checkVote('250.5', { open: true, closing: false, balance: 300n * ETRO })).toEqual({
      ok: true,
      amount: 2505n * 10n ** 17n,
    });
    expect(checkVote('', { open: true, closing: false, balance: 1n })).toMatchObject({
      field: 'amount',
      problem: 'ENTER_AMOUNT',
    });
    expect(checkVote('0', { open: true, closing: false, balance: 1n })).toMatchObject({ problem: 'ZERO' });
    expect(checkVote('abc', { open: true, closing: false, balance: 1n })).toMatchObject({ problem: 'NOT_A_NUMBER' });
    expect(checkVote('301', { open: true, closing: false, balance: 300n * ETRO })).toMatchObject({
      problem: 'VOTES_ABOVE_BALANCE',
    });
    expect(checkVote('1', { open: false, closing: false, balance: 300n * ETRO })).toMatchObject({
      problem: 'NODE_CLOSED',
    });
    expect(checkVote('1', { open: true, closing: true, balance: 300n * ETRO })).toMatchObject({
      problem: 'NODE_CLOSING',
    });
    expect(checkUnvote('100', { staked: 100n * ETRO })).toEqual({ ok: true, amount: 100n * ETRO });
    expect(checkUnvote('100.000000000000000001', { staked: 100n * ETRO })).toMatchObject({
      problem: 'VOTES_ABOVE_STAKE',
    });
  });
});
