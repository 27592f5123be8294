import { desc, eq } from 'drizzle-orm';
import type { SupportRequest, SupportRequestKind, SupportRequestState } from '@toolkit/contracts/support.ts';
import type { Db } from '../../db/client.ts';
import { clients, supportRequests } from '../../db/schema/tables.ts';

export interface NewSupportRequest {
  userId: number;
  clientId: number | null;
  kind: SupportRequestKind;
  subject: string;
  details: string;
}

/** How many of a user's requests the list shows, newest first. */
const LIST_LIMIT = 50;

const columns = {
  id: supportRequests.id,
  kind: supportRequests.kind,
  clientId: supportRequests.clientId,
  clientName: clients.name,
  clientFullName: clients.fullName,
  subject: supportRequests.subject,
  details: supportRequests.details,
  state: supportRequests.state,
  createdAt: supportRequests.createdAt,
  sentAt: supportRequests.sentAt,
};

interface Row {
  id: number;
  kind: string;
  clientId: number | null;
  clientName: string | null;
  clientFullName: string | null;
  subject: string;
  details: string;
  state: string;
  createdAt: Date;
  sentAt: Date | null;
}

function toSupportRequest(r: Row): SupportRequest {
  return {
    id: r.id,
    kind: r.kind as SupportRequestKind,
    clientId: r.clientId,
    clientName: r.clientFullName ?? r.clientName,
    subject: r.subject,
    details: r.details,
    state: r.state as SupportRequestState,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  };
}

/** All SQL of support requests. */
export class SupportRepository {
  constructor(private readonly db: Db) {}

  async clientName(clientId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ name: clients.name, fullName: clients.fullName })
      .from(clients)
      .where(eq(clients.id, clientId))
      .limit(1);
    return row ? (row.fullName ?? row.name) : null;
  }

  async insert(request: NewSupportRequest): Promise<number> {
    const [row] = await this.db.insert(supportRequests).values(request).returning({ id: supportRequests.id });
    if (!row) throw new Error('support request insert returned nothing');
    return row.id;
  }

  async markSent(id: number, mailedTo: string): Promise<void> {
    await this.db
      .update(supportRequests)
      .set({ state: 'sent', mailedTo, sentAt: new Date() })
      .where(eq(supportRequests.id, id));
  }

  async get(id: number): Promise<SupportRequest | null> {
    const [row] = await this.db
      .select(columns)
      .from(supportRequests)
      .leftJoin(clients, eq(clients.id, supportRequests.clientId))
      .where(eq(supportRequests.id, id))
      .limit(1);
    return row ? toSupportRequest(row) : null;
  }

  async listByUser(userId: number): Promise<SupportRequest[]> {
    const rows = await this.db
      .select(columns)
      .from(supportRequests)
      .leftJoin(clients, eq(clients.id, supportRequests.clientId))
      .where(eq(supportRequests.userId, userId))
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(LIST_LIMIT);
    return rows.map(toSupportRequest);
  }
}
