import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '@client/components/ui/toast';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/messages';

/** The signed-in visitor (or null), shared by the header, guards and forms. */
export function useMe() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions());
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
