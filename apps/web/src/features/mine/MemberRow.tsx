import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import type { TeamMember } from '../../api/referral.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { usdtText } from '../finance/format.ts';

/** A member of a list: address and id, registration time (and level for levels 2–10), its own package volume. */
export function MemberRow({ member, showLevel }: { member: TeamMember; showLevel: boolean }) {
  const { t, i18n } = useTranslation('mine');
  return (
    <li
      className="mine-row"
      data-testid="member-row"
      data-wallet={member.wallet}
      data-volume={member.ownVolume.toString()}
    >
      <span className="mine-addr" title={member.wallet}>
        #{member.id} · {shortenAddress(member.wallet)}
      </span>
      <span className="mine-num" data-testid="member-volume">
        {usdtText(member.ownVolume)}
      </span>
      <span className="mine-meta">
        {showLevel ? `${t('team.level', { level: member.level })} · ` : ''}
        {t('invited.registeredAt')} {formatDateTime(member.registeredAt, i18n.language)}
      </span>
      <span className="mine-meta mine-num">{t('invited.volume')}</span>
    </li>
  );
}
