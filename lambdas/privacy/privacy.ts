// The privacy context's own part of a person's data: their consent records and their data requests.
// On deletion the consents go, and so do the exports (their files too); the deletion's own request
// stays, as its log, and loses the link to the person when it completes (store.completeDeletion).
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { consentPartition, publicRequest } from './items';
import type { PersonalData } from './port';
import * as store from './store';

export const personalData: PersonalData = {
  context: 'privacy',
  async collect(subject) {
    const requests = await store.allRequestsOf(subject.user_id);
    return {
      consents: await store.consentsOf(consentPartition({ user_id: subject.user_id })),
      data_requests: requests.map((request) => {
        const { id, kind, status, created_at, completed_at, download_until } = publicRequest(request);
        return { id, kind, status, created_at, completed_at, download_until };
      }),
    };
  },
  async erase(subject) {
    const consents = await store.deleteConsents(consentPartition({ user_id: subject.user_id }));
    const exports = (await store.allRequestsOf(subject.user_id)).filter((request) => request.kind === 'export');
    for (const request of exports) {
      if (request.file_key) await s3().send(new DeleteObjectCommand({ Bucket: env('MEDIA_BUCKET'), Key: request.file_key }));
      await store.deleteRequest(request.id);
    }
    return { consents, exports: exports.length };
  },
};
