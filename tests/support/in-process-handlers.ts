// Environment for Lambda handlers called in the test process against the test runtime's table (the
// same names the runtime gives its own). Import it before any module of lambdas/: the logger and
// metrics read their settings when first imported.
import { loadConfig } from '../../infra/local/config';
import { workerRuntime } from './worker-runtime';

const { ports } = workerRuntime();

Object.assign(process.env, {
  TABLE_NAME: loadConfig([], {}).tableName,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  POWERTOOLS_SERVICE_NAME: 'portal-test',
  POWERTOOLS_METRICS_NAMESPACE: 'PortalPlural',
  POWERTOOLS_METRICS_DISABLED: 'true',
  // The failures these tests cause on purpose are logged as errors: not on the test output.
  LOG_LEVEL: 'SILENT',
});
