import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describeCertificate, type SamlCertificate } from './saml-metadata-cert';
import { XmlDepthMeter } from './xml-depth';

/**
 * Reads a SAML identity provider's metadata (issue 14) in the parser worker: the entity id, its
 * single sign-on and logout endpoints, and each signing certificate. The text comes from a staff
 * user but describes a third party, so it is untrusted: no DOCTYPE or entity declaration at all
 * (XXE and entity expansion), a size bound, a nesting bound, then a parser that expands nothing.
 */

export const SAML_METADATA_PARSER_MAX_BYTES = 512 * 1024;
const MAX_DEPTH = 64;
const MAX_ENDPOINTS = 20;
const MAX_CERTIFICATES = 10;

export type { SamlCertificate };
export { describeCertificate };

export type SamlMetadataRefusal = 'too-large' | 'doctype' | 'xml-too-deep' | 'not-xml' | 'not-metadata';

export interface SamlEndpoint {
  binding: string;
  location: string;
}
export type SamlMetadataResult =
  | {
      ok: true;
      entity_id: string;
      sso_endpoints: SamlEndpoint[];
      slo_endpoints: SamlEndpoint[];
      certificates: SamlCertificate[];
      /** Certificates present but not readable as X.509. */
      unreadable_certificates: number;
    }
  | { ok: false; reason: SamlMetadataRefusal };

type Node = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const asNode = (value: unknown): Node | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  return node && typeof node['#text'] === 'string' ? node['#text'].trim() : '';
};
const attr = (node: Node, name: string): string => {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value.trim() : '';
};

function endpoints(descriptor: Node, element: string): SamlEndpoint[] {
  return asArray(descriptor[element])
    .map(asNode)
    .filter((n): n is Node => n !== null)
    .map((n) => ({ binding: attr(n, 'Binding'), location: attr(n, 'Location') }))
    .filter((e) => e.location !== '')
    .slice(0, MAX_ENDPOINTS);
}

function signingCertificates(descriptor: Node): { certs: string[] } {
  const certs: string[] = [];
  for (const keyDescriptor of asArray(descriptor.KeyDescriptor)) {
    const kd = asNode(keyDescriptor);
    if (!kd) continue;
    const use = attr(kd, 'use');
    // No `use` means the key serves both signing and encryption.
    if (use !== '' && use !== 'signing') continue;
    for (const keyInfo of asArray(kd.KeyInfo)) {
      for (const data of asArray(asNode(keyInfo)?.X509Data)) {
        for (const cert of asArray(asNode(data)?.X509Certificate)) {
          const value = textOf(cert);
          if (value) certs.push(value);
        }
      }
    }
  }
  return { certs: certs.slice(0, MAX_CERTIFICATES) };
}

/** The first EntityDescriptor with an IDPSSODescriptor, also inside an EntitiesDescriptor. */
function findIdp(root: Node): { entity: Node; idp: Node } | null {
  const candidates = [...asArray(root.EntityDescriptor), ...asArray(asNode(root.EntitiesDescriptor)?.EntityDescriptor)];
  for (const candidate of candidates) {
    const entity = asNode(candidate);
    const idp = entity ? asNode(asArray(entity.IDPSSODescriptor)[0]) : null;
    if (entity && idp) return { entity, idp };
  }
  return null;
}

export function readSamlMetadata(xml: string): SamlMetadataResult {
  if (Buffer.byteLength(xml, 'utf8') > SAML_METADATA_PARSER_MAX_BYTES) return { ok: false, reason: 'too-large' };
  // Refused before any parsing: metadata never needs a DTD, and entities are how XXE and
  // "billion laughs" documents work.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, reason: 'doctype' };
  const meter = new XmlDepthMeter();
  meter.feed(Buffer.from(xml, 'utf8'));
  if (meter.maxDepth > MAX_DEPTH) return { ok: false, reason: 'xml-too-deep' };
  if (XMLValidator.validate(xml) !== true) return { ok: false, reason: 'not-xml' };
  let root: Node;
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      removeNSPrefix: true,
      processEntities: false,
      htmlEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
    });
    root = asNode(parser.parse(xml)) ?? {};
  } catch {
    return { ok: false, reason: 'not-xml' };
  }
  const found = findIdp(root);
  if (!found) return { ok: false, reason: 'not-metadata' };
  const entityId = attr(found.entity, 'entityID');
  if (!entityId) return { ok: false, reason: 'not-metadata' };
  const { certs } = signingCertificates(found.idp);
  const certificates = certs.map(describeCertificate);
  return {
    ok: true,
    entity_id: entityId,
    sso_endpoints: endpoints(found.idp, 'SingleSignOnService'),
    slo_endpoints: endpoints(found.idp, 'SingleLogoutService'),
    certificates: certificates.filter((c): c is SamlCertificate => c !== null),
    unreadable_certificates: certificates.filter((c) => c === null).length,
  };
}
