// Uruguay's national holidays, for the staff desk's business time (src/shared/staff-desk.ts):
// a customer who wrote before Christmas has not waited a business day on the 25th. The fixed
// dates of Law 16.805, and Carnaval and Semana de Turismo, which move with Easter.
//
// Not modelled: Law 16.805 moves 19 April, 18 May and 12 October to a Monday when they fall
// mid-week; here they count on their own date, which errs toward warning staff a day early.

/** Month-day of the holidays that fall on the same date every year. */
const FIXED = new Set([
  '01-01', // Año Nuevo
  '01-06', // Día de Reyes
  '04-19', // Desembarco de los 33 Orientales
  '05-01', // Día de los Trabajadores
  '05-18', // Batalla de Las Piedras
  '06-19', // Natalicio de Artigas
  '07-18', // Jura de la Constitución
  '08-25', // Declaratoria de la Independencia
  '10-12', // Día de la Diversidad Cultural
  '11-02', // Día de los Difuntos
  '12-25', // Día de la Familia
]);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Easter Sunday of `year` (Gregorian) as 'YYYY-MM-DD': the anonymous (Meeus/Jones/Butcher) algorithm. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const movable = new Map<number, Set<string>>();

/** Carnaval (Monday and Tuesday, 48 and 47 days before Easter) and Turismo (Monday to Friday). */
function movableHolidays(year: number): Set<string> {
  let days = movable.get(year);
  if (!days) {
    const easter = easterSunday(year);
    days = new Set([-48, -47, -6, -5, -4, -3, -2].map((offset) => shift(easter, offset)));
    movable.set(year, days);
  }
  return days;
}

/** Whether the Montevideo calendar day 'YYYY-MM-DD' is a national holiday. */
export function isUruguayHoliday(day: string): boolean {
  return FIXED.has(day.slice(5)) || movableHolidays(Number(day.slice(0, 4))).has(day);
}
