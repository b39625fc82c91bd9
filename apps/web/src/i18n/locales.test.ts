import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage } from '@eterno/protocol/errors';
import en from './locales/en/errors.json';
import common from './locales/en/common.json';
import { NAMESPACES } from './resources.ts';

const LOCALES = join(import.meta.dirname, 'locales');

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${prefix}: not a string or object`);
  for (const [key, child] of Object.entries(value)) {
    for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
  }
  return out;
}

const read = (lng: string, ns: string) => leaves(JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('ship the same namespaces in en and zh, all of them registered', () => {
    const files = (lng: string) => readdirSync(join(LOCALES, lng)).sort();
    expect(files('zh')).toEqual(files('en'));
    expect(files('en')).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  it.each(NAMESPACES)('%s: identical keys in en and zh, every text non-empty, same placeholders', (ns) => {
    const english = read('en', ns);
    const chinese = read('zh', ns);
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(text.trim(), `en ${ns}:${key}`).not.toBe('');
      expect(chinese.get(key)?.trim(), `zh ${ns}:${key}`).not.toBe('');
      expect(placeholders(chinese.get(key) ?? ''), `${ns}:${key}`).toEqual(placeholders(text));
    }
  });

  it('errors: a text for every code of the protocol catalogue, in its English wording', () => {
    const texts = en as Record<string, string>;
    for (const code of ERROR_CODES) {
      expect(texts[code], code).toBe(errorMessage(code).replace(/\{(\w+)\}/g, '{{$1}}'));
    }
  });

  it('errors: the codes the task names, spec §8 wording', () => {
    expect(en).toMatchObject({
      CAN_NOT_FIND_WEB3_PROVIDER: 'can not find web3 provider',
      LOGIN_FAIL: 'login fail',
      LOGIN_FAIL_NO_ACCOUNT: 'login fail, no account found',
      ERROR_ACCOUNT: 'error account',
      TRADING_MULTIPLES_OF_10: 'Trading multiples of 10',
      BID_TOO_HIGH: 'Your bid is too high, please do not exceed {{price}}!',
      INVALID_WALLET_ADDRESS: 'Invalid wallet address',
      INSUFFICIENT_BALANCE: 'Insufficient balance',
      REFUSED_TRANSACTION_REQUEST: 'Refused transaction request',
      SWITCH_CHAIN_REQUESTED: 'Please switch your wallet to the ETERNO network and connect again',
    });
    for (const code of ['NETWORK_ERROR', 'MULTICALL_CALL_FAILED', 'NOT_FOUND', 'UNAUTHORIZED', 'BAD_REQUEST']) {
      expect(Object.keys(en)).toContain(code);
    }
  });

  it('common: the informational messages of spec §8', () => {
    expect(common).toMatchObject({
      confirming: 'Confirming, please wait',
      submitting: 'Submitting, please wait',
      submitted: 'Submitted successfully',
      copySuccess: 'Copy successful',
    });
    expect(common.buySuccess).toMatch(/allot/i);
  });
});
