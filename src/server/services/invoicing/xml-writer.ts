// XML written already in its canonical form (Exclusive XML Canonicalization 1.0): no XML
// declaration, no whitespace between elements, every element with an end tag, attributes in
// order, text escaped as C14N escapes it. What is signed is then the very string that is
// stored, so the signature needs no XML library (docs/decisions/086-*.md, xmldsig.ts).

/** Text content as C14N writes it. */
export const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');

/** An attribute value as C14N writes it. */
const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

/** A child: a written element, or nothing (an optional element left out). */
export type XmlPart = string | null | undefined | false;

/**
 * `<name attrs>children</name>`. Attributes are written in the order given: namespace
 * declarations first, then the others sorted by name, as C14N orders them (the callers keep
 * that order).
 */
export function element(
  name: string,
  children: XmlPart[] | string,
  attributes: [string, string][] = [],
): string {
  const attrs = attributes.map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('');
  const body =
    typeof children === 'string' ? escapeText(children) : children.filter(Boolean).join('');
  return `<${name}${attrs}>${body}</${name}>`;
}

/** An element holding text, or nothing when the value is absent. */
export const optional = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined ? null : element(name, String(value));

/** The text of the first `<name>` element (any prefix) in `xml`, unescaped; undefined if none. */
export function textOf(xml: string, name: string): string | undefined {
  const match = new RegExp(
    `<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[\\w-]+:)?${name}>`,
  ).exec(xml);
  if (!match) return undefined;
  return match[1]!
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#xD;/g, '\r')
    .replace(/&amp;/g, '&');
}
