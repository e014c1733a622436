import { Link } from '@tanstack/react-router';
import { Laptop, Monitor, Printer, Router, Smartphone, Truck } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { BrowseShopButton } from './browse-shop-button';

const TILES = [
  { icon: Laptop, label: 'Notebooks' },
  { icon: Smartphone, label: 'Celulares' },
  { icon: Monitor, label: 'Monitores' },
  { icon: Printer, label: 'Impresoras' },
  { icon: Router, label: 'Redes' },
  { icon: Truck, label: 'Envío gratis' },
];

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-slate-950 via-slate-900 to-blue-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-widest text-blue-300 uppercase">
            Tecnología para empresas en Uruguay
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Potenciando el futuro de tu empresa...
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-300">
            Notebooks, monitores, impresoras y redes de las mejores marcas. Armá tu carrito y
            solicitá una cotización: un agente te responde a la brevedad.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <BrowseShopButton className="focus-visible:ring-offset-slate-900">
              Ver Catálogo
            </BrowseShopButton>
            <Button
              asChild
              size="lg"
              variant="outline-on-dark"
              className="focus-visible:ring-offset-slate-900"
            >
              <Link to="/nosotros">Hablar con un asesor</Link>
            </Button>
          </div>
        </div>
        <ul aria-hidden="true" className="hidden grid-cols-3 gap-4 lg:grid">
          {TILES.map((tile) => (
            <li
              key={tile.label}
              className="flex aspect-square flex-col items-center justify-center gap-3 rounded-2xl border border-white/10 bg-white/5 text-slate-200 backdrop-blur"
            >
              <tile.icon className="size-10 text-blue-300" strokeWidth={1.5} />
              <span className="text-sm">{tile.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
