import {
  SUPPORT_REQUEST_LABELS,
  type CreateSupportRequestInputSchema,
  type SupportRequest,
  type SupportRequestKind,
} from '@toolkit/contracts/support.ts';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { NewSupportRequest, SupportRepository } from './support.repository.ts';

type SupportRequestInput = z.output<typeof CreateSupportRequestInputSchema>;

interface SupportServiceDeps {
  repository: SupportRepository;
  mailer: Mailer;
  /** The agency's support address (SUPPORT_EMAIL). */
  supportEmail: string;
  log: { error(obj: object, msg: string): void };
}

/** The field names of each kind, as the e-mail shows them. */
const FIELD_LABELS: Record<SupportRequestKind, { subject: string; details: string }> = {
  'add-vehicle': { subject: 'Vehicle ID', details: 'Reason' },
  'request-access': { subject: 'Account ID', details: 'Reason' },
  support: { subject: 'Subject', details: 'Message' },
  'client-access': { subject: 'Client name', details: 'Reason' },
};

function toRecord(user: AuthUser, input: SupportRequestInput): NewSupportRequest {
  const base = { userId: user.id, kind: input.kind };
  switch (input.kind) {
    case 'add-vehicle':
      return { ...base, clientId: input.clientId, subject: input.vehicleId, details: input.reason };
    case 'request-access':
      return { ...base, clientId: input.clientId, subject: input.accountId, details: input.reason };
    case 'support':
      return { ...base, clientId: input.clientId, subject: input.subject, details: input.message };
    case 'client-access':
      return { ...base, clientId: null, subject: input.clientName, details: input.reason };
  }
}

/** Files support requests: stores each one, then e-mails it to the support address. */
export class SupportService {
  constructor(private readonly deps: SupportServiceDeps) {}

  async file(user: AuthUser, input: SupportRequestInput): Promise<SupportRequest> {
    const record = toRecord(user, input);
    // Tenancy: a request about an agency the user does not have is refused as if it did not exist.
    if (record.clientId !== null && !user.clientIds.includes(record.clientId)) throw notFound('Client');
    const clientName =
      record.clientId === null ? null : await this.deps.repository.clientName(record.clientId);
    const id = await this.deps.repository.insert(record);
    try {
      await this.deps.mailer.send(this.mail(user, { ...record, id }, clientName));
      await this.deps.repository.markSent(id, this.deps.supportEmail);
    } catch (err) {
      // Stored all the same: the request stays 'received' and the user sees that it was not sent.
      this.deps.log.error({ err, supportRequestId: id }, 'support request e-mail failed');
    }
    const saved = await this.deps.repository.get(id);
    if (!saved) throw new Error('support request vanished after insert');
    return saved;
  }

  list(user: AuthUser): Promise<SupportRequest[]> {
    return this.deps.repository.listByUser(user.id);
  }

  private mail(user: AuthUser, request: NewSupportRequest & { id: number }, clientName: string | null) {
    const label = SUPPORT_REQUEST_LABELS[request.kind];
    const fields = FIELD_LABELS[request.kind];
    const agency = clientName ? `[${clientName}] ` : '';
    const text = [
      `${label} request #${String(request.id)} from ${user.name} (${user.username}).`,
      '',
      `Agency: ${clientName ?? 'none selected'}`,
      `${fields.subject}: ${request.subject}`,
      '',
      `${fields.details}:`,
      request.details,
      '',
      'Reply to the installer by e-mail once the request is handled.',
    ].join('\n');
    return {
      to: this.deps.supportEmail,
      subject: `${agency}${label}: ${request.subject}`,
      text,
    };
  }
}
