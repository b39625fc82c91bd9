import { describe, expect, it } from 'vitest';
import { ApiError } from '../../session/ApiError.ts';
import { WalletError } from '../../wallet/WalletError.ts';
import { loginErrorCode } from './errorCode.ts';

describe('loginErrorCode', () => {
  it('gives the code of wallet and server errors', () => {
    expect(loginErrorCode(new WalletError('ERROR_ACCOUNT'))).toBe('ERROR_ACCOUNT');
    expect(loginErrorCode(new ApiError('NONCE_USED', 'used', 401))).toBe('NONCE_USED');
    expect(loginErrorCode(new ApiError('NETWORK_ERROR', 'Failed to fetch', 0))).toBe('NETWORK_ERROR');
  });

  it('gives nothing for other errors', () => {
    expect(loginErrorCode(new Error('boom'))).toBeUndefined();
    expect(loginErrorCode('boom')).toBeUndefined();
  });
});
