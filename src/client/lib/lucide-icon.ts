// The <svg> behind every lucide-react icon, built the way lucide's own Icon builds it
// (lucide-react/dist/esm/Icon.mjs), but without rebuilding the same attributes on every
// render: lucide's spreads, reductions and class merging cost about 4 µs and 7 KB of garbage
// per icon, and a product page draws 18
// (docs/decisions/073-a-render-that-makes-less-garbage.md). vite.config.ts swaps it in for
// lucide's, for createLucideIcon alone. The icon's class list and its shapes' elements are
// made once per icon and class and then reused: React elements are immutable.
// LucideProvider's defaults are not read: the store never sets them.
// tests/unit/lucide-icon.test.ts renders both for every prop the store passes.
import { createElement, type ReactElement, type ReactNode, type Ref, type SVGProps } from 'react';

type IconShape = [tag: string, attributes: Record<string, string>];

/** What lucide's createLucideIcon hands to its Icon. */
type IconData = {
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  node: IconShape[];
  aliases?: unknown[];
};

type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  ref?: Ref<SVGSVGElement>;
  icon?: IconData;
  iconNode?: IconShape[];
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
};

const DEFAULT_SIZE = 24;
const DEFAULT_STROKE_WIDTH = 2;
/** Beyond this many class lists per icon, a list is merged per render and not kept. */
const KEPT_CLASS_LISTS = 64;

/** lucide's mergeClasses: every whitespace-separated class once, in first-seen order. */
function mergeClasses(...lists: (string | undefined)[]): string {
  const classes = new Set<string>();
  for (const list of lists) {
    if (typeof list !== 'string') continue;
    for (const name of list.split(/\s+/)) if (name) classes.add(name);
  }
  return [...classes].join(' ');
}

/** lucide's hasA11yProp: the caller labelled the icon itself. */
function hasAccessibleProp(props: Record<string, unknown>): boolean {
  for (const name in props) {
    const isLabel = name.startsWith('aria-') || name === 'role' || name === 'title';
    if (isLabel && props[name] != null) return true;
  }
  return false;
}

type BuiltIcon = { shapes: ReactElement[]; classLists: Map<string, string> };
const builtIcons = new WeakMap<IconData, BuiltIcon>();

function builtIconOf(icon: IconData): BuiltIcon {
  let built = builtIcons.get(icon);
  if (!built) {
    // lucide passes each shape's `key` inside its attributes: createElement takes it as the key.
    const shapes = icon.node.map(([tag, attributes]) => createElement(tag, attributes));
    built = { shapes, classLists: new Map() };
    builtIcons.set(icon, built);
  }
  return built;
}

function iconClassName(icon: IconData, built: BuiltIcon, className: string): string {
  const kept = built.classLists.get(className);
  if (kept !== undefined) return kept;
  const aliases = (icon.aliases ?? [])
    .filter((alias): alias is string => typeof alias === 'string' && alias.trim() !== '')
    .map((alias) => `lucide-${alias}`);
  const merged = mergeClasses(
    'lucide',
    ...(icon.name ? [`lucide-${icon.name}`] : []),
    ...aliases,
    ...className.split(' '),
  );
  if (built.classLists.size < KEPT_CLASS_LISTS) built.classLists.set(className, merged);
  return merged;
}

/**
 * A plain component, not lucide's forwardRef: React 19 hands `ref` over as a prop, and React
 * names a forwardRef without a displayName by building a string for every element it renders.
 */
export default function LucideIcon({
  ref,
  color,
  size,
  width,
  height,
  strokeWidth,
  absoluteStrokeWidth,
  nonScalingStroke,
  className = '',
  children,
  iconNode = [],
  icon = { node: iconNode, aliases: [], size: DEFAULT_SIZE },
  ...rest
}: IconProps) {
  const built = builtIconOf(icon);
  const viewBoxWidth = icon.size ?? icon.width ?? DEFAULT_SIZE;
  const viewBoxHeight = icon.size ?? icon.height ?? DEFAULT_SIZE;
  const svgWidth = width ?? size ?? DEFAULT_SIZE;
  const stroke = strokeWidth ?? DEFAULT_STROKE_WIDTH;
  const merged = iconClassName(icon, built, className);
  const shapes = nonScalingStroke
    ? icon.node.map(([tag, attributes]) =>
        createElement(tag, { vectorEffect: 'non-scaling-stroke', ...attributes }),
      )
    : built.shapes;
  // The same attributes in the same order as lucide's, so the markup is the same.
  const attributes: Record<string, unknown> = {
    ref,
    xmlns: 'http://www.w3.org/2000/svg',
    width: svgWidth,
    height: height ?? size ?? DEFAULT_SIZE,
    viewBox: `0 0 ${viewBoxWidth} ${viewBoxHeight}`,
    fill: 'none',
    stroke: color || 'currentColor',
    strokeWidth: absoluteStrokeWidth
      ? (Number(stroke) * Number(viewBoxWidth)) / Number(svgWidth)
      : stroke,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  };
  if (merged) attributes.className = merged;
  if (!children && !hasAccessibleProp(rest)) attributes['aria-hidden'] = 'true';
  Object.assign(attributes, rest);
  const extra: ReactNode[] = Array.isArray(children) ? (children as ReactNode[]) : [children];
  return createElement('svg', attributes, ...shapes, ...extra);
}
