/** A self-signed test certificate (CN=idp.example.test, O=Example IdP), valid 2026-11-23 to 2046-11-18. */
export const TEST_IDP_CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIDQzCCAiugAwIBAgIUbGbGUH1YRaudikNVbezsWPV3knYwDQYJKoZIhvcNAQEL
BQAwMTEZMBcGA1UEAwwQaWRwLmV4YW1wbGUudGVzdDEUMBIGA1UECgwLRXhhbXBs
ZSBJZFAwHhcNMjYxMTIzMTUwOTMwWhcNNDYxMTE4MTUwOTMwWjAxMRkwFwYDVQQD
DBBpZHAuZXhhbXBsZS50ZXN0MRQwEgYDVQQKDAtFeGFtcGxlIElkUDCCASIwDQYJ
KoZIhvcNAQEBBQADggEPADCCAQoCggEBAKOoiq63IH6BHd2npQDIVJl5tfAXhcph
S/4u4wLjaB+Q6BKJxGulgUqNaRH7zbfT/Dosm9soGQ3Q04N5eiCMV9wsMyj2AaxH
CpcvhOqhBUyezZeIZnrHsu91mYFlLvLUR8tIUu0xtBBLrYyXlvt4KEbC8tWBN6Pm
QW33YG2+b1u34VhZX93kZvgkPZ/SU1uAmPa5Mz23G/ZNIE6jZ13VSGf9MIhoM9cn
MmDx75Hq1U3smqxQmIcqmEoNnYL092CLPWNoopzsfEi8iSY48sn2iiRMA4vNIazH
+g+RScIoyklgbWVlG5E7L5xQ8IKMzPCPcSChtpCY96EmtSH6MVc5wbsCAwEAAaNT
MFEwHQYDVR0OBBYEFBBfhmwRcFOiUzS/iihL0yBG+ufKMB8GA1UdIwQYMBaAFBBf
hmwRcFOiUzS/iihL0yBG+ufKMA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQEL
BQADggEBAI4BxlM7Ge5Ao8QCMGQ8+r2/83hJgB43N8o/wU4Z+qT1nLF0wqQmgVWL
dlAQiQbAWp1IlvJnofCX+jEJjudUvKMVqugVLKOo3b3QeifYhIDjejbSkL9pswBQ
2R/1gxItPH9KZCw4jfR2ugB154HmNLs1AU+3e80IyAnNwRuIlzGQL3+7gJGLGXKf
6YT6UIa1qfvRYvxmyx4MSk2lNE3YlrEqFv1NN8vnZR5/HWGYys80GiqMb6uhF9pF
/ADT+kXjBPr5qo9rXfJOQ/kUtqW4Vsc1pM0TsyQNywxOlWGuCcC2gFRLqqGHdSbW
07/B09SOXYZbfyjwG8QPrAQH6OqVXQo=
-----END CERTIFICATE-----
`;

/** The certificate's base64 body, as metadata carries it. */
export const TEST_IDP_CERT_BASE64 = TEST_IDP_CERT_PEM.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

/** IdP metadata in the shape Azure AD, Okta and ADFS publish (namespaced, signing key, two SSO bindings). */
export function idpMetadata(entityId = 'https://idp.example.test/saml'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${TEST_IDP_CERT_BASE64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/saml/logout"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/saml/sso"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.test/saml/sso/post"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}
