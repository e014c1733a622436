import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { forgetSession } from './session-sync';
import { messages } from '@shared/client-messages';

type Me = ReturnType<typeof useMe>['data'];

/** The signed-in visitor (or null), shared by the header, guards and forms. */
export function useMe() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions());
}

/** After login or sign-up: the answer becomes the cached visitor, then go where asked. */
export function useSignedIn(redirectTo: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (me: Me) => {
    queryClient.setQueryData(trpc.auth.me.queryKey(), me);
    await navigate({ to: redirectTo ?? '/' });
  };
}

/**
 * After a sign-out, from any page (store header, account, dashboard): every part of the page
 * becomes anonymous at once, nothing cached for the previous user survives, then the login page.
 */
function useSignedOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    forgetSession(queryClient, trpc);
    await navigate({ to: '/login' });
  };
}

export function useLogout() {
  const trpc = useTRPC();
  const signedOut = useSignedOut();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: signedOut,
      onError: () => notify.error(messages.signOutFailed),
    }),
  );
}

/** 'Cerrar sesión en todos los dispositivos': every session of the account ends. */
export function useLogoutEverywhere() {
  const trpc = useTRPC();
  const signedOut = useSignedOut();
  return useMutation(
    trpc.auth.logoutEverywhere.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.signedOutEverywhere);
        await signedOut();
      },
      onError: () => notify.error(messages.signOutEverywhereFailed),
    }),
  );
}
