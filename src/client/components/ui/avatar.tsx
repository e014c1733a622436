import { cn } from '@client/lib/cn';

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
