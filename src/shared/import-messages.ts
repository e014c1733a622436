import { formatMoney } from './format';

/** Import refusals and row reasons that name what they refer to. */
export const importMessages = {
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
  invalidRows: (count: number) =>
    count === 1
      ? 'El archivo tiene 1 fila con errores: corregila y volvé a previsualizar. No se importó nada.'
      : `El archivo tiene ${count} filas con errores: corregilas y volvé a previsualizar. No se importó nada.`,
  stockChanged: (names: string[]) =>
    `El stock cambió desde la vista previa: ${names.join(', ')}. No se importó nada; volvé a previsualizar el archivo.`,
  repeatedSku: (line: number) => `El SKU ya aparece en la línea ${line}`,
  skuTaken: 'Ese SKU ya lo usa otra variante del catálogo',
  catalogChanged:
    'El catálogo cambió desde la vista previa. No se importó nada; volvé a previsualizar el archivo.',
  unusualPrice: (before: string, after: string) =>
    `Cambio de precio inusual: ${formatMoney(before)} → ${formatMoney(after)}`,
  unusualPricesUnconfirmed: (count: number) =>
    count === 1
      ? 'El archivo tiene 1 cambio de precio inusual sin confirmar. No se importó nada; revisalo en la vista previa y confirmalo.'
      : `El archivo tiene ${count} cambios de precio inusuales sin confirmar. No se importó nada; revisalos en la vista previa y confirmalos.`,
  applied: (counts: { created: number; updated: number; unchanged: number }) =>
    `Importación aplicada: ${counts.created} creadas, ${counts.updated} actualizadas, ${counts.unchanged} sin cambios.`,
};
