import { expect } from 'vitest';
import { createOrg } from '../../test/factories';
import type { Agent, TestApp } from '../../test/harness';
import {
  authnRequestId,
  mintResponse,
  TEST_SAML_IDP_CERT,
  TEST_SAML_IDP_ENTITY,
  TEST_SAML_IDP_SSO_URL,
  type MintOptions,
} from './saml-test-idp';

/** SAML organisations and sign-ins for the tests of group mapping and single logout. */

export const STAFF_BASE = '/api/hstm/organizations';

export interface SamlOrg {
  id: number;
  tenant: string;
  acsUrl: string;
  entityId: string;
  sloUrl: string;
}

/** An organisation on SAML SSO with the test IdP (its SLO URL given or not), people created at first sign-in. */
export async function samlOrg(t: TestApp, staff: Agent, options: { idpSloUrl?: string } = {}): Promise<SamlOrg> {
  const org = await createOrg(t.deps);
  const saved = await staff.post(`${STAFF_BASE}/${org.id}/saml_org_settings`, {
    saml_org_setting: {
      entity_id: TEST_SAML_IDP_ENTITY,
      sso_url: TEST_SAML_IDP_SSO_URL,
      certificate: TEST_SAML_IDP_CERT,
      ...(options.idpSloUrl ? { slo_url: options.idpSloUrl } : {}),
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  await staff.put(`${STAFF_BASE}/${org.id}/sso_settings`, { sso_setting: { create_unknown_users: true } });
  const base = t.deps.config.publicUrl;
  return {
    id: org.id,
    tenant: org.tenant,
    acsUrl: `${base}/saml/t/${org.tenant}/acs`,
    entityId: `${base}/api/t/${org.tenant}/saml/metadata`,
    sloUrl: `${base}/saml/t/${org.tenant}/slo`,
  };
}

/** Signs a person in through the test IdP in a browser of their own; returns it and the assertion's id (its SessionIndex). */
export async function samlSignIn(
  t: TestApp,
  org: SamlOrg,
  person: { nameId: string; email?: string; attributes?: Record<string, string[]> },
): Promise<{ browser: Agent; sessionIndex: string; location: string }> {
  const browser = t.anonymous();
  const started = await browser.get(`/api/t/${org.tenant}/sso/start`);
  expect(started.statusCode, started.body).toBe(302);
  const options: MintOptions = {
    inResponseTo: authnRequestId(String(started.headers.location)),
    acsUrl: org.acsUrl,
    audience: org.entityId,
    nameId: person.nameId,
    email: person.email ?? person.nameId,
    givenName: 'Sam',
    surname: 'Saml',
    ...(person.attributes ? { attributes: person.attributes } : {}),
  };
  const { samlResponse, assertionId } = mintResponse(options);
  const res = await browser.raw({
    method: 'POST',
    url: `/saml/t/${org.tenant}/acs`,
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(302);
  return { browser, sessionIndex: assertionId, location: String(res.headers.location) };
}
