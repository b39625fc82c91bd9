import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  EternoError,
  errorBody,
  errorMessage,
  isErrorCode,
  parseErrorBody,
} from './errors.ts';

describe('error catalogue', () => {
  it('keeps the spec wording for the spec §8 messages', () => {
    expect(ERROR_MESSAGES).toMatchObject({
      CAN_NOT_FIND_WEB3_PROVIDER: 'can not find web3 provider',
      LOGIN_FAIL: 'login fail',
      LOGIN_FAIL_NO_ACCOUNT: 'login fail, no account found',
      ERROR_ACCOUNT: 'error account',
      TRADING_MULTIPLES_OF_10: 'Trading multiples of 10',
      BID_TOO_HIGH: 'Your bid is too high, please do not exceed {price}!',
      INVALID_WALLET_ADDRESS: 'Invalid wallet address',
      INSUFFICIENT_BALANCE: 'Insufficient balance',
      REFUSED_TRANSACTION_REQUEST: 'Refused transaction request',
    });
  });

  it('has every server auth code', () => {
    for (const code of [
      'NONCE_UNKNOWN',
      'NONCE_USED',
      'NONCE_EXPIRED',
      'MESSAGE_EXPIRED',
      'MESSAGE_NOT_YET_VALID',
      'WRONG_DOMAIN',
      'WRONG_CHAIN',
      'BAD_SIGNATURE',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'NOT_FOUND',
      'PAYLOAD_TOO_LARGE',
      'RATE_LIMITED',
      'INTERNAL',
    ]) {
      expect(ERROR_CODES).toContain(code);
      expect(isErrorCode(code)).toBe(true);
    }
    expect(ERROR_CODES).toHaveLength(78);
  });

  it('has the NFT seed codes (review L-1): the seed route’s refusals and a sale waiting for seeds', () => {
    for (const code of [
      'NFT_NOT_FOUND',
      'NFT_NOT_OWNER',
      'NFT_ALREADY_REVEALED',
      'NFT_SEEDS_EXHAUSTED',
      'NFT_SEEDS_UNAVAILABLE',
    ] as const)
      expect(isErrorCode(code)).toBe(true);
    expect(errorMessage('NFT_NOT_OWNER')).toBe('Only the owner of this NFT can reveal it');
  });

  it('has the registration and invitation codes, with the spec’s required prompts', () => {
    expect(errorMessage('INVITEE_ADDRESS_REQUIRED')).toBe('Please enter the new user wallet address');
    expect(errorMessage('PLACEMENT_REQUIRED')).toBe('Please select automatic or manual contact address');
    expect(errorMessage('INVITE_CODE_REQUIRED')).toBe('Please enter the referral code');
    for (const code of ['CONTACT_OUTSIDE_TEAM', 'UNKNOWN_INVITE_CODE', 'INVITE_CODE_NOT_YOURS', 'INVITATION_NOT_FOUND'])
      expect(isErrorCode(code)).toBe(true);
  });

  it('has the referral codes (issue 10), the registry’s refusals in the user’s words', () => {
    expect(ERROR_MESSAGES).toMatchObject({
      INVALID_INVITE_CODE: 'Invalid invite code',
      INVALID_WALLET_ADDRESS: 'Invalid wallet address',
      ALREADY_REGISTERED: 'This wallet is already registered: a referral binding cannot be changed',
      INVITER_NOT_REGISTERED: 'The inviter is not registered',
      CONTACT_NOT_REGISTERED: 'The contact address is not registered',
      SELF_INVITE: 'You cannot invite yourself',
      INVALID_SIDE: 'Please choose the left or the right side',
      SEAT_TAKEN: 'This seat is already taken, please choose another',
      PLACEMENT_EXPIRED: 'The placement approval has expired, please start again',
      PLACEMENT_NOT_APPROVED: 'This placement is not approved for your wallet, please start again',
    });
  });

  it('has the transaction codes, with the revert reason as a placeholder', () => {
    expect(errorMessage('TX_SIMULATION_FAILED', { reason: 'BelowMinimum(amount: 1, minimum: 2)' })).toBe(
      'The transaction would fail: BelowMinimum(amount: 1, minimum: 2)',
    );
    expect(ERROR_MESSAGES.TX_FAILED).toBe('The transaction failed on chain');
    expect(ERROR_MESSAGES.REFUSED_TRANSACTION_REQUEST).toBe('Refused transaction request');
  });

  it('has the client-side codes the web app shows', () => {
    expect(ERROR_MESSAGES).toMatchObject({
      SWITCH_CHAIN_REQUESTED: 'Please switch your wallet to the ETERNO network and connect again',
      NETWORK_ERROR: 'Network error, please check your connection and try again',
      MULTICALL_CALL_FAILED: 'Could not read from the chain, please try again',
    });
  });

  it('has the outage codes the API answers with 503 (issue 20): the chain or the database out of reach', () => {
    expect(ERROR_MESSAGES).toMatchObject({
      CHAIN_UNAVAILABLE:
        'The ETERNO network cannot be reached right now: nothing was signed or sent, please try again in a moment',
      DATABASE_UNAVAILABLE: 'The service is briefly unavailable: nothing was changed, please try again in a moment',
    });
  });

  it('gives every code a non-empty text', () => {
    for (const code of ERROR_CODES) expect(ERROR_MESSAGES[code].length).toBeGreaterThan(0);
  });

  it('rejects unknown codes, including inherited property names', () => {
    expect(isErrorCode('NOPE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(errorMessage('BID_TOO_HIGH', { price: '1.5' })).toBe('Your bid is too high, please do not exceed 1.5!');
    expect(errorMessage('BID_TOO_HIGH')).toBe('Your bid is too high, please do not exceed {price}!');
    expect(errorMessage('BID_TOO_HIGH', { price: '$&' })).toBe('Your bid is too high, please do not exceed $&!');
  });
});

describe('EternoError', () => {
  it('takes its message from the catalogue by default', () => {
    const error = new EternoError('ERROR_ACCOUNT');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('ERROR_ACCOUNT');
    expect(error.message).toBe('error account');
    expect(error.name).toBe('EternoError');
  });

  it('accepts its own code and message in subclasses', () => {
    class CustomError extends EternoError<'CUSTOM'> {
      constructor() {
        super('CUSTOM', 'custom text', { cause: 'why' });
      }
    }
    const error = new CustomError();
    expect(error.name).toBe('CustomError');
    expect(error.code).toBe('CUSTOM');
    expect(error.message).toBe('custom text');
    expect(error.cause).toBe('why');
    expect(error).toBeInstanceOf(EternoError);
  });
});

describe('error bodies', () => {
  it('builds the server shape', () => {
    expect(errorBody('NONCE_USED')).toEqual({
      error: { code: 'NONCE_USED', message: ERROR_MESSAGES.NONCE_USED },
    });
  });

  it('parses a valid body back', () => {
    expect(parseErrorBody(errorBody('BID_TOO_HIGH', { price: '3' }))).toEqual({
      code: 'BID_TOO_HIGH',
      message: 'Your bid is too high, please do not exceed 3!',
    });
  });

  it('returns null for anything else', () => {
    expect(parseErrorBody(null)).toBeNull();
    expect(parseErrorBody('x')).toBeNull();
    expect(parseErrorBody({})).toBeNull();
    expect(parseErrorBody({ error: null })).toBeNull();
    expect(parseErrorBody({ error: { code: 'NOPE', message: 'x' } })).toBeNull();
    expect(parseErrorBody({ error: { code: 'BAD_REQUEST' } })).toBeNull();
    expect(parseErrorBody({ error: { code: 'BAD_REQUEST', message: 1 } })).toBeNull();
  });
});
