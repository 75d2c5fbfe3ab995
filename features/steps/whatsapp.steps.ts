import assert from 'node:assert/strict';
import { After, Before, Given, Then } from '@cucumber/cucumber';
import { DEFAULT_WHATSAPP } from '@appointment/contracts/integration-settings';
import type { ReceivedRequest } from '@appointment/infra/testing/http-peer';
import { profileOf, updateProfile } from '../drivers/accounts';
import { lastBookingOf } from '../drivers/booking';
import { anySlotAt } from '../drivers/schedule';
import {
  messagesSent,
  saveWhatsApp,
  startMessagingApi,
  turnWhatsAppOn,
  whatsAppLog,
  whatsAppOf,
} from '../drivers/whatsapp';
import { eventually, ok } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/* WhatsApp messages: what the messaging API is sent, and what the provider's admin reads of it. */

Before({ tags: '@whatsapp' }, async function (this: PlatformWorld) {
  const api = await startMessagingApi();
  this.withJobs = true;
  this.settings = { ...this.settings, WHATSAPP_API_URL: `${api.url}/v18.0` };
  this.whatsApp = { api, settings: { ...DEFAULT_WHATSAPP }, matched: new Set() };
});

After({ tags: '@whatsapp' }, async function (this: PlatformWorld) {
  await this.whatsApp?.api.stop();
});

/** The profile saved again with one change, as the Profile screen sends it. */
const changeProfile = async (
  world: PlatformWorld,
  person: Person,
  change: (profile: Awaited<ReturnType<typeof profileOf>>) => Record<string, unknown>,
) => {
  const profile = await profileOf(world, person);
  ok(
    await updateProfile(world, person, {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      timezone: profile.timezone,
      language: profile.language,
      notificationPreferences: profile.notificationPreferences,
      ...change(profile),
    }),
    200,
    `${person.name} cannot save their profile`,
  );
};

Given(
  '{person} has chosen WhatsApp messages in her/his/their profile',
  async function (this: PlatformWorld, who: string) {
    await changeProfile(this, this.person(who), (profile) => ({
      notificationPreferences: { ...profile.notificationPreferences, whatsapp: true },
    }));
  },
);

Given(
  '{person} reads the product in {string}',
  async function (this: PlatformWorld, who: string, language: string) {
    await changeProfile(this, this.person(who), () => ({ language }));
  },
);

Given(
  '{person} has turned WhatsApp on with the phone number id {string}',
  async function (this: PlatformWorld, who: string, phoneNumberId: string) {
    await turnWhatsAppOn(this, this.person(who), phoneNumberId);
  },
);

Given(
  '{person} keeps the template {string} approved in {string} and in {string}',
  async function (this: PlatformWorld, who: string, name: string, first: string, second: string) {
    const { templates } = whatsAppOf(this).settings;
    const template = templates.find((candidate) => candidate.name === name);
    assert.ok(template, `no template "${name}"`);
    const others = templates.filter((candidate) => candidate.name !== name);
    await saveWhatsApp(this, this.person(who), {
      templates: [
        ...others,
        { ...template, language: first, status: 'approved' },
        { ...template, language: second, status: 'approved' },
      ],
    });
  },
);

Given(
  'the messaging API refuses the next message with {string}',
  function (this: PlatformWorld, reason: string) {
    whatsAppOf(this).api.answerNext({ status: 400, body: { error: { message: reason } } });
  },
);

/** The template message a request carries, if it is one. */
interface TemplateMessage {
  to: string;
  type: string;
  template?: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
}

/** The next template message for the person not matched by an earlier step, once the API has it. */
const nextTemplate = async (
  world: PlatformWorld,
  person: Person,
  name: string,
  language?: string,
): Promise<TemplateMessage> => {
  const phone = (await profileOf(world, person)).phone.replace(/\D/g, '');
  const scene = whatsAppOf(world);
  const found = await eventually(`the messaging API to be sent "${name}" for ${person.name}`, async () => {
    const sent = messagesSent(world);
    const index = sent.findIndex((request: ReceivedRequest, at) => {
      const message = request.json as TemplateMessage | undefined;
      return (
        !scene.matched.has(at) &&
        message?.to === phone &&
        message.template?.name === name &&
        (language === undefined || message.template.language.code === language)
      );
    });
    return index < 0 ? undefined : { index, message: sent[index]!.json as TemplateMessage };
  });
  scene.matched.add(found.index);
  return found.message;
};

Then(
  'the messaging API is sent the template {string} in {string} for {person}, naming {string} and {string}',
  async function (
    this: PlatformWorld,
    name: string,
    language: string,
    who: string,
    service: string,
    provider: string,
  ) {
    const message = await nextTemplate(this, this.person(who), name, language);
    assert.equal(message.type, 'template');
    const texts = message.template!.components.flatMap((component) =>
      component.parameters.map((parameter) => parameter.text),
    );
    assert.deepEqual(texts.slice(0, 2), [service, provider]);
    // Then the day and the time of the appointment, on the provider's clock.
    assert.equal(texts.length, 4);
  },
);

Given(
  'it is now 23 hours 59 minutes before the time slot of {string} {day} at {time}',
  async function (this: PlatformWorld, provider: string, day: string, time: string) {
    const { timeSlot } = await anySlotAt(this, this.person('Sunita'), provider, day, time);
    // The 24-hour reminder of a booking at that time is then a minute overdue: it goes at once.
    this.letTimePassUntil(Date.parse(timeSlot.startDateTime) - 24 * 3_600_000 + 60_000);
  },
);

const logShows = async (
  world: PlatformWorld,
  adminName: string,
  who: string,
  kind: string,
  status: string,
  detail?: string,
) => {
  const { appointment } = lastBookingOf(world, world.person(who));
  const record = await eventually(
    `${adminName}'s WhatsApp log to show ${who}'s ${kind} as ${status}`,
    async () =>
      (await whatsAppLog(world, world.person(adminName))).find(
        (message) =>
          message.appointmentId === appointment._id && message.kind === kind && message.status === status,
      ),
  );
  if (detail !== undefined) assert.equal(record.detail, detail);
};

Then(
  "{person}'s WhatsApp log shows {person}'s {string} as {string}",
  async function (this: PlatformWorld, admin: string, who: string, kind: string, status: string) {
    await logShows(this, admin, who, kind, status);
  },
);

Then(
  "{person}'s WhatsApp log shows {person}'s {string} as {string} with {string}",
  async function (
    this: PlatformWorld,
    admin: string,
    who: string,
    kind: string,
    status: string,
    detail: string,
  ) {
    await logShows(this, admin, who, kind, status, detail);
  },
);

Then('the messaging API was asked once for it', function (this: PlatformWorld) {
  // A refusal the API will not mend (400) is not sent again.
  assert.equal(messagesSent(this).length, 1);
});
