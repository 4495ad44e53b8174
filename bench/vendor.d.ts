// The benchmark's peers ship no TypeScript types; they are used through a narrow surface.
declare module 'autocannon';
declare module 'oidc-provider';
