import { cn } from '@client/lib/cn';
import type { ColourOption } from './variants';

type ColourSwatchesProps = {
  options: ColourOption[];
  selected: string | undefined;
  onSelect: (color: string) => void;
  size?: 'sm' | 'md';
  /** Names the group for screen readers, e.g. the product name. */
  label: string;
};

/** Colour picker as a radio group of round swatches; arrows are not needed with few colours. */
export function ColourSwatches({
  options,
  selected,
  onSelect,
  size = 'md',
  label,
}: ColourSwatchesProps) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('flex flex-wrap', size === 'sm' ? 'gap-1' : 'gap-2')}
    >
      {options.map((option) => {
        const isSelected = option.color === selected;
        return (
          <button
            key={option.color}
            type="button"
            role="radio"
            aria-checked={isSelected}
            aria-label={option.colorName}
            title={option.colorName}
            onClick={() => onSelect(option.color)}
            className={cn(
              'focus-visible:ring-ring rounded-full border-2 p-0.5 transition-colors focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none',
              isSelected ? 'border-primary' : 'hover:border-input border-transparent',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'block rounded-full border border-black/15',
                size === 'sm' ? 'size-5' : 'size-7',
              )}
              style={{ backgroundColor: option.color }}
            />
          </button>
        );
      })}
    </div>
  );
}
