// RUTs for tests: a company is one per RUT, so each test that creates one needs its own.
import { isValidRut } from '@shared/rut';

// Random start: e2e runs share one database across spec files and retries.
let sequence = 300_000 + Math.floor(Math.random() * 600_000);

/** A valid RUT (check digit included) that this process has not answered before. */
export function freshRut(): string {
  for (;;) {
    const middle = String((sequence += 1) % 1_000_000).padStart(6, '0');
    for (let check = 0; check < 10; check += 1) {
      const rut = `21${middle}001${check}`;
      if (isValidRut(rut)) return rut;
    }
  }
}
