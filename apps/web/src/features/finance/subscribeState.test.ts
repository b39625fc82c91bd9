import { describe, expect, it } from 'vitest';
import { CATALOGUE, PACKAGES } from './testData.ts';
import { packageOf, subscribeState } from './subscribeState.ts';

describe('subscribeState (the subscribe screen from the catalogue in force)', () => {
  it('a package of the catalogue is ready to buy', () => {
    expect(subscribeState(CATALOGUE, '3')).toEqual({ kind: 'ready', pkg: PACKAGES[2] });
  });

  it.each(['9', '0', '03', '-1', '1.0', 'abc', '', ' 1', '1e0', '99999999999'])('"%s" is not found', (id) => {
    expect(subscribeState(CATALOGUE, id)).toEqual({ kind: 'notFound' });
  });

  it('no id is not found', () => {
    expect(packageOf(CATALOGUE, undefined)).toBeNull();
  });

  it('a user the server says is not registered is offered registration (not found wins for an unknown id)', () => {
    const catalogue = { ...CATALOGUE, registered: false };
    expect(subscribeState(catalogue, '1')).toEqual({ kind: 'unregistered', pkg: PACKAGES[0] });
    expect(subscribeState(catalogue, '8').kind).toBe('notFound');
  });

  it('registration unknown (null) does not block: the server decides', () => {
    expect(subscribeState({ ...CATALOGUE, registered: null }, '1').kind).toBe('ready');
  });

  it('a package with no cycle left cannot be bought', () => {
    const packages = PACKAGES.map((pkg) => (pkg.id === 2 ? { ...pkg, cyclesLeft: 0 } : pkg));
    expect(subscribeState({ ...CATALOGUE, packages }, '2').kind).toBe('cyclesUsedUp');
    expect(subscribeState({ ...CATALOGUE, packages }, '1').kind).toBe('ready');
  });
});
