import { API_OPERATIONS, type ApiOperation, type OperationId } from '@appointment/contracts/api';
import { PUBLIC, ROLES } from '@appointment/contracts/roles';
import {
  startTestPlatform,
  sunriseIdOf,
  sunriseTimeSlots,
  bookAtSunrise,
  type Caller,
} from '@appointment/services/testing/test-platform';
import { knowledgeOf } from '../fuzz/fuzz-run';
import { dayKeyFromToday, testNow } from '../testing/clock';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import {
  freshKey,
  freshWebhook,
  requestFor,
  bookingOf,
  type Place,
  type CallerName,
  type DemoContext,
  type DrivenRequest,
} from './operation-requests';
import { startPrismProxy, violationsOf, type PrismViolation } from './prism-proxy';

/** One violation Prism reported, with the call that drew it. */
export interface Finding {
  operation: OperationId;
  caller: CallerName;
  status: number;
  violation: PrismViolation;
}

export interface OpenApiCheckReport {
  /** Requests driven through the proxy. */
  requests: number;
  /** Operations driven (each once per caller). */
  operations: number;
  /** The statuses each operation answered, by caller. */
  statuses: Record<string, Partial<Record<CallerName, number>>>;
  /** Violations per operation (only operations with some). */
  violationsPerOperation: Record<string, number>;
  findings: Finding[];
  /** The signed-out callers' refusals Prism flags as missing credentials, which the run means to send. */
  expectedRefusals: number;
  /** Violations of the pages redirects lead to, which Prism follows (not the API's answers). */
  followedRedirects: number;
  /** Success answers of the document with no shape: a bare object or string. */
  undescribed: string[];
  /** Seconds until the first call through Prism: the app, the demo data, Prism's start. */
  setupSeconds: number;
  /** Milliseconds each operation's calls took, with what they needed made first. */
  milliseconds: Record<string, number>;
  /** The document as the app served it. */
  document: OpenApiDocumentShape;
  seconds: number;
}

interface OpenApiDocumentShape {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }
    >
  >;
}

/** The order callers are driven in; the API key last, as it acts for the admin. */
export const CALLERS: readonly CallerName[] = ['anonymous', ...ROLES, 'apiKey'];

/**
 * A schema says something about an answer when it has a shape: an object's properties (or a
 * map's values), an array's items, a union, a reference, a string's format, pattern, media
 * type or values. A bare `{ type: object }` or `{ type: string }` says nothing.
 */
const describes = (schema: Record<string, unknown>): boolean =>
  ['properties', 'additionalProperties', 'items', 'anyOf', 'oneOf', 'allOf', '$ref', 'const', 'enum'].some(
    (key) => key in schema,
  ) ||
  (schema.type === 'string' && ['format', 'pattern', 'contentMediaType'].some((key) => key in schema)) ||
  ['number', 'integer', 'boolean', 'null'].includes(String(schema.type));

/** The success answers of the document (2xx with content) whose schema says nothing. */
export const undescribedSuccesses = (document: OpenApiDocumentShape): string[] =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([status, answer]) =>
          Object.entries(answer.content ?? {})
            .filter(([, content]) => !describes(content.schema))
            .map(([type]) => `${method.toUpperCase()} ${path} ${status} ${type}`),
        ),
    ),
  );

const send = async (base: string, operation: ApiOperation, request: DrivenRequest, token?: string) => {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: string | FormData | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
  } else if (request.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.form.fields)) form.append(name, value);
    const image = request.form.image;
    if (image)
      form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
    body = form;
  } else if (operation.method === 'post' || operation.method === 'put') {
    // A call without input sends no body at all.
    headers['content-length'] = '0';
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {}))
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, item);
  const search = query.toString();
  const response = await fetch(`${base}${request.path ?? operation.path}${search ? `?${search}` : ''}`, {
    method: operation.method.toUpperCase(),
    headers,
    body,
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get('location'),
    violations: violationsOf(response.headers),
  };
};

/**
 * The order operations are driven in: the table's, but with those that end a session or an
 * account, or use up what others read, after the rest.
 */
const LAST: readonly OperationId[] = ['updatePassword', 'deleteAccount', 'logout'];

/**
 * Starts the app on loopback with the demo data, puts Stoplight Prism in front of it fed the
 * app's own /api/openapi.json, drives every operation of the table through it as every caller,
 * and collects every violation Prism reports, of the request and of the answer.
 */
