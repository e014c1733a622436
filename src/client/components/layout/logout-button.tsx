import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { useLogout } from '@client/lib/session';

/** 'Cerrar sesión': ends the session, forgets everything cached and goes to /login. */
export function LogoutButton({
  variant = 'destructive',
  className,
}: {
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const logout = useLogout();
  return (
    <Button
      variant={variant}
      className={className}
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      <LogOut className="size-4" /> Cerrar sesión
    </Button>
  );
}
