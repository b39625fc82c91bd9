/**
 * The referral statements' database over a plain node-postgres client (search_path set to Ponder's
 * schema), for running the indexer's referral writes outside the indexer: the referral benchmark.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { ReferralSql } from './referralSql.ts';

export const pgReferralSql = (client: pg.Client): ReferralSql => drizzle(client, { casing: 'snake_case' });
