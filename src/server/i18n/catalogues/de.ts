import type { Catalogue } from './en';

/** The server's messages in German (see en.ts; terms per docs/i18n-glossary.md). */
export const de: Catalogue = {
  'mail.verify.subject': 'Bestätigen Sie Ihre E-Mail-Adresse',
  'mail.verify.body':
    'Willkommen bei Ecosystem Hub.\n\nBestätigen Sie Ihre E-Mail-Adresse, indem Sie diesen Link innerhalb {hours, plural, one {einer Stunde} other {von # Stunden}} öffnen:\n{link}\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
  'mail.reset.subject': 'Passwort zurücksetzen',
  'mail.reset.body':
    'Jemand (hoffentlich Sie) hat angefordert, das Passwort Ihres Ecosystem-Hub-Kontos zurückzusetzen.\n\nWählen Sie ein neues Passwort, indem Sie diesen Link innerhalb einer Stunde öffnen:\n{link}\n\nDer Link funktioniert nur einmal. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  'mail.emailChange.subject': 'Bestätigen Sie Ihre neue E-Mail-Adresse',
  'mail.emailChange.body':
    'Öffnen Sie diesen Link innerhalb von 24 Stunden, damit diese Adresse die E-Mail-Adresse Ihres Ecosystem-Hub-Kontos wird:\n{link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
  'mail.emailChanged.subject': 'Ihre E-Mail-Adresse wurde geändert',
  'mail.emailChanged.body':
    'Die E-Mail-Adresse Ihres Ecosystem-Hub-Kontos wurde in {newEmail} geändert.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an einen Administrator.',
  'mail.invitation.subject': 'Einladung zu {org}',
  'mail.invitation.body':
    'Sie wurden eingeladen, der Organisation „{org}“ auf Ecosystem Hub beizutreten.\n\nÖffnen Sie diesen Link innerhalb {days, plural, one {eines Tages} other {von # Tagen}} und melden Sie sich mit dieser E-Mail-Adresse an (oder registrieren Sie sich):\n{link}\n\nDer Link funktioniert nur einmal. Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
  'mail.link.subject': 'Anmeldung mit Ihrem Konto verknüpfen',
  'mail.link.body':
    'Jemand (hoffentlich Sie) hat sich mit dieser Adresse bei {provider} angemeldet und darum gebeten, diese Anmeldung mit Ihrem Ecosystem-Hub-Konto zu verknüpfen.\n\nDie zu verknüpfende Anmeldung:\nAnbieter: {provider}\nAdresse beim Anbieter: {email}\nKennung beim Anbieter: {subject}\n\nUm sie zu verknüpfen und sich anzumelden, öffnen Sie diesen Link innerhalb {minutes, plural, one {einer Minute} other {von # Minuten}}:\n{link}\n\nDer Link funktioniert nur einmal. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Es wird nichts verknüpft.',
  'mail.signInCode.subject': 'Ihr Anmeldecode',
  'mail.signInCode.body':
    'Ihr Anmeldecode für Ecosystem Hub lautet {code}.\n\nEr gilt einmal, {minutes, plural, one {eine Minute} other {# Minuten}} lang.\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne ihn kann sich niemand anmelden.',
  'mail.signInLink.subject': 'Ihr Anmeldelink',
  'mail.signInLink.body':
    'Melden Sie sich bei Ecosystem Hub an, indem Sie diesen Link innerhalb {minutes, plural, one {einer Minute} other {von # Minuten}} öffnen:\n{link}\n\nDer Link funktioniert nur einmal. Öffnen Sie ihn in einem anderen Browser als dem, in dem Sie ihn angefordert haben, fragt er nach dem Code, den jener Browser anzeigt.\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne ihn kann sich niemand anmelden.',
  'mail.impersonation.subject': 'Der Support hat Ihr Konto angesehen',
  'mail.impersonation.body':
    '{name} vom Support sieht Ihr Ecosystem-Hub-Konto so, wie Sie es sehen, höchstens {minutes, plural, one {eine Minute} other {# Minuten}} lang, aus diesem Grund:\n\n{justification}\n\nDabei können weder Ihr Passwort noch Ihre zweiten Faktoren oder verknüpften Identitäten geändert werden. Sie finden diesen Vorgang in der Aktivität Ihres Kontos.',
  'page.securedBy': 'Geschützt durch {hub}',
  'page.privacy': 'Datenschutzerklärung',
  'page.terms': 'Nutzungsbedingungen',
  'page.returnToHub': 'Zurück zum Hub',
  'page.error.title': 'Autorisierungsfehler',
  'page.error.code': 'Fehlercode:',
  'page.error.explain':
    'Die Anwendung, die Sie hierher geschickt hat, ist falsch konfiguriert oder der Link ist ungültig. Sie wurden nicht weitergeleitet.',
  'page.consent.title': 'Anwendung autorisieren',
  'page.consent.heading': '{app} möchte auf Ihr Konto zugreifen',
  'page.consent.signedInAs': 'Angemeldet als {email}.',
  'page.consent.asking': '{site} bittet um:',
  'page.consent.allow': 'Erlauben',
  'page.consent.deny': 'Ablehnen',
  'page.unreviewed.heading': 'Nicht von den Administratoren dieses Hubs geprüft.',
  'page.unreviewed.body':
    'Diese Anwendung hat sich selbst registriert. Erlauben Sie sie nur, wenn Sie sie kennen und ihr vertrauen.',
  'page.unreviewed.website': 'Ihre Website',
  'page.unreviewed.redirect': 'Leitet Sie zurück zu',
  'page.unreviewed.software': 'Software-ID',
  'page.unreviewed.notGiven': 'nicht angegeben',
  'page.unreviewed.again': 'Beim nächsten Mal werden Sie erneut gefragt nach: {scopes}.',
  'page.chooser.title': 'Konto auswählen',
  'page.chooser.continueTo': 'um mit {app} fortzufahren',
  'page.chooser.continueAs': 'Weiter als {email}',
  'page.chooser.another': 'Anderes Konto verwenden',
  'page.logout.title': 'Abmelden',
  'page.logout.heading': 'Von Ecosystem Hub abmelden?',
  'page.logout.body': 'Eine Anwendung hat darum gebeten, Sie abzumelden.',
  'page.logout.signOut': 'Abmelden',
  'page.logout.stay': 'Angemeldet bleiben',
  'page.signedOut.title': 'Abgemeldet',
  'page.signedOut.heading': 'Sie sind abgemeldet',
  'page.formPost.title': 'Weiterleitung…',
  'page.formPost.continue': 'Weiter',
  'page.signInError.title': 'Anmeldung fehlgeschlagen',
  'page.signInError.heading': 'Die Anmeldung hat nicht funktioniert',
  'page.signInError.unchanged': 'An Ihrem Konto wurde nichts geändert.',
  'page.signInError.back': 'Zurück zur Anmeldung',
  'page.signInError.inactiveAccount': 'Dieses Konto ist deaktiviert.',
  'page.signInError.noEmail':
    'Der Identitätsanbieter hat keine E-Mail-Adresse übermittelt, daher kann kein Konto gefunden oder angelegt werden.',
  'page.signInError.unverifiedLocalAccount':
    'Es gibt ein Konto mit dieser E-Mail-Adresse, aber die Adresse wurde nie bestätigt, daher kann es nicht mit dieser Anmeldung verknüpft werden. Melden Sie sich mit Ihrem Passwort an und bestätigen Sie zuerst Ihre E-Mail-Adresse.',
  'page.signInError.unverifiedUpstreamEmail':
    'Der Identitätsanbieter hat diese E-Mail-Adresse nicht bestätigt, daher kann damit kein Konto angelegt oder verknüpft werden. Melden Sie sich auf anderem Weg an und verknüpfen Sie diesen Anbieter dann in den Sicherheitseinstellungen Ihres Kontos.',
  'page.signInError.accountsNotCreated':
    'Kein Konto verwendet diese E-Mail-Adresse, und über diesen Identitätsanbieter können sich nur bestehende Konten anmelden.',
  'page.signInError.secondFactorRequired':
    'Dieses Konto verwendet einen zweiten Faktor. Melden Sie sich stattdessen mit Ihrem Passwort und dem zweiten Faktor an.',
  'page.signInError.signedOutMeanwhile':
    'Sie wurden inzwischen abgemeldet. Bitte melden Sie sich an und beginnen Sie erneut.',
  'page.signInError.unknownProvider': 'Diese Anmeldemöglichkeit gibt es nicht.',
  'page.signInError.providerDisabled': 'Diese Anmeldemöglichkeit ist nicht verfügbar.',
  'page.signInError.stateMissing':
    'Diese Anmeldung ist abgelaufen oder wurde in einem anderen Browser begonnen. Bitte beginnen Sie erneut.',
  'page.signInError.mismatch': 'Diese Antwort gehört nicht zu der begonnenen Anmeldung.',
  'page.signInError.unreachable':
    '{provider} ist gerade nicht erreichbar. Versuchen Sie es in einigen Minuten erneut oder melden Sie sich auf anderem Weg an.',
  'page.signInError.unusable':
    'Die Antwort des Identitätsanbieters konnte nicht angenommen werden. Bitte versuchen Sie es erneut.',
  'page.signInError.invalidLink': 'Der Anmeldelink ist ungültig.',
  'page.link.title': 'Anmeldung verknüpfen',
  'page.link.heading': '{provider} mit Ihrem Konto verknüpfen?',
  'page.link.intro':
    'Sie haben darum gebeten, diese Anmeldung über einen Identitätsanbieter mit Ihrem Ecosystem-Hub-Konto zu verknüpfen:',
  'page.link.provider': 'Anbieter: {provider}',
  'page.link.email': 'Adresse beim Anbieter: {email}',
  'page.link.subject': 'Kennung beim Anbieter: {subject}',
  'page.link.explain':
    'Verknüpfen Sie sie und melden Sie sich an, oder schließen Sie diese Seite, um Ihr Konto unverändert zu lassen. Wenn Sie das nicht angefordert haben, schließen Sie diese Seite: Es wird nichts verknüpft.',
  'page.link.submit': 'Verknüpfen und anmelden',
  'idp.test.requestFailed': 'Die Anfrage ist fehlgeschlagen: {reason}.',
  'idp.test.unreachable': 'Der Identitätsanbieter ist nicht erreichbar ({reason}).',
  'idp.test.unusable': 'Die Antwort des Identitätsanbieters konnte nicht überprüft werden ({reason}).',
  'idp.test.failing': 'Der Anbieter antwortete mit HTTP {status}: Er hat gerade eine Störung.',
  'idp.test.discovery.ok': 'Das Discovery-Dokument von {issuer} wurde gelesen.',
  'idp.test.keys.noJwksUri':
    'Das Discovery-Dokument nennt keine jwks_uri, daher können ID-Tokens nicht überprüft werden.',
  'idp.test.keys.status': 'Der Schlüsselsatz unter {url} antwortete mit HTTP {status}.',
  'idp.test.keys.notJson': 'Der Schlüsselsatz unter {url} ist kein JSON.',
  'idp.test.keys.noSigningKey': 'Der Schlüsselsatz unter {url} enthält keinen Signaturschlüssel.',
  'idp.test.keys.ok': '{count, plural, one {# Signaturschlüssel} other {# Signaturschlüssel}} unter {url}.',
  'idp.test.authorization.refused':
    'Der Anbieter hat die Anfrage abgelehnt (HTTP {status}): Prüfen Sie die Client-ID und ob {redirectUri} dort als Weiterleitungs-URI registriert ist.',
  'idp.test.authorization.ok':
    'Der Anbieter antwortete mit HTTP {status}. Er akzeptiert die Client-ID und die Weiterleitungs-URI.',
  'idp.test.metadata.incomplete':
    'Die Metadaten des Anbieters sind unvollständig (Entity-ID, SSO-URL und ein Signaturzertifikat).',
  'idp.test.metadata.ok': 'Entity-ID {entityId}, Single Sign-On unter {ssoUrl}.',
  'idp.test.certificates.unreadable': 'Ein Signaturzertifikat der Metadaten kann nicht gelesen werden.',
  'idp.test.certificates.expired': 'Alle Signaturzertifikate sind abgelaufen (das letzte am {date, date, medium}).',
  'idp.test.certificates.ok':
    '{count, plural, one {# Signaturzertifikat} other {# Signaturzertifikate}}, gültig bis {date, date, medium}.',
  'idp.test.sso.refused':
    'Der Anbieter hat die Anfrage abgelehnt (HTTP {status}): Prüfen Sie, ob der Anbieter die Entity-ID und die ACS-URL des Hubs kennt.',
  'idp.test.sso.ok': 'Der Anbieter antwortete mit HTTP {status}.',
  'scope.openid': 'Bestätigen, wer Sie sind (Ihre Kontokennung)',
  'scope.profile': 'Ihr Name und Ihre Sprache',
  'scope.email': 'Ihre E-Mail-Adresse und ob sie bestätigt ist',
  'scope.offline_access': 'Zugriff behalten, auch wenn Sie die Anwendung nicht nutzen (Offline-Zugriff)',
  'scope.read:profile': 'Ihr Profil: Name und E-Mail-Adresse',
  'scope.read:organization': 'Ihre Organisation und Abteilung',
  'scope.organizations': 'Die Organisationen, denen Sie angehören, und Ihre Rollen darin',
  'scope.organizationNamed': 'Ihre Mitgliedschaft und Ihre Rollen in {org}',
  'scope.organizationUnnamed': 'Ihre Mitgliedschaft und Ihre Rollen in der angefragten Organisation',
  'error.invalid_request': 'Die Anfrage ist ungültig.',
  'error.weak_password':
    'Das Passwort erfüllt die Sicherheitsanforderungen nicht. Bitte prüfen Sie die Anforderungen unten.',
  'error.invalid_token': 'Dieser Link ist nicht mehr gültig. Fordern Sie einen neuen an.',
  'error.unauthenticated': 'Sie müssen angemeldet sein.',
  'error.invalid_code': 'Der Code ist nicht korrekt.',
  'error.mfa_pending_expired': 'Die Anmeldung hat zu lange gedauert. Bitte melden Sie sich erneut an.',
  'error.passkey_invalid': 'Der Passkey konnte nicht überprüft werden.',
  'error.reauthentication_required':
    'Bitte bestätigen Sie, dass Sie es sind: Melden Sie sich erneut an, um fortzufahren.',
  'error.invalid_credentials': 'E-Mail-Adresse oder Passwort ist falsch.',
  'error.invalid_credentials.remaining':
    'E-Mail-Adresse oder Passwort ist falsch. {remaining, plural, one {Noch # Versuch} other {Noch # Versuche}}.',
  'error.too_many_attempts.minutes':
    'Zu viele Fehlversuche. Bitte versuchen Sie es in {minutes, plural, one {einer Minute} other {# Minuten}} erneut.',
  'error.csrf_failed': 'Websiteübergreifende Anfrage abgelehnt.',
  'error.forbidden': 'Dafür haben Sie keine Berechtigung.',
  'error.not_found': 'Nicht gefunden.',
  'error.email_taken': 'Diese E-Mail-Adresse ist bereits registriert. Bitte melden Sie sich stattdessen an.',
  'error.email_in_use': 'Ein anderer Benutzer verwendet diese E-Mail-Adresse bereits.',
  'error.too_many_attempts': 'Zu viele Fehlversuche. Bitte versuchen Sie es später erneut.',
  'error.rate_limited': 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
  'error.internal_error': 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
  'error.database_unavailable': 'Die Datenbank ist nicht erreichbar.',
};
