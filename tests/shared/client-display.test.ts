import { describe, expect, it } from 'vitest';
import { clientDisplaySchema, MAX_LOGO_DATA_URL_BYTES } from '../../src/shared/api/client-display';
import { contrastRatio, isReadableButtonColor } from '../../src/shared/color';

const issuePaths = (input: unknown) => {
  const r = clientDisplaySchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('a client’s display metadata', () => {
  it('computes WCAG contrast as the standard defines it', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5); // the lightest AA grey
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('accepts https links, a small inline logo and a readable colour', () => {
    expect(
      issuePaths({
        logo_uri: 'data:image/png;base64,iVBORw0KGgo=',
        client_uri: 'https://talentspark.example',
        policy_uri: 'https://talentspark.example/privacy',
        tos_uri: 'https://talentspark.example/terms',
        brand_color: '#1D4ED8',
      }),
    ).toEqual([]);
    expect(isReadableButtonColor('#1d4ed8')).toBe(true);
  });

  it('names each bad field: http, credentials, script URLs, big or non-image data, light or malformed colours', () => {
    expect(issuePaths({ logo_uri: 'http://x.example/l.png' })).toEqual(['logo_uri']);
    expect(issuePaths({ logo_uri: 'data:text/html;base64,PGI+' })).toEqual(['logo_uri']);
    expect(issuePaths({ logo_uri: `data:image/png;base64,${'A'.repeat(MAX_LOGO_DATA_URL_BYTES)}` })).toEqual([
      'logo_uri',
    ]);
    expect(issuePaths({ policy_uri: 'javascript:alert(1)' })).toEqual(['policy_uri']);
    expect(issuePaths({ tos_uri: 'https://u:p@x.example/terms' })).toEqual(['tos_uri']);
    expect(issuePaths({ client_uri: 'https://x.example/#frag' })).toEqual(['client_uri']);
    expect(issuePaths({ brand_color: '#ffeb3b' })).toEqual(['brand_color']);
    expect(issuePaths({ brand_color: 'red' })).toEqual(['brand_color']);
  });
});
