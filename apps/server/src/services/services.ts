import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { createEncryption, type Encryption, loadMasterKey } from '../crypto/encryption.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { type NotificationWorker, startNotificationWorker } from '../mail/notifications.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import { createSealedStorage } from '../storage/sealed-storage.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { type AltchaService, createAltchaService } from './altcha.service.ts';
import { createSubmissionLimits, type SubmissionLimits } from './submission-limits.ts';

/** Everything the routes need, built once at start-up from the configuration. */
export type Services = {
  db: Db;
  pool: pg.Pool;
  encryption: Encryption;
  storage: StorageDriver;
  altcha: AltchaService;
  limits: SubmissionLimits;
  notifications: NotificationWorker;
};

export function createServices(config: Config, database: { db: Db; pool: pg.Pool }, logger: Logger): Services {
  const encryption = createEncryption(loadMasterKey(config.encryptionKey, config.dataDir, logger));
  return {
    ...database,
    encryption,
    storage: createSealedStorage(createLocalDiskStorage(path.join(config.dataDir, 'storage')), encryption),
    altcha: createAltchaService(database.db, encryption.deriveKey('altcha')),
    limits: createSubmissionLimits(database.pool, encryption.deriveKey('rate-limit-keys'), config.limits),
    notifications: startNotificationWorker(
      database.db,
      {
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        recipients: config.mail.notify,
        language: config.mail.staffLanguage,
        organisationName: config.site.organisationName,
        internalUrl: `${config.publicUrl}/internal/dashboard`,
      },
      logger,
    ),
  };
}
