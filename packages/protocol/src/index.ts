export * from './address.ts';
export * from './amount.ts';
export * from './chain.ts';
export * from './deployments.ts';
export * from './domain.ts';
export * from './errors.ts';
export * from './signature.ts';
export * from './siwe.ts';
