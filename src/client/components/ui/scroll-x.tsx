import type * as React from 'react';
import { useCallback, useEffect, useState } from 'react';
import { cn } from '@client/lib/cn';

/** How wide the fade is at an edge with more to scroll. */
const FADE = '2.5rem';

type Edges = { start: boolean; end: boolean };

/**
 * The mask that fades an edge past which there is more to scroll: a row cut at the screen's
 * edge looks like all there is, faded it says 'more this way'. A mask rather than a painted
 * gradient, so it works over any background.
 */
function fadeMask({ start, end }: Edges): string | undefined {
  if (start && end) {
    return `linear-gradient(to right, transparent, #000 ${FADE}, #000 calc(100% - ${FADE}), transparent)`;
  }
  if (end) return `linear-gradient(to right, #000 calc(100% - ${FADE}), transparent)`;
  if (start) return `linear-gradient(to left, #000 calc(100% - ${FADE}), transparent)`;
  return undefined;
}

/**
 * For an element that scrolls sideways: `attach`, its callback ref; the style that fades the edges with more to
 * scroll, and `refresh` for when its content changes (a new active tab). The edges follow the
 * scroll position and the sizes of the element and its children.
 */
export function useEdgeFade<T extends HTMLElement>() {
  // The element through a callback ref (state, not useRef): its effects run when it mounts.
  const [element, setElement] = useState<T | null>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  const refresh = useCallback(() => {
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    const next = {
      start: hidden > 1 && element.scrollLeft > 1,
      end: hidden > 1 && element.scrollLeft < hidden - 1,
    };
    setEdges((current) =>
      current.start === next.start && current.end === next.end ? current : next,
    );
  }, [element]);
  useEffect(() => {
    if (!element) return;
    // No first refresh here: a ResizeObserver reports every element it starts observing.
    element.addEventListener('scroll', refresh, { passive: true });
    const sizes = new ResizeObserver(refresh);
    const observeAll = () => {
      sizes.observe(element);
      for (const child of element.children) sizes.observe(child);
    };
    observeAll();
    // Content that arrives later (a table's rows, links shown once the user is known).
    const content = new MutationObserver(() => {
      observeAll();
      refresh();
    });
    content.observe(element, { childList: true });
    return () => {
      element.removeEventListener('scroll', refresh);
      sizes.disconnect();
      content.disconnect();
    };
  }, [element, refresh]);
  const mask = fadeMask(edges);
  const style: React.CSSProperties | undefined = mask
    ? { maskImage: mask, WebkitMaskImage: mask }
    : undefined;
  return { attach: setElement, element, style, edges, refresh };
}

/** A box that scrolls sideways inside itself, its edges faded where there is more. */
export function ScrollX({ className, style, ...props }: React.ComponentProps<'div'>) {
  const { attach, edges, style: fade } = useEdgeFade<HTMLDivElement>();
  return (
    <div
      ref={attach}
      data-slot="scroll-x"
      data-more-start={edges.start || undefined}
      data-more-end={edges.end || undefined}
      className={cn('overflow-x-auto', className)}
      style={{ ...style, ...fade }}
      {...props}
    />
  );
}
