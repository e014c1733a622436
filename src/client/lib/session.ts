import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '@client/components/ui/toast';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/messages';

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

export function useLogout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        // Nothing cached for the previous user may survive the sign-out.
        queryClient.clear();
        queryClient.setQueryData(trpc.auth.me.queryKey(), null);
        await navigate({ to: '/login' });
      },
      onError: () => notify.error(messages.signOutFailed),
    }),
  );
}
