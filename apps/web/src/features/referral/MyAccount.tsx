import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import type { AccountInfo } from '../../session/accountInfo.ts';
// The figures list is finance's (one look for every money screen).
import '../finance/finance.css';

/** "0xf39F…2266 · ID 1 (code 000001)": an inviter as the user can look it up. */
export function InviterText({ inviter, id }: { inviter: string; id: number | null }) {
  const { t } = useTranslation('referral');
  return (
    <span title={inviter}>
      {id === null
        ? shortenAddress(inviter)
        : t('account.inviterValue', { address: shortenAddress(inviter), id, code: inviteCodeOf(BigInt(id)) })}
    </span>
  );
}

/**
 * The signed-in account's place in the referral network (`GET /account`): its registry id, whether
 * it is the genesis account, its service-centre level and its inviter. Spec §3, docs/decisions/sign-in.md.
 */
export function MyAccountFigures({ info }: { info: AccountInfo }) {
  const { t } = useTranslation('referral');
  if (info.id === null)
    return (
      <p className="finance-note" data-testid="my-account-unregistered">
        {t('account.notRegistered')}
      </p>
    );
  return (
    <dl className="finance-figures" data-testid="my-account">
      <div>
        <dt>{t('account.id')}</dt>
        <dd data-testid="my-account-id">
          {t('account.idValue', { id: info.id, code: inviteCodeOf(BigInt(info.id)) })}
        </dd>
      </div>
      <div>
        <dt>{t('account.inviter')}</dt>
        <dd data-testid="my-account-inviter">
          {info.inviter === null ? t('account.noInviter') : <InviterText inviter={info.inviter} id={info.inviter_id} />}
        </dd>
      </div>
      <div>
        <dt>{t('account.genesis')}</dt>
        <dd data-testid="my-account-genesis">{info.is_original ? t('account.yes') : t('account.no')}</dd>
      </div>
      <div>
        <dt>{t('account.service')}</dt>
        <dd data-testid="my-account-service">
          {info.is_service > 0 ? t('account.serviceLevel', { level: info.is_service }) : t('account.serviceNone')}
        </dd>
      </div>
    </dl>
  );
}
