/** Demo blog posts: plain text, paragraphs separated by a blank line. */
export type PostSeed = { title: string; daysAgo: number; paragraphs: string[] };

export const BLOG_POSTS: PostSeed[] = [
  {
    title: 'Cómo elegir notebooks para tu empresa',
    daysAgo: 4,
    paragraphs: [
      'Renovar el parque de notebooks es una de las inversiones más importantes para una empresa uruguaya. Elegir bien no pasa solo por el precio: también importan la durabilidad, la garantía y lo fácil que sea administrar los equipos.',
      'El primer paso es entender qué hace cada área. Administración y ventas suelen necesitar un procesador Intel Core i5 o AMD Ryzen 5, 16 GB de memoria y un disco SSD de 512 GB. Diseño, ingeniería o análisis de datos conviene que vayan un escalón más arriba, con Core i7 o Ryzen 7 y 32 GB de memoria.',
      'Las líneas corporativas, como Lenovo ThinkPad, Dell Latitude o HP ProBook, cuestan un poco más que las de consumo, pero ofrecen teclados resistentes a derrames, repuestos disponibles durante años y herramientas de gestión remota. En una flota de veinte o treinta equipos, esa diferencia se recupera rápidamente en menos horas de soporte.',
      'No te olvides de la garantía. Siempre que puedas, priorizá la garantía en sitio: un técnico que va a tu oficina evita que un colaborador quede días sin su herramienta de trabajo.',
      'Por último, pensá en el ciclo de vida completo. Estandarizar pocos modelos simplifica el soporte, las imágenes de sistema y la compra de accesorios como cargadores y docks. Si necesitás ayuda para armar la propuesta, pedinos una cotización y te asesoramos sin compromiso.',
    ],
  },
  {
    title: 'Wi-Fi 6 en la oficina: cuándo vale la pena actualizar',
    daysAgo: 13,
    paragraphs: [
      'Cada vez más empresas nos consultan si conviene pasar a Wi-Fi 6. La respuesta corta es que depende de cuántos dispositivos se conectan y de cómo se usa la red durante el día.',
      'Wi-Fi 6 no solo es más rápido: su principal ventaja es que atiende a muchos equipos al mismo tiempo con menos demora. En una oficina con notebooks, celulares, impresoras y cámaras, eso se traduce en videollamadas más estables y menos quejas de que "internet anda lento".',
      'Si tu router tiene más de cinco años, si la señal no llega bien a todas las salas o si tenés más de treinta dispositivos conectados, probablemente sea momento de actualizar. Para oficinas pequeñas alcanza con un router como el TP-Link Archer AX23. Para varias plantas o locales amplios, un sistema mesh o puntos de acceso administrables como la línea Omada son una mejor inversión.',
      'Un consejo importante: separá la red de invitados de la red de trabajo. Es una medida simple que mejora mucho la seguridad.',
      'Antes de comprar, conviene hacer un relevamiento de cobertura. Nuestro equipo técnico puede visitarte y recomendarte la cantidad justa de equipos, sin sobredimensionar la inversión.',
    ],
  },
  {
    title: 'Tinta continua o láser: qué impresora conviene a tu pyme',
    daysAgo: 27,
    paragraphs: [
      'La impresora sigue siendo un equipo clave en estudios contables, escribanías, colegios y comercios. La gran pregunta es si conviene una impresora de tinta continua o una láser.',
      'Las impresoras de tinta continua, como la Epson EcoTank o la HP Smart Tank, tienen un costo por página muy bajo y permiten imprimir a color. Son ideales cuando se imprimen documentos con logos, gráficos o fotos, y cuando el volumen es moderado pero constante.',
      'Las láser monocromáticas, como la HP LaserJet Pro, brillan cuando el volumen es alto y casi todo es texto en negro. Imprimen muy rápido, el tóner no se seca si el equipo queda días sin uso y suelen integrarse mejor a redes con muchos usuarios.',
      'Para decidir, calculá cuántas páginas imprimís por mes y qué porcentaje es a color. Con menos de mil páginas mensuales y algo de color, la tinta continua suele ganar. Con varios miles de páginas en negro, la láser es la opción más eficiente.',
      'También podés combinar ambas: una láser para el volumen diario y una de tinta continua para los materiales a color. Consultanos y armamos juntos la solución que mejor se adapte a tu oficina.',
    ],
  },
];
