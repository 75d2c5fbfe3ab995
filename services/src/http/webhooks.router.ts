import { Router } from 'express';
import { z } from 'zod';
import { MESSAGES } from '@appointment/contracts/messages';
import { WEBHOOK_PATHS, WebhookInput, WebhookListQuery } from '@appointment/contracts/webhooks';
import type { WebhooksService } from '../integrations/webhooks/webhooks.service';
import { authOf, requireCapability } from './authenticate';
import { route } from './routes';

const Id = z.string().min(1).max(200);

/** A provider's webhooks, their secrets and their delivery log. */
export const webhooksRouter = (webhooks: WebhooksService): Router => {
  const router = Router();

  router.get(route(WEBHOOK_PATHS.list), requireCapability('integrations.read'), async (req, res) => {
    const { providerId } = WebhookListQuery.parse(req.query);
    res.json({ webhooks: await webhooks.list(authOf(res), providerId) });
  });

  router.post(route(WEBHOOK_PATHS.list), requireCapability('integrations.manage'), async (req, res) => {
    res.status(201).json(await webhooks.create(authOf(res), WebhookInput.parse(req.body)));
  });

  router.put(route(WEBHOOK_PATHS.one), requireCapability('integrations.manage'), async (req, res) => {
    const webhook = await webhooks.edit(authOf(res), Id.parse(req.params.id), WebhookInput.parse(req.body));
    res.json({ webhook });
  });

  router.delete(route(WEBHOOK_PATHS.one), requireCapability('integrations.manage'), async (req, res) => {
    await webhooks.delete(authOf(res), Id.parse(req.params.id));
    res.json({ message: MESSAGES.webhookDeleted });
  });

  router.post(
    route(WEBHOOK_PATHS.rotateSecret),
    requireCapability('integrations.manage'),
    async (req, res) => {
      res.json(await webhooks.rotateSecret(authOf(res), Id.parse(req.params.id)));
    },
  );

  router.get(route(WEBHOOK_PATHS.deliveries), requireCapability('integrations.read'), async (req, res) => {
    res.json({ deliveries: await webhooks.deliveries(authOf(res), Id.parse(req.params.id)) });
  });

  router.post(route(WEBHOOK_PATHS.redeliver), requireCapability('integrations.manage'), async (req, res) => {
    const delivery = await webhooks.redeliver(
      authOf(res),
      Id.parse(req.params.id),
      Id.parse(req.params.deliveryId),
    );
    res.status(202).json({ message: MESSAGES.webhookRedeliverQueued, delivery });
  });

  return router;
};
