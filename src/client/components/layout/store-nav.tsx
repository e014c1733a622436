import { Link } from '@tanstack/react-router';

const STORE_NAV_LINKS = [
  { to: '/', label: 'Inicio' },
  { to: '/tienda', label: 'Tienda' },
  { to: '/blog', label: 'Blog' },
  { to: '/nosotros', label: 'Contacto' },
] as const;

/** The store's sections, in the header on a wide screen and in the mobile menu. */
export function StoreNav({
  label,
  className,
  linkClassName,
  onNavigate,
}: {
  label: string;
  className: string;
  linkClassName: string;
  /** The mobile menu closes itself when a link is followed. */
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label={label} className={className}>
      {STORE_NAV_LINKS.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          activeOptions={{ exact: link.to === '/' }}
          onClick={onNavigate}
          className={linkClassName}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
