/**
 * `GET /referral/settings` → ReferralSettingsJson (public): the dynamic income rules in force on the
 * indexed day, from the referral settings the indexer pays by (src/referral/incomeSettings.ts), for
 * the help document. Rules: docs/decisions/referral.md ("The help document's rules").
 */
import type { ReferralSettingsJson } from '@eterno/protocol/referralApi';
import { Hono } from 'hono';
import { referralSettingsAt, type ReferralSettings } from '../../referral/incomeSettings.ts';
import { indexedDay } from '../../referral/referralView.ts';
import type { ApiDb } from './page.ts';

export function referralSettingsRoute(db: ApiDb, settings: ReferralSettings): Hono {
  return new Hono().get('/referral/settings', async (c) => {
    const v = referralSettingsAt(settings, await indexedDay(db));
    return c.json({
      effectiveFrom: v.effectiveFrom.toString(),
      directBps: v.directBps,
      indirectBps: [...v.indirectBps],
      binaryBps: v.binaryBps,
      matchingBps: v.matchingBps,
      serviceCenterBps: v.serviceCenterBps,
      prizePoolBps: v.prizePoolBps,
      prizePoolWinners: v.prizePoolWinners,
      loopBps: v.loopBps,
      loopPackageId: v.loopPackageId,
      releaseDays: v.releaseDays,
    } satisfies ReferralSettingsJson);
  });
}
