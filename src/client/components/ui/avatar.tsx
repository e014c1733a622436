import { cn } from '@client/lib/cn';

/** An avatar that is a link or a button: its padding and its keyboard focus ring. */
export const AVATAR_BUTTON_CLASSES =
  'focus-visible:ring-ring rounded-full p-1 outline-none focus-visible:ring-2 focus-visible:ring-offset-2';

export type AvatarProps = { name: string; className?: string };

export function Avatar({ name, className }: AvatarProps) {
  const initial = name.trim().charAt(0).toLocaleUpperCase('es') || '?';
  return (
    <span
      aria-hidden="true"
      title={name}
      className={cn(
        'bg-primary text-primary-foreground inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold select-none',
        className,
      )}
    >
      {initial}
    </span>
  );
}
