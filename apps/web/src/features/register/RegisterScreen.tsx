import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RegisterView } from './RegisterView.tsx';
import { EMPTY_FORM, formFromInvitation, type RegisterForm } from './registerForm.ts';
import { useInvitation, useRegister, useRegistered } from './useRegister.ts';
import { useWallet } from '../../shell/walletContext.ts';

/**
 * `/register`: the registration of an unregistered wallet, from an invitation link
 * (`?invitation=<id>`, prefilled), the newest invitation addressed to the wallet, or typed.
 */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  const { account } = useWallet();
  const registered = useRegistered();
  const invitation = useInvitation(params.get('invitation'));
  const register = useRegister();
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
      invitation={invitation.data ?? null}
      invitationError={invitation.error}
      form={form}
      onChange={setForm}
      control={register}
    />
  );
}
