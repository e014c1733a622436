import { formatCount as count, formatMoney } from './format';

/** Products a refusal names, at most this many: the rest are counted. */
const NAMED_MAX = 10;

const someNames = (names: string[]) =>
  names.length > NAMED_MAX
    ? `${names.slice(0, NAMED_MAX).join(', ')} y ${count(names.length - NAMED_MAX)} más`
    : names.join(', ');

/** Import refusals and row reasons that name what they refer to. */
export const importMessages = {
  fileTooLarge: (megabytes: number) => `El archivo supera el máximo de ${count(megabytes)} MB`,
  tooManyRows: (maxRows: number) =>
    `El archivo tiene más de ${count(maxRows)} filas: dividilo en varios archivos`,
  missingColumns: (columns: string[]) =>
    `Faltan columnas en el archivo: ${columns.join(', ')}. Usá el archivo de 'Exportar CSV' como modelo.`,
  parseError: (line: number) =>
    `El archivo no se puede leer a partir de la línea ${line}: revisá las comillas de esa fila.`,
  columnCount: (found: number, expected: number) =>
    `La fila tiene ${found} columnas y se esperaban ${expected}`,
  repeatedRow: (line: number) =>
    `La variante ya aparece en la línea ${line} (mismo slug, almacenamiento y color)`,
  productMismatch: (line: number) =>
    `Los datos del producto no coinciden con los de la línea ${line} (mismo slug)`,
  unknownBrand: (name: string) =>
    `La marca «${name}» no existe: marcá 'Crear marcas y categorías nuevas' para crearla`,
  unknownCategory: (name: string) =>
    `La categoría «${name}» no existe: marcá 'Crear marcas y categorías nuevas' para crearla`,
  invalidRows: (rows: number) =>
    rows === 1
      ? 'El archivo tiene 1 fila con errores: corregila y volvé a previsualizar. No se importó nada.'
      : `El archivo tiene ${count(rows)} filas con errores: corregilas y volvé a previsualizar. No se importó nada.`,
  stockChanged: (names: string[]) =>
    `El stock cambió desde la vista previa: ${someNames(names)}. No se importó nada; volvé a previsualizar el archivo.`,
  applyRunning:
    'Ya se está aplicando otra importación del catálogo. Esperá a que termine y volvé a previsualizar el archivo: no se importó nada.',
  repeatedSku: (line: number) => `El SKU ya aparece en la línea ${line}`,
  skuTaken: 'Ese SKU ya lo usa otra variante del catálogo',
  catalogChanged:
    'El catálogo cambió desde la vista previa. No se importó nada; volvé a previsualizar el archivo.',
  unusualPrice: (before: string, after: string) =>
    `Cambio de precio inusual: ${formatMoney(before)} → ${formatMoney(after)}`,
  unusualPricesUnconfirmed: (changes: number) =>
    changes === 1
      ? 'El archivo tiene 1 cambio de precio inusual sin confirmar. No se importó nada; revisalo en la vista previa y confirmalo.'
      : `El archivo tiene ${count(changes)} cambios de precio inusuales sin confirmar. No se importó nada; revisalos en la vista previa y confirmalos.`,
  applied: (counts: { created: number; updated: number; unchanged: number }) =>
    `Importación aplicada: ${count(counts.created)} creadas, ${count(counts.updated)} actualizadas, ${count(counts.unchanged)} sin cambios.`,
};
