// `npm run reset`: wipes the local data (.local/, or PORTAL_DATA_DIR).
import { rmSync } from 'node:fs';
import { loadConfig } from './config';

const { dataDir } = loadConfig();
rmSync(dataDir, { recursive: true, force: true });
console.log(`Dados locais apagados: ${dataDir}`);
