// Placeholder until the newsletter issue lands: renders the input without storing anything yet.
import { Input } from '@client/components/ui/input';

export function NewsletterForm(_props: { tone?: 'dark' | 'light' }) {
  return (
    <Input type="email" placeholder="Su correo electrónico" aria-label="Correo para novedades" />
  );
}
