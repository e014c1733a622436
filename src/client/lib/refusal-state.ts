// For a small form kept in useState rather than react-hook-form (a note, a limit, a reason):
// showRefusal (lib/refusals.ts) puts the server's messages here by field, as it does with a
// react-hook-form form, and toasts what fits no field. The one path stays showRefusal.
import { useMemo, useState } from 'react';
import { showRefusal } from './refusals';

export function useRefusalState(fields: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  return useMemo(
    () => ({
      errors,
      /** The mutation's onError: each message under its field, the rest in a toast. */
      show: (error: unknown) => {
        setErrors({});
        showRefusal(
          {
            setError: (name: string, { message }: { message?: string }) =>
              setErrors((previous) => ({ ...previous, [name]: message })),
          },
          error,
          { fields },
        );
      },
      clear: () => setErrors({}),
    }),
    [errors, fields],
  );
}
