import { X509Certificate } from 'node:crypto';

/**
 * Reading one X.509 certificate (OpenSSL, bounded by the certificate's own small size): what the
 * metadata parser reports and what the settings screens show of a stored certificate. No XML here,
 * so the request thread may use it without loading any XML parser.
 */
export interface SamlCertificate {
  subject: string;
  issuer: string;
  valid_from: string;
  valid_to: string;
  fingerprint_sha256: string;
  pem: string;
}

/** A PEM of the base64 body, 64 characters a line. */
export function toPem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${(body.match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Subject, issuer, validity and SHA-256 fingerprint of one certificate (PEM or bare base64), or null. */
export function describeCertificate(text: string): SamlCertificate | null {
  const trimmed = text.trim();
  const pem = trimmed.includes('-----BEGIN CERTIFICATE-----') ? trimmed : toPem(trimmed);
  try {
    const cert = new X509Certificate(pem);
    return {
      subject: cert.subject.replace(/\n/g, ', '),
      issuer: cert.issuer.replace(/\n/g, ', '),
      valid_from: new Date(cert.validFrom).toISOString(),
      valid_to: new Date(cert.validTo).toISOString(),
      fingerprint_sha256: cert.fingerprint256,
      pem: cert.toString(),
    };
  } catch {
    return null;
  }
}
