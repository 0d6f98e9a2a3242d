import { describe, expect, it } from 'vitest';
import { idpMetadata, TEST_IDP_CERT_PEM } from '../../modules/hstm-idp/test-fixtures';
import { describeCertificate, readSamlMetadata } from './saml-metadata';

describe('readSamlMetadata', () => {
  it('reads the entity id, the endpoints with their bindings and the signing certificate', () => {
    const result = readSamlMetadata(idpMetadata());
    expect(result).toMatchObject({
      ok: true,
      entity_id: 'https://idp.example.test/saml',
      sso_endpoints: [
        {
          binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
          location: 'https://idp.example.test/saml/sso',
        },
        {
          binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
          location: 'https://idp.example.test/saml/sso/post',
        },
      ],
      slo_endpoints: [
        {
          binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
          location: 'https://idp.example.test/saml/logout',
        },
      ],
      unreadable_certificates: 0,
    });
    if (!result.ok) throw new Error('refused');
    expect(result.certificates).toHaveLength(1);
    const cert = result.certificates[0]!;
    expect(cert.subject).toContain('CN=idp.example.test');
    expect(cert.issuer).toContain('O=Example IdP');
    expect(cert.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(cert.valid_to)).toBeGreaterThan(Date.parse(cert.valid_from));
    expect(cert).toEqual(describeCertificate(TEST_IDP_CERT_PEM));
  });

  it('reads an EntityDescriptor inside an EntitiesDescriptor, without namespace prefixes', () => {
    const inner = idpMetadata('urn:example:idp')
      .replace(/md:/g, '')
      .replace('xmlns:md=', 'xmlns=')
      .replace(/<\?xml[^>]*\?>/, '');
    const result = readSamlMetadata(
      `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${inner}</EntitiesDescriptor>`,
    );
    expect(result).toMatchObject({ ok: true, entity_id: 'urn:example:idp' });
  });

  it('refuses DOCTYPE and entity declarations (XXE, entity expansion) before parsing', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE md [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${idpMetadata()
      .replace(/<\?xml[^>]*\?>/, '')
      .replace('https://idp.example.test/saml"', '&xxe;"')}`;
    expect(readSamlMetadata(xxe)).toEqual({ ok: false, reason: 'doctype' });
    const laughs = `<!doctype lolz [<!entity lol "lol"><!entity lol2 "&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(readSamlMetadata(laughs)).toEqual({ ok: false, reason: 'doctype' });
  });

  it('refuses garbage, XML that is not metadata, deep nesting and huge documents', () => {
    expect(readSamlMetadata('this is not xml <<<')).toEqual({ ok: false, reason: 'not-xml' });
    expect(readSamlMetadata('<a><b></a>')).toEqual({ ok: false, reason: 'not-xml' });
    expect(readSamlMetadata('<html><body>Sign in</body></html>')).toEqual({ ok: false, reason: 'not-metadata' });
    expect(readSamlMetadata(`${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}`)).toEqual({
      ok: false,
      reason: 'xml-too-deep',
    });
    const huge = idpMetadata().replace('<md:NameIDFormat>', `<md:NameIDFormat>${'x'.repeat(600 * 1024)}`);
    expect(readSamlMetadata(huge)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('counts a certificate that is not X.509 as unreadable', () => {
    const result = readSamlMetadata(
      idpMetadata().replace(/<ds:X509Certificate>[^<]+</, '<ds:X509Certificate>bm90IGEgY2VydA==<'),
    );
    expect(result).toMatchObject({ ok: true, certificates: [], unreadable_certificates: 1 });
  });
});
