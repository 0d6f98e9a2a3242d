import type { ParsedMetadata, SamlSettingInput } from '../../../shared/api/hstm-idp';
import { unprocessable } from '../../http/errors';
import { parsersBusy } from '../files/parser-messages';
import { ParserJobStopped, parserPool } from '../files/parser-pool';
import type { SamlMetadataRefusal, SamlMetadataResult } from '../../workers/parsers/saml-metadata';
import { describeCertificate } from '../../workers/parsers/saml-metadata-cert';

const REFUSALS: Record<SamlMetadataRefusal, string> = {
  'too-large': 'The metadata is too large (at most 512 KB).',
  doctype: 'The metadata contains a DOCTYPE or entity declaration, which is not allowed.',
  'xml-too-deep': 'The metadata is nested too deeply to be read safely.',
  'not-xml': 'The metadata is not well-formed XML.',
  'not-metadata': 'The XML is not SAML identity provider metadata (no EntityDescriptor with an IDPSSODescriptor).',
};

/** Reads IdP metadata in the parser worker pool (never in the request thread); 422 with the reason. */
export async function parseMetadataInWorker(xml: string): Promise<ParsedMetadata> {
  let result: SamlMetadataResult;
  try {
    result = await parserPool().run<SamlMetadataResult>({ kind: 'saml-metadata', xml });
  } catch (error) {
    if (error instanceof ParserJobStopped) {
      if (error.failure === 'busy') throw parsersBusy();
      throw unprocessable(
        error.failure === 'timeout'
          ? 'The metadata took too long to read and was refused.'
          : 'The metadata is too complex to be read safely.',
      );
    }
    throw error;
  }
  if (!result.ok) throw unprocessable(REFUSALS[result.reason]);
  if (result.certificates.length === 0) {
    throw unprocessable(
      result.unreadable_certificates > 0
        ? 'The signing certificate in the metadata could not be read.'
        : 'The metadata has no signing certificate.',
    );
  }
  return {
    entity_id: result.entity_id,
    sso_endpoints: result.sso_endpoints,
    slo_endpoints: result.slo_endpoints,
    certificates: result.certificates,
  };
}

const isHttps = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** The problems of SAML settings, each a sentence; empty when they can be used. */
export function samlProblems(input: SamlSettingInput, now: Date): string[] {
  const problems: string[] = [];
  if (!input.entity_id) problems.push('Entity ID is required');
  if (!input.sso_url) problems.push('SSO URL is required');
  else if (!isHttps(input.sso_url)) problems.push('SSO URL must be an https address');
  if (input.slo_url && !isHttps(input.slo_url)) problems.push('SLO URL must be an https address');
  if (!input.certificate) {
    problems.push('Certificate is required');
  } else {
    const cert = describeCertificate(input.certificate);
    if (!cert) problems.push('Certificate is not a readable X.509 certificate');
    else if (Date.parse(cert.valid_from) > now.getTime()) problems.push('Certificate is not valid yet');
    else if (Date.parse(cert.valid_to) < now.getTime()) problems.push('Certificate has expired');
  }
  return problems;
}
