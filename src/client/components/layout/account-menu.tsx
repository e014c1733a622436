import { Link } from '@tanstack/react-router';
import { LayoutDashboard, ListChecks, LogOut, Package, UserRound, Zap } from 'lucide-react';
import { Avatar, AVATAR_BUTTON_CLASSES } from '@client/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useLogout, type useMe } from '@client/lib/session';

type SignedIn = NonNullable<ReturnType<typeof useMe>['data']>;

/**
 * The header's account menu: the buyer's own pages and 'Cerrar sesión' one click from anywhere.
 * Radix's menu gives the keyboard its part: Enter, Space or ↓ open it, the arrows move, Escape
 * closes it and returns the focus to the avatar.
 */
export function AccountMenu({ me }: { me: SignedIn }) {
  const logout = useLogout();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger aria-label="Mi cuenta" className={AVATAR_BUTTON_CLASSES}>
        <Avatar name={me.fullName ?? me.email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent width="wide" collisionPadding={8} className="max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{me.fullName ?? 'Mi cuenta'}</span>
          <span className="text-muted-foreground block truncate text-xs font-normal">
            {me.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account/seguridad">
            <UserRound /> Mi cuenta
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/pedidos">
            <Package /> Mis pedidos
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/pedido-rapido">
            <Zap /> Pedido rápido
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/listas">
            <ListChecks /> Listas de compra
          </Link>
        </DropdownMenuItem>
        {me.role === 'admin' && (
          <DropdownMenuItem asChild>
            <Link to="/dashboard">
              <LayoutDashboard /> Panel de administración
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={logout.isPending}
          onSelect={() => logout.mutate()}
        >
          <LogOut /> Cerrar sesión
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
