import dgram from 'node:dgram';
import type pg from 'pg';
import { type Finding, ok } from './finding.ts';

/** Seconds between 1900 (NTP's era) and 1970 (Unix time). */
const NTP_TO_UNIX_SECONDS = 2_208_988_800;
const CLOCK_TIMEOUT_MS = 3_000;
/** Over this, a warning: TOTP codes and ALTCHA challenges are checked against the clock. */
export const CLOCK_WARNING_SECONDS = 5;
/** Over this, staff codes from their phones no longer match (one 30 s step): a blocker. */
export const CLOCK_BLOCKER_SECONDS = 30;

/** An NTP timestamp (seconds and fraction since 1900) in milliseconds since 1970. */
function ntpMillis(packet: Buffer, offset: number): number {
  const seconds = packet.readUInt32BE(offset) - NTP_TO_UNIX_SECONDS;
  const fraction = packet.readUInt32BE(offset + 4) / 2 ** 32;
  return (seconds + fraction) * 1000;
}

/**
 * How far this machine's clock is from a time server's, in milliseconds (positive: ours is ahead),
 * by one SNTP exchange (RFC 4330): ((t1 − t0) + (t2 − t3)) / 2, the network's delay cancelled out.
 */
export function clockOffsetFromNtp(
  server: string,
  { port = 123, timeoutMs = CLOCK_TIMEOUT_MS, now = Date.now } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(server.includes(':') ? 'udp6' : 'udp4');
    const timer = setTimeout(
      () => finish(new Error(`no answer from ${server} within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const finish = (outcome: Error | number) => {
      clearTimeout(timer);
      socket.close();
      if (typeof outcome === 'number') resolve(outcome);
      else reject(outcome);
    };
    const request = Buffer.alloc(48);
    request[0] = 0x1b; // leap indicator 0, version 3, mode 3 (client)
    let sentAt = 0;
    socket.once('error', (error) => finish(error));
    socket.once('message', (answer) => {
      const receivedAt = now();
      if (answer.length < 48) return finish(new Error(`a short answer from ${server}`));
      const serverReceived = ntpMillis(answer, 32);
      const serverSent = ntpMillis(answer, 40);
      finish(-((serverReceived - sentAt + (serverSent - receivedAt)) / 2));
    });
    sentAt = now();
    socket.send(request, port, server, (error) => {
      if (error) finish(error);
    });
  });
}

export type ClockSources = {
  /** A time server (SNTP), such as pool.ntp.org; undefined to skip. */
  ntpServer?: string;
  ntpPort?: number;
  /** An external database on another machine keeps its own clock: compared too. */
  externalPool?: Pick<pg.Pool, 'query'>;
  now?: () => number;
};

function judge(source: string, offsetMs: number): Finding {
  const seconds = Math.abs(offsetMs) / 1000;
  const said = `This machine's clock is ${seconds.toFixed(1)} s ${offsetMs > 0 ? 'ahead of' : 'behind'} ${source}`;
  if (seconds <= CLOCK_WARNING_SECONDS) return ok('clock', `${said}.`);
  return {
    check: 'clock',
    severity: seconds > CLOCK_BLOCKER_SECONDS ? 'blocker' : 'warning',
    message: `${said}: staff sign-in codes and the spam check need the right time.`,
    fix: 'Turn on time synchronisation: apt-get install systemd-timesyncd (or chrony), then timedatectl set-ntp true.',
  };
}

/** The clock within a few seconds of a time server's, and of an external database's. */
export async function clockFindings({
  ntpServer,
  ntpPort,
  externalPool,
  now = Date.now,
}: ClockSources): Promise<Finding[]> {
  const findings: Finding[] = [];
  if (ntpServer) {
    try {
      findings.push(judge(`the time server ${ntpServer}`, await clockOffsetFromNtp(ntpServer, { port: ntpPort, now })));
    } catch (error) {
      findings.push({
        check: 'clock',
        severity: 'warning',
        message: `Could not ask the time server ${ntpServer} (${(error as Error).message}), so the clock was not checked against it.`,
        fix: 'Allow outgoing UDP port 123, or name a time server you can reach: doctor --time-server HOST.',
      });
    }
  }
  if (externalPool) {
    try {
      const before = now();
      const { rows } = await externalPool.query<{ at: Date }>('select clock_timestamp() as at');
      const after = now();
      const at = rows[0]?.at;
      if (at) findings.push(judge('the database server', (before + after) / 2 - at.getTime()));
    } catch {
      // The database check says it cannot be reached.
    }
  }
  return findings;
}
