/**
 * The settlement's database over a plain node-postgres client (search_path set to Ponder's schema),
 * for running `settleThrough` outside the indexer: the settlement benchmark.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { FinanceSql } from './settlement.ts';

export const pgFinanceSql = (client: pg.Client): FinanceSql => drizzle(client, { casing: 'snake_case' });
