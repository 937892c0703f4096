import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string; text: string };

/** The text of a received mail as a reader sees it: quoted-printable undone, headers and body as one. */
export function readableMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < unfolded.length; index += 1) {
    const match = /^=([0-9A-F]{2})/.exec(unfolded.slice(index, index + 3));
    if (match?.[1]) {
      bytes.push(Number.parseInt(match[1], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A real SMTP server on this machine that keeps what it receives. */
export async function startSmtp(port: number) {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          text: readableMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
