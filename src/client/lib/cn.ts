import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names; it does not resolve conflicts (no tailwind-merge: 8 KB of the first load
 * and ≈ 60 ms of a throttled phone's CPU to build its tables). So no two parts of one class
 * list may set the same property: components take a variant, size or tone prop instead of a
 * caller's override (see ui/button.tsx).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