export const runOpenApiCheck = async (
  options: { operations?: OperationId[]; onProgress?: (id: OperationId) => void } = {},
): Promise<OpenApiCheckReport> => {
  const started = Date.now();
  const receiver = await startWebhookReceiver();
  const test = await startTestPlatform({
    demoData: true,
    name: 'openapi_check',
    jobs: true,
    env: {
      REGISTRATION_LIMIT: '100000',
      BOOKING_LIMIT: '0',
      LOGIN_ADDRESS_LIMIT: '100000',
      UPLOAD_LIMIT: '100000',
      // Webhooks and the chat app post to the loopback receiver.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    },
  });
  // Prism reads the document the app serves, and starts while the run sets up the demo's data.
  const served = await fetch(`${test.base}/api/openapi.json`);
  const document = (await served.json()) as OpenApiDocumentShape;
  const starting = startPrismProxy(document, test.base);
  // Stopped however the run ends (a failed start has stopped itself).
  const stopPrism = () => starting.then((prism) => prism.stop()).catch(() => undefined);
  try {
    const callers = new Map<CallerName, Caller>();
    callers.set('anonymous', test.caller());
    for (const role of ROLES) callers.set(role, await test.signedIn(`${role}@example.com`));
    const sunriseId = await sunriseIdOf(test);
    const admin = callers.get('admin')!;
    const user = callers.get('user')!;
    const templates = await admin.get<{ templates: { id: string }[] }>('/api/schedulemanage/templates');
    const { appointment } = await bookAtSunrise(user, 'Follow-up Visit');
    // Places of its own for the calls that book, so that their number does not hang on the hour
    // the check runs at (the demo's daily time slots end 13 days from its first day).
    const added = await admin.op('addTimeSlot', {
      body: {
        date: dayKeyFromToday('Asia/Kolkata', 2),
        startTime: '16:00',
        endTime: '20:00',
        availableSlots: 8,
        addAsSlot: true,
        repeat: 'daily',
        repeatUntil: dayKeyFromToday('Asia/Kolkata', 16),
        serviceIds: ['General Consultation', 'Follow-up Visit'],
      },
    });
    if (added.status !== 201) throw new Error(`adding the check's time slots answered ${added.status}`);
    // The open intervals of Sunrise's time slots a day or more ahead, for the calls that book;
    // the free and the paid service take turns, slot by slot.
    const { timeSlots } = await sunriseTimeSlots(user, 'Follow-up Visit', testNow() + 2 * 86_400_000);
    const places = (parity: number): Place[] =>
      timeSlots
        .filter((_, index) => index % 2 === parity)
        .flatMap((slot) =>
          Array.from({ length: slot.availableSlots }, (_, index) => ({ slot, index: index + 1 })).filter(
            (place) => !slot.indexes.includes(place.index),
          ),
        );
    const freeSlots = places(0);
    const paidSlots = places(1);
    const me = await admin.get<{ user: { id: string } }>('/api/auth/me');
    const context: DemoContext = {
      test,
      callers,
      sunriseId,
      adminId: me.body.user.id,
      known: await knowledgeOf(callers),
      templateId: templates.body.templates[0]!.id,
      appointmentId: appointment._id,
      hookUrl: receiver.url,
      webhookId: '',
      freeSlots,
      paidSlots,
    };
    context.webhookId = await freshWebhook(context);
    // A booking the webhook hears, so it has a delivery to list and send again.
    await user.post('/api/appointments/bookappointment', bookingOf(context, freeSlots, 'Follow-up Visit'));
    await receiver.until((heard) => heard.length > 0, 10_000).catch(() => undefined);
    const deliveries = await admin.get<{ deliveries: { id: string }[] }>(
      `/api/integrations/webhooks/${context.webhookId}/deliveries`,
    );
    context.deliveryId = deliveries.body.deliveries[0]?.id;
    const key = await freshKey(context);
    const tokens = new Map<CallerName, string | undefined>([
      ...[...callers].map(([name, caller]) => [name, caller.token] as [CallerName, string | undefined]),
      ['apiKey', key.key],
    ]);

    const prism = await starting;
    const report: OpenApiCheckReport = {
      requests: 0,
      operations: 0,
      statuses: {},
      violationsPerOperation: {},
      findings: [],
      expectedRefusals: 0,
      followedRedirects: 0,
      setupSeconds: 0,
      milliseconds: {},
      undescribed: undescribedSuccesses(document),
      document,
      seconds: 0,
    };
    try {
      const all = options.operations ?? (Object.keys(API_OPERATIONS) as OperationId[]);
      const ordered = [...all.filter((id) => !LAST.includes(id)), ...LAST.filter((id) => all.includes(id))];
      report.setupSeconds = Math.round((Date.now() - started) / 100) / 10;
      for (const id of ordered) {
        const operationStarted = Date.now();
        const operation: ApiOperation = API_OPERATIONS[id];
        report.operations++;
        report.statuses[id] = {};
        for (const caller of CALLERS) {
          const request = await requestFor(id, context, caller);
          const token = request.token === null ? undefined : (request.token ?? tokens.get(caller));
          const { status, violations } = await send(prism.base, operation, request, token);
          report.requests++;
          report.statuses[id]![caller] = status;
          // Prism's proxy follows a redirect and checks the page it leads to (the app's sign-in
          // screen, not part of the API): for these the request is checked through Prism, and
          // the app's own answer to a second, equal request directly against the document.
          const redirect = operation.success.type === 'redirect';
          if (redirect) {
            const direct = await send(test.base, operation, await requestFor(id, context, caller), token);
            report.requests++;
            report.statuses[id]![caller] = direct.status;
            if (direct.status !== operation.success.status || !direct.location)
              report.findings.push({
                operation: id,
                caller,
                status: direct.status,
                violation: {
                  location: ['response'],
                  severity: 'Error',
                  message: `answered ${direct.status}${direct.location ? '' : ' without a Location'}, not the documented ${operation.success.status}`,
                },
              });
          }
          for (const violation of violations) {
            if (redirect && violation.location[0] === 'response') {
              report.followedRedirects++;
              continue;
            }
            // A signed-out call to a closed operation: the run sends it without credentials on
            // purpose, to check the app's 401 against the document.
            const meant =
              caller === 'anonymous' &&
              operation.access !== PUBLIC &&
              violation.location.join('.') === 'request' &&
              String(violation.code) === '401';
            if (meant) report.expectedRefusals++;
            else {
              report.findings.push({ operation: id, caller, status, violation });
              report.violationsPerOperation[id] = (report.violationsPerOperation[id] ?? 0) + 1;
            }
          }
        }
        report.milliseconds[id] = Date.now() - operationStarted;
        options.onProgress?.(id);
      }
    } finally {
      await stopPrism();
    }
    report.seconds = Math.round((Date.now() - started) / 100) / 10;
    return report;
  } finally {
    await stopPrism();
    await test.stop();
    await receiver.close();
  }
};
