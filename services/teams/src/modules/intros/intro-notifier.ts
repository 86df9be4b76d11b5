import { Inject, Injectable } from '@nestjs/common';
import { introPagePath, introsEvents, type UserProfile } from '@warmpath/contracts';
import { BusClient, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { EntityManager } from 'typeorm';
import type { TeamsConfig } from '../../config/teams.config.js';
import { nameOf } from '../access/profiles.client.js';
import { MailOutboxQueue } from '../mail/mail-outbox.queue.js';
import { MailOutboxRepository } from '../mail/mail-outbox.repository.js';
import { composeIntroMail, mailsConnector, type IntroMailKind } from './intro-mail.js';
import { connectorNamed, hiddenConnectorLabel } from './intro-view.mapper.js';
import type { IntroRow } from './intros.repository.js';

const detail = (company: string | null, position: string | null) =>
  [position, company].filter(Boolean).join(', ') || null;

/**
 * Tells the other side of a change: a mail owed in the change's own transaction (once per
 * request and state: the outbox key), the in-app inbox (the request is unread for them), and
 * the bus event once committed.
 */
@Injectable()
export class IntroNotifier {
  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly queue: MailOutboxQueue,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
  ) {}

  /** Owes the mail of this change to the other side; null when that side has no address. */
  oweMail(
    manager: EntityManager,
    intro: IntroRow,
    kind: IntroMailKind,
    eventId: number | null,
    note: string | null,
    profiles: ReadonlyMap<number, UserProfile>,
  ): Promise<number | null> {
    const toConnector = mailsConnector(kind);
    const recipient = profiles.get(toConnector ? intro.connectorId : intro.requesterId);
    if (!recipient?.email) return Promise.resolve(null);
    const mail = composeIntroMail(kind, {
      from: this.config.MAIL_FROM,
      to: recipient.email,
      link: `${this.config.PUBLIC_URL}${introPagePath(intro.teamId, intro.id)}`,
      requesterName: nameOf(profiles.get(intro.requesterId)),
      connectorShown: connectorNamed(intro)
        ? nameOf(profiles.get(intro.connectorId))
        : hiddenConnectorLabel(intro),
      // The connector reads the target as they know them; the requester as they saw them.
      targetName: toConnector ? intro.connectorTargetName : intro.targetName,
      targetDetail: toConnector
        ? detail(intro.connectorTargetCompany, intro.connectorTargetPosition)
        : detail(intro.targetCompany, intro.targetPosition),
      workspaceName: intro.teamName,
      reason: intro.reason,
      note,
    });
    return this.outbox.add(manager, {
      key: `intro:${intro.id}:${kind}`,
      teamId: intro.teamId,
      introId: intro.id,
      introEventId: eventId ?? undefined,
      status: this.queue.isEnabled ? 'queued' : 'disabled',
      mail,
    });
  }

  /** After the commit: the mail on its way, the event on the bus. */
  committed(intro: IntroRow, outboxId: number | null, at: Date): void {
    this.queue.enqueue(outboxId);
    this.publish(intro, at);
  }

  /** A mail with no state change behind it (the reminder): no event. */
  enqueueOnly(outboxId: number | null): void {
    this.queue.enqueue(outboxId);
  }

  private publish(intro: IntroRow, at: Date): void {
    const base = {
      introId: intro.id,
      teamId: intro.teamId,
      requesterId: intro.requesterId,
      connectorId: intro.connectorId,
      connectorConnectionId: intro.connectorConnectionId,
      targetPersonKey: intro.targetKey,
      state: intro.state,
      at: at.toISOString(),
    };
    switch (intro.state) {
      case 'requested':
        return this.bus.publish(introsEvents.created, base);
      case 'accepted':
      case 'declined':
      case 'asking_target':
        return this.bus.publish(introsEvents.answered, { ...base, declineReason: intro.declineReason });
      case 'introduced':
      case 'meeting_held':
      case 'no_response':
      case 'withdrawn':
      case 'expired':
        return this.bus.publish(introsEvents.outcome, base);
    }
  }
}
