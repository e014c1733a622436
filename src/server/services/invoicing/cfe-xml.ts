// One CFE as DGI's format (v24) and its XSD 1.44.1 (CFEType.xsd) lay it out, element by
// element in schema order. Written in canonical form (xml-writer.ts) so the signature covers
// exactly this string. Without `assigned` it is the draft a provider numbers and signs itself
// (no TmstFirma, Serie, Nro, CAEData: UCFE's 'CfeXmlOTexto').
import type {
  CfeAssigned,
  CfeDraft,
  CfeGoodsLine,
  CfeIssuer,
  CfeLine,
  CfeReceiver,
  CfeReference,
  SaleDraft,
} from './cfe-types';
import { element, optional, type XmlPart } from './xml-writer';

export const CFE_NAMESPACE = 'http://cfe.dgi.gub.uy';
/** IVA's rates as Totales prints them (3 decimals). */
const RATE_MINIMUM = '10.000';
const RATE_BASIC = '22.000';

const bodyElementOf = (draft: CfeDraft) =>
  draft.kind === 181 ? 'eRem' : draft.kind === 101 || draft.kind === 102 ? 'eTck' : 'eFact';

function issuerXml(issuer: CfeIssuer) {
  return element('Emisor', [
    element('RUCEmisor', issuer.rut),
    element('RznSoc', issuer.legalName),
    element('CdgDGISucur', String(issuer.branchCode)),
    element('DomFiscal', issuer.fiscalAddress),
    element('Ciudad', issuer.city),
    element('Departamento', issuer.department),
  ]);
}

function receiverXml(receiver: CfeReceiver | null): XmlPart {
  if (!receiver) return null;
  const hasDocument = receiver.docType !== null && receiver.document !== null;
  return element('Receptor', [
    hasDocument && element('TipoDocRecep', String(receiver.docType)),
    hasDocument && element('CodPaisRecep', 'UY'),
    hasDocument && element('DocRecep', receiver.document!),
    optional('RznSocRecep', receiver.name),
    optional('DirRecep', receiver.address),
    optional('CiudadRecep', receiver.city),
    optional('DeptoRecep', receiver.department),
    optional('LugarDestEnt', receiver.deliveryPlace),
    optional('CompraID', receiver.purchaseOrder),
  ]);
}

function idDocXml(draft: CfeDraft, assigned: CfeAssigned | undefined) {
  const numbering = assigned && [
    element('Serie', assigned.serie),
    element('Nro', String(assigned.number)),
  ];
  const common = [
    element('TipoCFE', String(draft.kind)),
    ...(numbering ?? []),
    element('NroInterno', draft.internalNumber),
    element('FchEmis', draft.issuedOn),
  ];
  if (draft.kind === 181) return element('IdDoc', [...common, element('TipoTraslado', '1')]);
  return element('IdDoc', [
    ...common,
    element('FmaPago', String(draft.payment.form)),
    optional('FchVenc', draft.payment.dueOn),
  ]);
}

function totalsXml(draft: SaleDraft) {
  const { totals } = draft;
  return element('Totales', [
    element('TpoMoneda', draft.currency),
    optional('TpoCambio', draft.exchangeRate),
    optional('MntNoGrv', totals.exempt),
    optional('MntNetoIvaTasaMin', totals.netMinimum),
    optional('MntNetoIVATasaBasica', totals.netBasic),
    totals.netMinimum !== null && element('IVATasaMin', RATE_MINIMUM),
    totals.netBasic !== null && element('IVATasaBasica', RATE_BASIC),
    optional('MntIVATasaMin', totals.ivaMinimum),
    optional('MntIVATasaBasica', totals.ivaBasic),
    element('MntTotal', totals.total),
    element('CantLinDet', String(totals.lineCount)),
    element('MntPagar', totals.toPay),
  ]);
}

const codeXml = (code: string | null) =>
  code && element('CodItem', [element('TpoCod', 'INT1'), element('Cod', code)]);

function saleLineXml(line: CfeLine) {
  return element('Item', [
    element('NroLinDet', String(line.number)),
    codeXml(line.code),
    element('IndFact', String(line.indFact)),
    element('NomItem', line.name),
    optional('DscItem', line.description),
    element('Cantidad', line.quantity),
    element('UniMed', 'N/A'),
    element('PrecioUnitario', line.unitPrice),
    optional('DescuentoPct', line.discountPercent),
    optional('DescuentoMonto', line.discountAmount),
    element('MontoItem', line.amount),
  ]);
}

function goodsLineXml(line: CfeGoodsLine) {
  return element('Item', [
    element('NroLinDet', String(line.number)),
    codeXml(line.code),
    element('NomItem', line.name),
    optional('DscItem', line.description),
    element('Cantidad', line.quantity),
    element('UniMed', 'N/A'),
  ]);
}

function referencesXml(references: CfeReference[]): XmlPart {
  if (references.length === 0) return null;
  return element(
    'Referencia',
    references.map((reference) =>
      element('Referencia', [
        element('NroLinRef', String(reference.line)),
        element('TpoDocRef', String(reference.kind)),
        element('Serie', reference.serie),
        element('NroCFERef', String(reference.number)),
        element('RazonRef', reference.reason),
        element('FechaCFEref', reference.issuedOn),
      ]),
    ),
  );
}

function caeXml(assigned: CfeAssigned | undefined): XmlPart {
  if (!assigned) return null;
  const { cae } = assigned;
  return element('CAEData', [
    element('CAE_ID', cae.id),
    element('DNro', String(cae.from)),
    element('HNro', String(cae.to)),
    element('FecVenc', cae.expiresOn),
  ]);
}

/**
 * The CFE element, unsigned: its `ds:Signature` goes last inside it (xmldsig.ts). With
 * `assigned` (the provider's numbering, signing time and CAE) it is the document DGI keeps.
 */
export function cfeXml(draft: CfeDraft, assigned?: CfeAssigned): string {
  const header = element('Encabezado', [
    idDocXml(draft, assigned),
    issuerXml(draft.issuer),
    receiverXml(draft.receiver),
    draft.kind === 181
      ? element('Totales', [element('CantLinDet', String(draft.lines.length))])
      : totalsXml(draft),
  ]);
  const lines = draft.kind === 181 ? draft.lines.map(goodsLineXml) : draft.lines.map(saleLineXml);
  const body = element(bodyElementOf(draft), [
    assigned && element('TmstFirma', assigned.signedAt),
    header,
    element('Detalle', lines),
    referencesXml(draft.references),
    caeXml(assigned),
  ]);
  return element(
    'CFE',
    [body],
    [
      ['xmlns', CFE_NAMESPACE],
      ['version', '1.0'],
    ],
  );
}
