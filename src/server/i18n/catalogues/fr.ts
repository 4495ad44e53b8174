import type { Catalogue } from './en';

/** The server's messages in French (see en.ts; terms per docs/i18n-glossary.md). */
export const fr: Catalogue = {
  'mail.verify.subject': 'Confirmez votre adresse e-mail',
  'mail.verify.body':
    'Bienvenue sur Ecosystem Hub.\n\nConfirmez votre adresse e-mail en ouvrant ce lien dans les {hours, plural, one {# heure} other {# heures}} :\n{link}\n\nSi vous ne vous êtes pas inscrit, ignorez ce message.',
  'mail.reset.subject': 'Réinitialisez votre mot de passe',
  'mail.reset.body':
    'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Ecosystem Hub.\n\nChoisissez un nouveau mot de passe en ouvrant ce lien dans l’heure :\n{link}\n\nLe lien ne fonctionne qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  'mail.emailChange.subject': 'Confirmez votre nouvelle adresse e-mail',
  'mail.emailChange.body':
    'Pour que cette adresse devienne celle de votre compte Ecosystem Hub, ouvrez ce lien dans les 24 heures :\n{link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
  'mail.emailChanged.subject': 'Votre adresse e-mail a été modifiée',
  'mail.emailChanged.body':
    'L’adresse e-mail de votre compte Ecosystem Hub est désormais {newEmail}.\n\nSi ce n’est pas vous, réinitialisez immédiatement votre mot de passe et contactez un administrateur.',
  'mail.invitation.subject': 'Invitation à rejoindre {org}',
  'mail.invitation.body':
    'Vous êtes invité à rejoindre l’organisation « {org} » sur Ecosystem Hub.\n\nOuvrez ce lien dans les {days, plural, one {# jour} other {# jours}}, puis connectez-vous (ou créez un compte) avec cette adresse e-mail :\n{link}\n\nLe lien ne fonctionne qu’une fois. Si vous ne vous attendiez pas à ce message, ignorez-le.',
  'mail.link.subject': 'Associer une connexion à votre compte',
  'mail.link.body':
    'Quelqu’un (vous, espérons-le) s’est connecté avec {provider} en utilisant cette adresse et a demandé à associer cette connexion à votre compte Ecosystem Hub.\n\nLa connexion à associer :\nFournisseur : {provider}\nAdresse chez le fournisseur : {email}\nIdentifiant chez le fournisseur : {subject}\n\nPour l’associer et vous connecter, ouvrez ce lien dans les {minutes, plural, one {# minute} other {# minutes}} :\n{link}\n\nLe lien ne fonctionne qu’une fois. Si ce n’était pas vous, ignorez ce message : rien n’est associé.',
  'mail.signInCode.subject': 'Votre code de connexion',
  'mail.signInCode.body':
    'Votre code de connexion à Ecosystem Hub est {code}.\n\nIl ne sert qu’une fois, pendant {minutes, plural, one {# minute} other {# minutes}}.\n\nSi vous ne l’avez pas demandé, ignorez ce message : personne ne peut se connecter sans lui.',
  'mail.signInLink.subject': 'Votre lien de connexion',
  'mail.signInLink.body':
    'Connectez-vous à Ecosystem Hub en ouvrant ce lien dans {minutes, plural, one {la minute} other {les # minutes}} qui suivent :\n{link}\n\nIl ne sert qu’une fois. Ouvert dans un autre navigateur que celui qui l’a demandé, il demande le code affiché par ce navigateur.\n\nSi vous ne l’avez pas demandé, ignorez ce message : personne ne peut se connecter sans lui.',
  'mail.impersonation.subject': 'Le support a consulté votre compte',
  'mail.impersonation.body':
    '{name}, du support, consulte votre compte Ecosystem Hub comme si c’était vous, pendant {minutes, plural, one {# minute} other {# minutes}} au plus, pour cette raison :\n\n{justification}\n\nIl ne peut modifier ni votre mot de passe, ni vos seconds facteurs, ni vos identités associées. Vous retrouverez cette consultation dans l’activité de votre compte.',
  'page.securedBy': 'Sécurisé par {hub}',
  'page.privacy': 'Politique de confidentialité',
  'page.terms': 'Conditions d’utilisation',
  'page.returnToHub': 'Retour au hub',
  'page.error.title': 'Erreur d’autorisation',
  'page.error.code': 'Code d’erreur :',
  'page.error.explain':
    'L’application qui vous a envoyé ici est mal configurée ou le lien n’est pas valide. Vous n’avez pas été redirigé.',
  'page.consent.title': 'Autoriser l’application',
  'page.consent.heading': '{app} souhaite accéder à votre compte',
  'page.consent.signedInAs': 'Connecté en tant que {email}.',
  'page.consent.asking': '{site} demande :',
  'page.consent.allow': 'Autoriser',
  'page.consent.deny': 'Refuser',
  'page.unreviewed.heading': 'Non vérifiée par les administrateurs de ce hub.',
  'page.unreviewed.body':
    "Cette application s'est inscrite d'elle-même. Ne l'autorisez que si vous la connaissez et lui faites confiance.",
  'page.unreviewed.website': 'Son site web',
  'page.unreviewed.redirect': 'Vous renvoie vers',
  'page.unreviewed.software': 'ID du logiciel',
  'page.unreviewed.notGiven': 'non indiqué',
  'page.unreviewed.again': 'Ceci vous sera redemandé la prochaine fois : {scopes}.',
  'page.chooser.title': 'Choisir un compte',
  'page.chooser.continueTo': 'pour continuer vers {app}',
  'page.chooser.continueAs': 'Continuer en tant que {email}',
  'page.chooser.another': 'Utiliser un autre compte',
  'page.logout.title': 'Déconnexion',
  'page.logout.heading': 'Se déconnecter d’Ecosystem Hub ?',
  'page.logout.body': 'Une application a demandé à vous déconnecter.',
  'page.logout.signOut': 'Se déconnecter',
  'page.logout.stay': 'Rester connecté',
  'page.signedOut.title': 'Déconnecté',
  'page.signedOut.heading': 'Vous êtes déconnecté',
  'page.formPost.title': 'Redirection…',
  'page.formPost.continue': 'Continuer',
  'page.signInError.title': 'Échec de la connexion',
  'page.signInError.heading': 'La connexion n’a pas abouti',
  'page.signInError.unchanged': 'Rien n’a été modifié dans votre compte.',
  'page.signInError.back': 'Retour à la connexion',
  'page.signInError.inactiveAccount': 'Ce compte est désactivé.',
  'page.signInError.noEmail':
    'Le fournisseur d’identité n’a communiqué aucune adresse e-mail : aucun compte ne peut être trouvé ni créé.',
  'page.signInError.unverifiedLocalAccount':
    'Un compte utilise cette adresse e-mail, mais elle n’a jamais été vérifiée : il ne peut pas être associé à cette connexion. Connectez-vous avec votre mot de passe et vérifiez d’abord votre adresse e-mail.',
  'page.signInError.unverifiedUpstreamEmail':
    'Le fournisseur d’identité n’a pas confirmé cette adresse e-mail : aucun compte ne peut être créé ni associé avec elle. Connectez-vous autrement, puis associez ce fournisseur depuis les paramètres de sécurité de votre compte.',
  'page.signInError.accountsNotCreated':
    'Aucun compte n’utilise cette adresse e-mail, et ce fournisseur d’identité ne peut connecter que des comptes existants.',
  'page.signInError.secondFactorRequired':
    'Ce compte utilise un second facteur. Connectez-vous plutôt avec votre mot de passe et votre second facteur.',
  'page.signInError.signedOutMeanwhile': 'Vous avez été déconnecté entre-temps. Connectez-vous et recommencez.',
  'page.signInError.unknownProvider': 'Ce moyen de connexion n’existe pas.',
  'page.signInError.providerDisabled': 'Ce moyen de connexion n’est pas disponible.',
  'page.signInError.stateMissing':
    'Cette connexion a expiré ou a été commencée dans un autre navigateur. Veuillez recommencer.',
  'page.signInError.mismatch': 'Cette réponse ne correspond pas à la connexion commencée.',
  'page.signInError.unreachable':
    '{provider} est injoignable pour le moment. Réessayez dans quelques minutes ou connectez-vous autrement.',
  'page.signInError.unusable': 'La réponse du fournisseur d’identité n’a pas pu être acceptée. Veuillez réessayer.',
  'page.signInError.invalidLink': 'Le lien de connexion n’est pas valide.',
  'page.link.title': 'Associer votre connexion',
  'page.link.heading': 'Associer {provider} à votre compte ?',
  'page.link.intro':
    'Vous avez demandé à associer cette connexion via un fournisseur d’identité à votre compte Ecosystem Hub :',
  'page.link.provider': 'Fournisseur : {provider}',
  'page.link.email': 'Adresse chez le fournisseur : {email}',
  'page.link.subject': 'Identifiant chez le fournisseur : {subject}',
  'page.link.explain':
    'Associez-la et connectez-vous, ou fermez cette page pour laisser votre compte tel quel. Si vous n’avez rien demandé, fermez cette page : rien n’est associé.',
  'page.link.submit': 'Associer et se connecter',
  'idp.test.requestFailed': 'La requête a échoué : {reason}.',
  'idp.test.unreachable': 'Le fournisseur d’identité est injoignable ({reason}).',
  'idp.test.unusable': 'La réponse du fournisseur d’identité n’a pas pu être vérifiée ({reason}).',
  'idp.test.failing': 'Le fournisseur a répondu HTTP {status} : il est en panne en ce moment.',
  'idp.test.discovery.ok': 'Document de découverte de {issuer} lu.',
  'idp.test.keys.noJwksUri':
    'Le document de découverte n’indique aucun jwks_uri : les jetons d’identité ne peuvent pas être vérifiés.',
  'idp.test.keys.status': 'Le jeu de clés à {url} a répondu HTTP {status}.',
  'idp.test.keys.notJson': 'Le jeu de clés à {url} n’est pas du JSON.',
  'idp.test.keys.noSigningKey': 'Le jeu de clés à {url} ne contient aucune clé de signature.',
  'idp.test.keys.ok': '{count, plural, one {# clé de signature} other {# clés de signature}} à {url}.',
  'idp.test.authorization.refused':
    'Le fournisseur a refusé la requête (HTTP {status}) : vérifiez l’ID client et que {redirectUri} y est enregistrée comme URI de redirection.',
  'idp.test.authorization.ok':
    'Le fournisseur a répondu HTTP {status}. Il accepte l’ID client et l’URI de redirection.',
  'idp.test.metadata.incomplete':
    'Les métadonnées du fournisseur sont incomplètes (ID d’entité, URL SSO et un certificat de signature).',
  'idp.test.metadata.ok': 'ID d’entité {entityId}, authentification unique à {ssoUrl}.',
  'idp.test.certificates.unreadable': 'Un certificat de signature des métadonnées est illisible.',
  'idp.test.certificates.expired': 'Tous les certificats de signature ont expiré (le dernier le {date, date, medium}).',
  'idp.test.certificates.ok':
    '{count, plural, one {# certificat de signature} other {# certificats de signature}}, valable jusqu’au {date, date, medium}.',
  'idp.test.sso.refused':
    'Le fournisseur a refusé la requête (HTTP {status}) : vérifiez qu’il connaît l’ID d’entité et l’URL ACS du hub.',
  'idp.test.sso.ok': 'Le fournisseur a répondu HTTP {status}.',
  'scope.openid': 'Confirmer votre identité (l’identifiant de votre compte)',
  'scope.profile': 'Votre nom et votre langue',
  'scope.email': 'Votre adresse e-mail et si elle est vérifiée',
  'scope.offline_access': 'Garder l’accès quand vous ne l’utilisez pas (accès hors ligne)',
  'scope.read:profile': 'Votre profil : nom et adresse e-mail',
  'scope.read:organization': 'Votre organisation et votre service',
  'scope.organizations': 'Les organisations dont vous êtes membre et vos rôles',
  'scope.organizationNamed': 'Votre adhésion et vos rôles dans {org}',
  'scope.organizationUnnamed': 'Votre adhésion et vos rôles dans l’organisation demandée',
  'error.invalid_request': 'La requête n’est pas valide.',
  'error.weak_password':
    'Le mot de passe ne respecte pas les exigences de sécurité. Consultez les critères ci-dessous.',
  'error.invalid_token': 'Ce lien n’est plus valide. Demandez-en un nouveau.',
  'error.unauthenticated': 'Vous devez être connecté.',
  'error.invalid_code': 'Le code est incorrect.',
  'error.mfa_pending_expired': 'La connexion a pris trop de temps. Veuillez vous reconnecter.',
  'error.passkey_invalid': 'La clé d’accès n’a pas pu être vérifiée.',
  'error.reauthentication_required': 'Confirmez votre identité : reconnectez-vous pour continuer.',
  'error.invalid_credentials': 'Adresse e-mail ou mot de passe incorrect.',
  'error.invalid_credentials.remaining':
    'Adresse e-mail ou mot de passe incorrect. {remaining, plural, one {Il reste # tentative} other {Il reste # tentatives}}.',
  'error.too_many_attempts.minutes':
    'Trop de tentatives échouées. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}.',
  'error.csrf_failed': 'Requête intersite refusée.',
  'error.forbidden': 'Vous n’avez pas l’autorisation de faire cela.',
  'error.not_found': 'Introuvable.',
  'error.email_taken': 'Cette adresse e-mail est déjà enregistrée. Connectez-vous plutôt.',
  'error.email_in_use': 'Un autre utilisateur utilise déjà cette adresse e-mail.',
  'error.too_many_attempts': 'Trop de tentatives échouées. Réessayez plus tard.',
  'error.rate_limited': 'Trop de requêtes. Réessayez plus tard.',
  'error.internal_error': 'Une erreur inattendue s’est produite. Veuillez réessayer.',
  'error.database_unavailable': 'La base de données est indisponible.',
};
