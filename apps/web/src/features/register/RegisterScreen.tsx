import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RegisterView } from './RegisterView.tsx';
import { EMPTY_FORM, formFromInvitation, type RegisterForm } from './registerForm.ts';
import { useInvitation, useRegister, useRegistered } from './useRegister.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { useMyAccountInfo } from '../referral/useInviteRegister.ts';

/**
 * `/register`: the registration of an unregistered wallet, from an invitation link
 * (`?invitation=<id>`, prefilled), the newest invitation addressed to the wallet, or typed.
 * `?buy=<package id>`: the user came from buying that package (the screen says why, and leads back).
 * Also the body of Mine › Invite register for an unregistered wallet.
 */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  const { account } = useWallet();
  const registered = useRegistered();
  const invitation = useInvitation(params.get('invitation'));
  const register = useRegister();
  const me = useMyAccountInfo(registered.data === true ? account : null);
  const [form, setForm] = useState<RegisterForm>(EMPTY_FORM);
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (prefilled || !invitation.data) return;
    setForm(formFromInvitation(invitation.data));
    setPrefilled(true);
  }, [invitation.data, prefilled]);
  return (
    <RegisterView
      account={account}
      registered={registered.data}
      readError={registered.error}
      inviter={me.data?.inviter ? { address: me.data.inviter, id: me.data.inviter_id } : null}
      invitation={invitation.data ?? null}
      invitationError={invitation.error}
      buy={params.get('buy')}
      form={form}
      onChange={setForm}
      control={register}
    />
  );
}
