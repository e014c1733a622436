import { notFound } from '@tanstack/react-router';
import { isNotFoundError } from './trpc';

/**
 * A page's main record, or the route's not-found page (status 404 on the server) when the
 * procedure finds nothing or refuses the slug. Other failures go to the error page (500).
 */
export async function loadOrNotFound<T>(load: () => Promise<T>): Promise<NonNullable<T>> {
  let value: T;
  try {
    value = await load();
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
  if (value === null || value === undefined) throw notFound();
  return value;
}
