import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '@client/lib/errors';
import { Spinner } from './ui/spinner';

type QueryStateProps<T> = {
  query: UseQueryResult<T, unknown>;
  /** The loaded data's content. */
  children: (data: T) => ReactNode;
  /** While loading; a centred spinner ('Cargando') by default. */
  pending?: ReactNode;
  /**
   * When the load failed: a text shown in the error style, or a whole element. By default the
   * server's Spanish message, never a stack trace.
   */
  error?: ReactNode;
};

/** The pending / error / content switch of a page's query, the same on every screen. */
export function QueryState<T>({ query, children, pending, error }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      pending ?? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      )
    );
  }
  if (query.isError) {
    if (error !== undefined && typeof error !== 'string') return error;
    return <p className="text-destructive py-8">{error ?? errorMessage(query.error)}</p>;
  }
  return children(query.data);
}
