// The web app's way to the portal's one pt-BR formatter (shared/format.ts), which the Lambdas' e-mails
// use too: every date and time the portal prints is Brasília's.
export * from '../../../shared/format';
