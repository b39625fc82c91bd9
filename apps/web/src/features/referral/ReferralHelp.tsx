import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchReferralSettings, type ReferralSettings } from '../../api/referral.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { percentText, usdtText } from '../finance/format.ts';
import { useCatalogue } from '../finance/useCatalogue.ts';
import { indirectLevels } from './incomeRules.ts';
import { REFERRAL_QUERY } from './useInviteRegister.ts';
import '../finance/finance.css';

/**
 * The referral income rules of the help document, every one with its value in force
 * (`GET /referral/settings`, the settings the indexer pays by): never a constant of the app.
 * `loopUnit` is the loop package's price (`GET /finance/catalogue`), when it could be read.
 */
export function ReferralRules({ settings, loopUnit }: { settings: ReferralSettings; loopUnit: bigint | undefined }) {
  const { t, i18n } = useTranslation('referral');
  const s = settings;
  const indirect = indirectLevels(s.indirectBps)
    .map((l) => t(l.from === l.to ? 'help.level' : 'help.levels', { from: l.from, to: l.to, rate: percentText(l.bps) }))
    .join(t('help.separator'));
  const rule = (name: string, text: string) => <li data-testid={`referral-help-${name}`}>{text}</li>;
  return (
    <section className="finance-help" data-testid="referral-help">
      <h4>{t('help.title', { time: formatDateTime(s.effectiveFrom, i18n.language) })}</h4>
      <p>{t('help.who')}</p>
      <ul>
        {rule('direct', t('help.direct', { rate: percentText(s.directBps) }))}
        {indirect ? rule('indirect', t('help.indirect', { levels: indirect })) : null}
        {rule('binary', t('help.binary', { rate: percentText(s.binaryBps) }))}
        {rule('matching', t('help.matching', { rate: percentText(s.matchingBps) }))}
        {rule('service', t('help.service', { rate: percentText(s.serviceCenterBps) }))}
        {rule('pool', t('help.pool', { rate: percentText(s.prizePoolBps), winners: s.prizePoolWinners }))}
        {rule(
          'loop',
          loopUnit === undefined
            ? t('help.loopPackage', { rate: percentText(s.loopBps), id: s.loopPackageId })
            : t('help.loop', { rate: percentText(s.loopBps), unit: usdtText(loopUnit) }),
        )}
        {rule('release', t('help.release', { count: s.releaseDays }))}
      </ul>
    </section>
  );
}

/** The help document's referral part, read live (or a note when the server cannot be read). */
export function ReferralHelp() {
  const { t } = useTranslation('referral');
  const settings = useQuery({
    queryKey: [REFERRAL_QUERY, 'settings'],
    queryFn: () => fetchReferralSettings(),
    refetchInterval: 60_000,
  });
  const catalogue = useCatalogue();
  if (settings.data === undefined)
    return <p className="finance-note">{settings.error ? t('help.unavailable') : '…'}</p>;
  const loop = catalogue.data?.packages.find((p) => p.id === settings.data.loopPackageId);
  return <ReferralRules settings={settings.data} loopUnit={loop?.price} />;
}
