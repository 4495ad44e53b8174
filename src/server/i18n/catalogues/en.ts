/**
 * The server's messages in English, the source language: mail, the hub's own HTML pages
 * (consent, account chooser, errors, sign-out) and the API errors a person reads. ICU
 * MessageFormat (intl-messageformat). Every other catalogue has exactly these keys (the type
 * `Catalogue` makes a missing one a compile error; tests/shared/catalogues.test.ts checks the arguments).
 */
export const en = {
  'mail.verify.subject': 'Verify your email address',
  'mail.verify.body':
    'Welcome to Ecosystem Hub.\n\nConfirm your email address by opening this link within {hours, plural, one {# hour} other {# hours}}:\n{link}\n\nIf you did not sign up, ignore this mail.',
  'mail.reset.subject': 'Reset your password',
  'mail.reset.body':
    'Someone (hopefully you) asked to reset the password of your Ecosystem Hub account.\n\nChoose a new password by opening this link within 1 hour:\n{link}\n\nThe link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
  'mail.emailChange.subject': 'Confirm your new email address',
  'mail.emailChange.body':
    'Confirm that this address should become the email of your Ecosystem Hub account by opening this link within 24 hours:\n{link}\n\nIf you did not ask for this, ignore this mail.',
  'mail.emailChanged.subject': 'Your email address was changed',
  'mail.emailChanged.body':
    'The email address of your Ecosystem Hub account was changed to {newEmail}.\n\nIf you did not do this, reset your password and contact an administrator at once.',
  'mail.invitation.subject': 'You are invited to join {org}',
  'mail.invitation.body':
    'You have been invited to join the organization “{org}” on Ecosystem Hub.\n\nOpen this link within {days, plural, one {# day} other {# days}}, and sign in (or sign up) with this email address:\n{link}\n\nThe link works once. If you did not expect this, ignore this mail.',
  'mail.link.subject': 'Connect a sign-in to your account',
  'mail.link.body':
    'Someone (hopefully you) signed in with {provider} using this address and asked to connect that sign-in to your Ecosystem Hub account.\n\nThe sign-in to connect:\nProvider: {provider}\nAddress at the provider: {email}\nIdentifier at the provider: {subject}\n\nTo connect it and sign in, open this link within {minutes, plural, one {# minute} other {# minutes}}:\n{link}\n\nThe link works once. If this was not you, ignore this mail: nothing is connected.',
  'mail.signInCode.subject': 'Your sign-in code',
  'mail.signInCode.body':
    'Your Ecosystem Hub sign-in code is {code}.\n\nIt works once, for {minutes, plural, one {# minute} other {# minutes}}.\n\nIf you did not ask for this, ignore this mail: nobody can sign in without it.',
  'mail.signInLink.subject': 'Your sign-in link',
  'mail.signInLink.body':
    'Sign in to Ecosystem Hub by opening this link within {minutes, plural, one {# minute} other {# minutes}}:\n{link}\n\nIt works once. Opened in another browser than the one that asked, it asks for the code that browser shows.\n\nIf you did not ask for this, ignore this mail: nobody can sign in without it.',
  'mail.impersonation.subject': 'Support viewed your account',
  'mail.impersonation.body':
    '{name} from support is viewing your Ecosystem Hub account as you, for at most {minutes, plural, one {# minute} other {# minutes}}, for this reason:\n\n{justification}\n\nThey cannot change your password, second factors or linked identities. You find this in your account’s activity.',

  'page.securedBy': 'Secured by {hub}',
  'page.privacy': 'Privacy policy',
  'page.terms': 'Terms of service',
  'page.returnToHub': 'Return to the hub',
  'page.error.title': 'Authorization error',
  'page.error.code': 'Error code:',
  'page.error.explain':
    'The application that sent you here is misconfigured or the link is not valid. You have not been redirected.',
  'page.consent.title': 'Authorize application',
  'page.consent.heading': '{app} wants to access your account',
  'page.consent.signedInAs': 'Signed in as {email}.',
  'page.consent.asking': '{site} is asking for:',
  'page.consent.allow': 'Allow',
  'page.consent.deny': 'Deny',
  'page.unreviewed.heading': 'Not reviewed by this hub’s administrators.',
  'page.unreviewed.body': 'This application registered itself. Allow it only if you know and trust it.',
  'page.unreviewed.website': 'Its website',
  'page.unreviewed.redirect': 'Sends you back to',
  'page.unreviewed.software': 'Software ID',
  'page.unreviewed.notGiven': 'not given',
  'page.unreviewed.again': 'You will be asked again next time for: {scopes}.',
  'page.chooser.title': 'Choose an account',
  'page.chooser.continueTo': 'to continue to {app}',
  'page.chooser.continueAs': 'Continue as {email}',
  'page.chooser.another': 'Use another account',
  'page.logout.title': 'Sign out',
  'page.logout.heading': 'Sign out of Ecosystem Hub?',
  'page.logout.body': 'An application asked to sign you out.',
  'page.logout.signOut': 'Sign out',
  'page.logout.stay': 'Stay signed in',
  'page.signedOut.title': 'Signed out',
  'page.signedOut.heading': 'You are signed out',
  'page.formPost.title': 'Continuing…',
  'page.formPost.continue': 'Continue',
  'page.signInError.title': 'Sign-in failed',
  'page.signInError.heading': 'Sign-in did not work',
  'page.signInError.unchanged': 'Nothing was changed in your account.',
  'page.signInError.back': 'Back to sign-in',
  'page.signInError.inactiveAccount': 'This account is deactivated.',
  'page.signInError.noEmail':
    'The identity provider did not share an email address, so no account can be found or created.',
  'page.signInError.unverifiedLocalAccount':
    'An account with this email address exists, but its address was never verified, so it cannot be connected to this sign-in. Sign in with your password and verify your email first.',
  'page.signInError.unverifiedUpstreamEmail':
    'The identity provider did not confirm this email address, so no account can be created or connected with it. Sign in another way, then connect this provider from your account’s security settings.',
  'page.signInError.accountsNotCreated':
    'No account uses this email address, and this identity provider may only sign in existing accounts.',
  'page.signInError.secondFactorRequired':
    'This account uses a second factor. Sign in with your password and second factor instead.',
  'page.signInError.signedOutMeanwhile': 'You were signed out meanwhile. Please sign in and start again.',
  'page.signInError.unknownProvider': 'There is no such way to sign in.',
  'page.signInError.providerDisabled': 'This way to sign in is not available.',
  'page.signInError.stateMissing': 'This sign-in expired or was started in another browser. Please start again.',
  'page.signInError.mismatch': 'This answer does not belong to the sign-in that was started.',
  'page.signInError.unreachable':
    '{provider} cannot be reached right now. Try again in a few minutes, or sign in another way.',
  'page.signInError.unusable': 'The identity provider’s answer could not be accepted. Please try again.',
  'page.signInError.invalidLink': 'The sign-in link is not valid.',
  'page.link.title': 'Connect your sign-in',
  'page.link.heading': 'Connect {provider} to your account?',
  'page.link.intro': 'You asked to connect this sign-in with an identity provider to your Ecosystem Hub account:',
  'page.link.provider': 'Provider: {provider}',
  'page.link.email': 'Address at the provider: {email}',
  'page.link.subject': 'Identifier at the provider: {subject}',
  'page.link.explain':
    'Connect it and sign in, or close this page to leave your account as it is. If you did not ask for this, close this page: nothing is connected.',
  'page.link.submit': 'Connect and sign in',

  'idp.test.requestFailed': 'The request failed: {reason}.',
  'idp.test.unreachable': 'The identity provider cannot be reached ({reason}).',
  'idp.test.unusable': 'The answer of the identity provider could not be verified ({reason}).',
  'idp.test.failing': 'The provider answered HTTP {status}: it is failing right now.',
  'idp.test.discovery.ok': 'Read the discovery document of {issuer}.',
  'idp.test.keys.noJwksUri': 'The discovery document names no jwks_uri, so ID tokens cannot be verified.',
  'idp.test.keys.status': 'The key set at {url} answered HTTP {status}.',
  'idp.test.keys.notJson': 'The key set at {url} is not JSON.',
  'idp.test.keys.noSigningKey': 'The key set at {url} holds no signing key.',
  'idp.test.keys.ok': '{count, plural, one {# signing key} other {# signing keys}} at {url}.',
  'idp.test.authorization.refused':
    'The provider refused the request (HTTP {status}): check the client ID and that {redirectUri} is registered as a redirect URI there.',
  'idp.test.authorization.ok': 'The provider answered HTTP {status}. It accepts the client ID and the redirect URI.',
  'idp.test.metadata.incomplete':
    'The provider has no complete metadata (entity ID, SSO URL and a signing certificate).',
  'idp.test.metadata.ok': 'Entity ID {entityId}, single sign-on at {ssoUrl}.',
  'idp.test.certificates.unreadable': 'A signing certificate of the metadata cannot be read.',
  'idp.test.certificates.expired': 'Every signing certificate has expired (the last on {date, date, medium}).',
  'idp.test.certificates.ok':
    '{count, plural, one {# signing certificate} other {# signing certificates}}, valid until {date, date, medium}.',
  'idp.test.sso.refused':
    'The provider refused the request (HTTP {status}): check that the provider knows the hub’s entity ID and ACS URL.',
  'idp.test.sso.ok': 'The provider answered HTTP {status}.',

  'scope.openid': 'Confirm who you are (your account identifier)',
  'scope.profile': 'Your name and language',
  'scope.email': 'Your email address and whether it is verified',
  'scope.offline_access': 'Keep access while you are not using it (offline access)',
  'scope.read:profile': 'Your profile: name and email address',
  'scope.read:organization': 'Your organization and department',
  'scope.organizations': 'The organizations you belong to and your roles in them',
  'scope.organizationNamed': 'Your membership and your roles in {org}',
  'scope.organizationUnnamed': 'Your membership and your roles in the organization it asks for',

  'error.invalid_request': 'The request is invalid.',
  'error.weak_password': 'Password does not meet security requirements. Please check the requirements below.',
  'error.invalid_token': 'This link is not valid any more. Ask for a new one.',
  'error.unauthenticated': 'You must be signed in.',
  'error.invalid_code': 'The code is not correct.',
  'error.mfa_pending_expired': 'The sign-in took too long. Please sign in again.',
  'error.passkey_invalid': 'The passkey could not be verified.',
  'error.reauthentication_required': 'Please confirm it is you: sign in again to continue.',
  'error.invalid_credentials': 'Invalid email or password.',
  'error.invalid_credentials.remaining':
    'Invalid email or password. {remaining, plural, one {# attempt} other {# attempts}} remaining.',
  'error.too_many_attempts.minutes':
    'Too many failed attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'error.csrf_failed': 'Cross-site request refused.',
  'error.forbidden': 'You do not have permission to do this.',
  'error.not_found': 'Not found.',
  'error.email_taken': 'This email is already registered. Please sign in instead.',
  'error.email_in_use': 'Another user already uses this email address.',
  'error.too_many_attempts': 'Too many failed attempts. Please try again later.',
  'error.rate_limited': 'Too many requests. Please try again later.',
  'error.internal_error': 'An unexpected error occurred. Please try again.',
  'error.database_unavailable': 'The database is unavailable.',
} as const satisfies Record<string, string>;

export type MessageId = keyof typeof en;
export type Catalogue = Record<MessageId, string>;
