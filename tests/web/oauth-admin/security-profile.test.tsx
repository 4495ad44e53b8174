import { createIntl } from 'react-intl';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClientView } from '@shared/api/oauth-clients';
import { ClientCard } from '@/features/oauth-admin/client-card';
import { CreateClientDialog } from '@/features/oauth-admin/create-client-dialog';
import { EMPTY_SECURITY_PROFILE, securityBadges, securityProfileInput } from '@/features/oauth-admin/oauth-admin.utils';
import { mockWebApi, ok, reply } from '../../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver } from '../../helpers/web-render';
import { CLIENT_VIEW } from './client-view';

const JWK = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1' };
/** A FAPI 2.0 client: private_key_jwt with a JWK Set, no secret. */
const VIEW: ClientView = {
  ...CLIENT_VIEW,
  client_id: 'hub_fapi',
  client_secret_preview: null,
  app_name: 'Sister FAPI',
  app_url: 'https://fapi.example',
  redirect_uris: ['https://fapi.example/cb'],
  post_logout_redirect_uris: [],
  scopes: ['openid'],
  token_endpoint_auth_method: 'private_key_jwt',
  backchannel_logout_uri: null,
  jwks: { keys: [JWK] },
  fapi2: true,
};

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(stubResizeObserver);

describe('the security profile fields (issue 31)', () => {
  it('turns the form into API fields: FAPI 2.0 implies private_key_jwt and needs keys', () => {
    const base = { ...EMPTY_SECURITY_PROFILE };
    expect(securityProfileInput(base)).toEqual({
      input: {
        require_pushed_authorization_requests: false,
        dpop_bound_access_tokens: false,
        fapi2: false,
        request_object_signing_alg: null,
      },
    });
    expect(securityProfileInput({ ...base, fapi2: true })).toEqual({
      error: expect.objectContaining({
        defaultMessage: 'private_key_jwt needs the client’s public keys: a JWK Set or a JWKS URL.',
      }),
    });
    expect(securityProfileInput({ ...base, keyAuth: true, jwks: '{"keys": [' })).toEqual({
      error: expect.objectContaining({ defaultMessage: 'The JWK Set is not valid JSON.' }),
    });
    expect(securityProfileInput({ ...base, jwks: '{}', jwksUri: 'https://a.example/jwks' })).toEqual({
      error: expect.objectContaining({ defaultMessage: 'Give either a JWK Set or a JWKS URL, not both.' }),
    });
    expect(
      securityProfileInput({ ...base, fapi2: true, jwksUri: 'https://a.example/jwks', requestObjectAlg: 'PS256' }),
    ).toEqual({
      input: {
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: 'https://a.example/jwks',
        require_pushed_authorization_requests: false,
        dpop_bound_access_tokens: false,
        fapi2: true,
        request_object_signing_alg: 'PS256',
      },
    });
  });

  it('names the building blocks on the card, FAPI 2.0 implying PAR and DPoP', () => {
    expect(securityBadges(VIEW).map((b) => createIntl({ locale: 'en' }).formatMessage(b.message, b.values))).toEqual([
      'FAPI 2.0',
      'PAR required',
      'DPoP required',
      'private_key_jwt',
    ]);
    renderWithQuery(<ClientCard client={VIEW} />);
    expect(screen.getByText('No secret (private_key_jwt)')).toBeTruthy();
    expect(screen.getByText('FAPI 2.0')).toBeTruthy();
  });

  it('registers a FAPI 2.0 client from the create dialog with its pasted JWK Set', async () => {
    const hub = mockWebApi({ 'POST /api/admin/oauth-clients': reply(201, { client: VIEW, client_secret: null }) });
    const bodies = () => hub.calls.map((c) => c.body);
    renderWithQuery(<CreateClientDialog open onOpenChange={() => {}} />);
    fill('Application Name *', 'Sister FAPI');
    fill('Application URL *', 'https://fapi.example');
    fill('Redirect URIs * (one per line)', 'https://fapi.example/cb');
    fireEvent.click(screen.getByLabelText('FAPI 2.0 profile'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    expect((await screen.findByRole('alert')).textContent).toContain('needs the client’s public keys');
    expect(bodies()).toEqual([]);
    fill('Public JWK Set (JSON)', JSON.stringify({ keys: [JWK] }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toMatchObject({
      token_endpoint_auth_method: 'private_key_jwt',
      fapi2: true,
      jwks: { keys: [JWK] },
    });
  });

  it('changes an existing client with PUT …/security-profile, after a confirmation naming what breaks', async () => {
    const { calls } = mockWebApi({
      'PUT /api/admin/oauth-clients/c1/security-profile': ok({ client: { ...VIEW, dpop_bound_access_tokens: true } }),
    });
    renderWithQuery(<ClientCard client={{ ...VIEW, fapi2: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Security profile…' }));
    fireEvent.click(await screen.findByLabelText('Require DPoP-bound tokens'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Requiring DPoP breaks the live client: nothing is sent until the person confirms the impact.
    const confirm = await screen.findByRole('alertdialog', {
      name: 'This change breaks Sister FAPI until it is updated',
    });
    expect(confirm.textContent).toContain('Sister FAPI’s token requests fail until each one carries a DPoP proof.');
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Apply the change' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: '/api/admin/oauth-clients/c1/security-profile',
      method: 'PUT',
      body: { token_endpoint_auth_method: 'private_key_jwt', dpop_bound_access_tokens: true, jwks: { keys: [JWK] } },
    });
  });
});
