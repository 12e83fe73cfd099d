// Sends the welcome e-mail once per account, whatever the number of deliveries of UserSignedUp.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { env } from '../platform/env';
import { isConditionFailure } from '../platform/errors';
import { logger } from '../platform/logger';
import { eventWorker } from '../platform/sqs-worker';
import { sendMail } from './transport';
import { welcomeMail } from './welcome';

export const handler = eventWorker('UserSignedUp', async (user) => {
  const marker = { pk: `MAIL#${user.user_id}`, sk: 'welcome' };
  try {
    await ddb().send(
      new PutCommand({
        TableName: env('TABLE_NAME'),
        Item: { ...marker, entity: 'mail', sent_at: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      logger.info('welcome mail already sent', { userId: user.user_id });
      return;
    }
    throw error;
  }
  try {
    await sendMail(welcomeMail(user, env('SITE_URL')));
  } catch (error) {
    // Release the marker so the redelivery can try again.
    await ddb().send(new DeleteCommand({ TableName: env('TABLE_NAME'), Key: marker }));
    throw error;
  }
  logger.info('welcome mail sent', { userId: user.user_id });
});
