// A Secrets Manager stand-in: the AWS JSON 1.1 protocol (X-Amz-Target: secretsmanager.<Action>) for
// GetSecretValue, DescribeSecret, CreateSecret and PutSecretValue, which is what the SDK client (and
// middy's secrets-manager middleware on it) sends. The runtime seeds some at every start from their
// sources; every secret is also kept in the data folder (secrets.json), so what the application wrote
// (a master's Google connection) survives a restart, as it would on AWS.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { LocalConfig } from './config';

interface StoredSecret {
  arn: string;
  name: string;
  value: string;
  versionId: string;
  created: number;
  changed: number;
}

export interface SecretsStandIn {
  server: Server;
  put(name: string, value: string): void;
  /** Seeds a secret the application writes itself: only when it has no value yet. */
  putIfAbsent(name: string, value: string): void;
}

function loadSecrets(file: string): Map<string, StoredSecret> {
  if (!existsSync(file)) return new Map();
  const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecret[];
  return new Map(stored.map((secret) => [secret.name, secret]));
}

export function startSecrets(config: LocalConfig): Promise<SecretsStandIn> {
  const file = path.join(config.dataDir, 'secrets.json');
  const secrets = loadSecrets(file);
  const save = () => writeFileSync(file, JSON.stringify([...secrets.values()], null, 2), { mode: 0o600 });
  const find = (id: string) => secrets.get(id) ?? [...secrets.values()].find((secret) => secret.arn === id);
  const put = (name: string, value: string) => {
    const now = Date.now() / 1000;
    const existing = secrets.get(name);
    const suffix = randomUUID().slice(0, 6);
    secrets.set(name, {
      arn: existing?.arn ?? `arn:aws:secretsmanager:${config.region}:${config.accountId}:secret:${name}-${suffix}`,
      name,
      value,
      versionId: randomUUID(),
      created: existing?.created ?? now,
      changed: now,
    });
    save();
  };
  const putIfAbsent = (name: string, value: string) => {
    if (!secrets.has(name)) put(name, value);
  };

  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const reply = (status: number, payload: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/x-amz-json-1.1',
          'x-amzn-requestid': randomUUID(),
          ...(status >= 400 ? { 'x-amzn-errortype': String((payload as { __type: string }).__type) } : {}),
        });
        response.end(JSON.stringify(payload));
      };
      const action = String(request.headers['x-amz-target'] ?? '').replace(/^secretsmanager\./, '');
      let input: { SecretId?: string; Name?: string; SecretString?: string };
      try {
        input = JSON.parse(body || '{}') as typeof input;
      } catch {
        return reply(400, { __type: 'InvalidRequestException', message: 'Invalid JSON' });
      }
      const missing = () => reply(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
      switch (action) {
        case 'GetSecretValue': {
          const secret = find(input.SecretId ?? '');
          if (!secret) return missing();
          return reply(200, {
            ARN: secret.arn,
            Name: secret.name,
            SecretString: secret.value,
            VersionId: secret.versionId,
            VersionStages: ['AWSCURRENT'],
            CreatedDate: secret.changed,
          });
        }
        case 'DescribeSecret': {
          const secret = find(input.SecretId ?? '');
          if (!secret) return missing();
          return reply(200, { ARN: secret.arn, Name: secret.name, CreatedDate: secret.created, LastChangedDate: secret.changed });
        }
        case 'CreateSecret': {
          if (!input.Name || input.SecretString === undefined) return reply(400, { __type: 'InvalidParameterException', message: 'Name and SecretString are required' });
          if (secrets.has(input.Name)) return reply(400, { __type: 'ResourceExistsException', message: 'The secret already exists.' });
          put(input.Name, input.SecretString);
          const secret = secrets.get(input.Name)!;
          return reply(200, { ARN: secret.arn, Name: secret.name, VersionId: secret.versionId });
        }
        case 'PutSecretValue': {
          const secret = find(input.SecretId ?? '');
          if (!secret || input.SecretString === undefined) return missing();
          put(secret.name, input.SecretString);
          const updated = secrets.get(secret.name)!;
          return reply(200, { ARN: updated.arn, Name: updated.name, VersionId: updated.versionId, VersionStages: ['AWSCURRENT'] });
        }
        default:
          return reply(400, { __type: 'UnknownOperationException', message: `${action} is not supported locally` });
      }
    });
  });
  return new Promise((resolve) => server.listen(config.ports.secrets, '127.0.0.1', () => resolve({ server, put, putIfAbsent })));
}
