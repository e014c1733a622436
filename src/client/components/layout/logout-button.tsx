import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { useLogout } from '@client/lib/session';

/** 'Cerrar sesión': ends the session, forgets everything cached and goes to /login. */
export function LogoutButton({
  variant = 'destructive',
  size,
  className,
}: {
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const logout = useLogout();
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      <LogOut className="size-4" /> Cerrar sesión
    </Button>
  );
}
