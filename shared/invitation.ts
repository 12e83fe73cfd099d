// The invitation Cognito e-mails when an account is created for an approved author (AdminCreateUser):
// the user pool's template in AWS (infra/constructs), and the one the local stand-in sends
// (infra/local/cognito-admin.ts). {username} and {####} are Cognito's placeholders for the login and
// the temporary password.
export const INVITATION_SUBJECT = 'Seu acesso de autor ao Portal Plural';

export const INVITATION_BODY =
  '<p>Olá!</p>' +
  '<p>Sua candidatura a autor do Portal Plural foi aprovada e criamos seu acesso.</p>' +
  '<p>E-mail de acesso: {username}<br>Senha temporária: {####}</p>' +
  '<p>Entre na página de login do portal com esses dados: na primeira entrada você escolherá sua própria senha. ' +
  'A senha temporária vale por 7 dias.</p>' +
  '<p>Equipe Portal Plural</p>';

export const TEMPORARY_PASSWORD_DAYS = 7;
