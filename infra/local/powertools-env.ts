// Powertools reads its environment when the logger and the metrics are made, that is at the first
// import of lambdas/platform, before the runtime sets the Lambdas' environment. Imported first by
// the local runtime, this sets it in time; without it every request printed 'Namespace should be
// defined, default used', an EMF line and INFO lines of service 'service_undefined'.
export const POWERTOOLS_ENV = {
  // One process runs every context, so one service name; EMF lines would flood the console.
  POWERTOOLS_SERVICE_NAME: 'portal-local',
  POWERTOOLS_METRICS_NAMESPACE: 'PortalPlural',
  POWERTOOLS_METRICS_DISABLED: 'true',
  // Info lines of every request would bury the console; `LOG_LEVEL=info npm start` shows them.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};

for (const [name, value] of Object.entries(POWERTOOLS_ENV)) process.env[name] ??= value;
