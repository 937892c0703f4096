import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@app/core/errors/app-error';
import { redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answeringFailures, formFailure } from '../shared/failures.server.ts';

/*
 * How the route modules answer a failure (shared/failures.server.ts, decision 0034). It stands with
 * the routes: they are the modules that may import a *.server.ts file, and the last part reads them.
 */

/** What a loader or action threw, or undefined when it did not throw. */
async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** The parts of React Router's `data()` that become the answer: its body and its status. */
const answerOf = (value: unknown) => {
  const { data, init } = value as { data: unknown; init?: { status?: number } };
  return { data, status: init?.status };
};

describe('a page answers an AppError with its error page', () => {
  it('of the failure’s status, with the API’s code beside it', async () => {
    const loader = answeringFailures(async () => {
      throw new AppError('NOT_FOUND');
    });
    expect(answerOf(await thrownBy(() => loader({})))).toEqual({ data: { code: 'NOT_FOUND' }, status: 404 });
    const refused = answeringFailures(async () => {
      throw new AppError('FORBIDDEN');
    });
    expect(answerOf(await thrownBy(() => refused({})))).toEqual({ data: { code: 'FORBIDDEN' }, status: 403 });
  });

  it('says the general code of the status for a form’s rule that no form showed', async () => {
    const action = answeringFailures(async () => {
      throw new AppError('casework.conflict');
    });
    expect(answerOf(await thrownBy(() => action({})))).toEqual({ data: { code: 'CONFLICT' }, status: 409 });
  });

  it('lets a redirect and a fault go on as they are', async () => {
    const away = redirect('/internal/login');
    expect(await thrownBy(() => answeringFailures(() => Promise.reject(away))({}))).toBe(away);
    const fault = new Error('duplicate key value violates unique constraint');
    expect(await thrownBy(() => answeringFailures(() => Promise.reject(fault))({}))).toBe(fault);
  });

  it('gives back what the handler gives', async () => {
    expect(await answeringFailures(async (args: { id: string }) => ({ id: args.id }))({ id: 'x' })).toEqual({
      id: 'x',
    });
  });
});

describe('a form answers a refusal of its section with its sentence', () => {
  it('with the code as its section writes it, and the catalogue’s status', () => {
    const answer = formFailure(new AppError('casework.noteRequired'), 'casework', (code) => ({ error: code }));
    expect(answerOf(answer)).toEqual({ data: { error: 'noteRequired' }, status: 400 });
    const lost = formFailure(new AppError('reminders.conflict'), 'reminders', (code) => ({ reminderError: code }));
    expect(answerOf(lost)).toEqual({ data: { reminderError: 'conflict' }, status: 409 });
  });

  it('throws on anything else, for the error page or the fault', () => {
    const gone = new AppError('NOT_FOUND');
    expect(() => formFailure(gone, 'casework', (code) => code)).toThrow(gone);
    const other = new AppError('reminders.notFound');
    expect(() => formFailure(other, 'casework', (code) => code)).toThrow(other);
    const fault = new TypeError('x is undefined');
    expect(() => formFailure(fault, 'casework', (code) => code)).toThrow(fault);
  });
});

describe('every route that can meet an AppError answers it', () => {
  const routes = import.meta.dirname;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('+')) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(routes);

  // A staff page calls the staff guard or an operation; any route may throw an AppError itself.
  const meets = files.filter((file) => /requireStaff\(|new AppError\(/.test(fs.readFileSync(file, 'utf8')));

  it('finds them', () => {
    expect(meets.length).toBeGreaterThan(15);
  });

  it.each(meets.map((file) => [path.relative(routes, file), file]))(
    '%s: its loader and action go through answeringFailures',
    (_name, file) => {
      const code = fs.readFileSync(file, 'utf8');
      expect(code).not.toMatch(/export (async )?function (loader|action)\b/);
      expect(code).not.toMatch(/throw data\(/);
      for (const name of ['loader', 'action']) {
        if (new RegExp(`export const ${name}\\b`).test(code)) {
          expect(code).toMatch(new RegExp(`export const ${name} = answeringFailures\\(`));
        }
      }
    },
  );
});
