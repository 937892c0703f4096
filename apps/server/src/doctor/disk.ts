import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { type Finding, ok } from './finding.ts';

export type FreeSpace = { availableBytes: number; totalBytes: number };

/** What the file system holding `folder` has left for an ordinary user (statfs, as df shows it). */
export async function readFreeSpace(folder: string): Promise<FreeSpace> {
  const stats = await fs.statfs(folder);
  return { availableBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

const GIB = 1024 ** 3;
/** Under this, the database may stop writing and reports be refused: a blocker. */
export const DISK_BLOCKER_BYTES = 1 * GIB;
/** Under this (or under a tenth of the disk), a warning. */
export const DISK_WARNING_BYTES = 5 * GIB;

const shown = (bytes: number) => `${(bytes / GIB).toFixed(1)} GiB`;

/** The folder itself, or the nearest parent that exists (before the first start). */
async function existingFolder(folder: string): Promise<string> {
  let current = folder;
  while (true) {
    try {
      await fs.access(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * Free space where DATA_DIR lives: the embedded database, the files, the spool and the backups by
 * default all grow there. `read` is replaced by the tests (a full disk, without filling one).
 */
export async function diskFindings(config: Config, read = readFreeSpace): Promise<Finding[]> {
  const folder = await existingFolder(config.dataDir);
  let space: FreeSpace;
  try {
    space = await read(folder);
  } catch (error) {
    return [
      {
        check: 'disk',
        severity: 'warning',
        message: `Could not read the free space of ${folder}: ${(error as Error).message}.`,
      },
    ];
  }
  const { availableBytes, totalBytes } = space;
  const share = totalBytes > 0 ? availableBytes / totalBytes : 0;
  const where = `${shown(availableBytes)} free of ${shown(totalBytes)} on the disk of ${folder}`;
  if (availableBytes < DISK_BLOCKER_BYTES) {
    return [
      {
        check: 'disk',
        severity: 'blocker',
        message: `Only ${where}: the database may stop writing, and reports be refused.`,
        fix: 'Free space (old backups, logs: journalctl --vacuum-size=200M) or enlarge the disk.',
      },
    ];
  }
  if (availableBytes < DISK_WARNING_BYTES || share < 0.1) {
    return [
      {
        check: 'disk',
        severity: 'warning',
        message: `${where[0]?.toUpperCase()}${where.slice(1)}: it is getting full.`,
        fix: 'Free space (old backups, logs) or enlarge the disk before it fills.',
      },
    ];
  }
  return [ok('disk', `${where[0]?.toUpperCase()}${where.slice(1)}.`)];
}
