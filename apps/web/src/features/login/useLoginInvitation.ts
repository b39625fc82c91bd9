import { useEffect, useState } from 'react';
import { getBootConfig } from '../../config.ts';
import { fetchLoginInvitation, type LoginInvitation } from './loginInvitation.ts';

export type LoginInvitationRead =
  | { readonly status: 'none' }
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ok'; readonly invitation: LoginInvitation };

/** The invitation of the login page's redirect (`id` from invitationIdOf), read once from the API. */
export function useLoginInvitation(id: string | null): LoginInvitationRead {
  const [read, setRead] = useState<LoginInvitationRead>({ status: id === null ? 'none' : 'loading' });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    fetchLoginInvitation(id, { apiUrl: getBootConfig().apiUrl }).then(
      (invitation) => live && setRead({ status: 'ok', invitation }),
      () => live && setRead({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return id === null ? { status: 'none' } : read;
}
