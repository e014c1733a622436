import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@client/lib/cn';
import { useTRPC } from '@client/lib/trpc';
import { whatsappLink } from '@shared/store-info';

/**
 * What the floating button must never sit on: anything the visitor can press or type in,
 * wherever on the page (the product grid, a form, the footer's links and newsletter form).
 */
const ACTIONS = [
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  // Links out of the tab order (a card's picture) repeat a link the visitor can reach.
  'a[href]:not([tabindex="-1"])',
].join(', ');

const intersects = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * True while an action of the page passes under `element`'s fixed place. On a phone the
 * button's corner is part of the product grid (the right column's 'Añadir') and, further
 * down, of the footer ('Suscribirme'), so it steps aside instead of covering them; checked
 * once per frame while the page scrolls or resizes.
 */
function useYieldsToActions(element: React.RefObject<HTMLElement | null>) {
  const [isYielding, setYielding] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const button = element.current;
      if (!button) return;
      const own = button.getBoundingClientRect();
      const covered = [...document.querySelectorAll(ACTIONS)].some(
        (action) => action !== button && intersects(own, action.getBoundingClientRect()),
      );
      setYielding(covered);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Lists that load or grow after the first paint move actions under it without a scroll.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [element]);
  return isYielding;
}

export function WhatsappButton() {
  const trpc = useTRPC();
  const { data: info } = useQuery(
    trpc.contact.info.queryOptions(undefined, { staleTime: Infinity }),
  );
  const ref = useRef<HTMLAnchorElement>(null);
  const isYielding = useYieldsToActions(ref);
  if (!info) return null;
  return (
    <a
      ref={ref}
      href={whatsappLink(info.whatsappNumber)}
      target="_blank"
      rel="noreferrer"
      aria-label="Escribinos por WhatsApp"
      data-yielding={isYielding || undefined}
      className={cn(
        'fixed right-3 bottom-3 z-30 flex size-12 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg transition-opacity sm:right-5 sm:bottom-5 sm:size-14',
        // Only the opacity changes: a moved or scaled box would be measured at its moved
        // place, and an action under its real place would bring it back on top.
        isYielding && 'pointer-events-none opacity-0',
      )}
    >
      <svg viewBox="0 0 24 24" className="size-7 fill-current" aria-hidden="true">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.6.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.3 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3z" />
      </svg>
    </a>
  );
}
