import type {
  Appointment,
  AppointmentCounts,
  AppointmentStatus,
  DashboardDetails,
} from '@appointment/contracts/appointments';
import type { Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  appointmentsOf,
  statusCountsOf,
  type AppointmentScope,
} from '@appointment/projections/appointments.queries';
import type { Actor } from '../../accounts/accounts-context';
import type { CatalogueContext } from '../../catalogue/catalogue-context';
import { ForbiddenError } from '../../domain/errors';
import { withPayBy, type AppointmentsContext } from '../appointments-context';
import { services } from '../../catalogue/services/services';
import { providerFor } from '../../catalogue/providers/providers';
import { withFields } from '@appointment/contracts/objects';

/** Who sees which appointments: users their own, a provider's staff the provider's, platform staff all. */
const scopeOf = (actor: Actor): AppointmentScope => {
  if (actor.role === 'user') return { userId: actor.userId };
  if (actor.role === 'admin' || actor.role === 'incharge') {
    if (!actor.providerId) throw new ForbiddenError(MESSAGES.forbidden);
    return { providerId: actor.providerId };
  }
  return 'all';
};

export const listAppointments = async (
  context: AppointmentsContext,
  actor: Actor,
  status?: AppointmentStatus | 'all',
): Promise<Appointment[]> => {
  await context.reads.caughtUp(actor.userId);
  const scope = scopeOf(actor);
  const appointments = await appointmentsOf(
    context.deps.pool,
    scope,
    status && status !== 'all' ? status : undefined,
  );
  return appointments.map((appointment) => withPayBy(context, appointment));
};

export const countAppointments = async (
  context: AppointmentsContext,
  actor: Actor,
): Promise<AppointmentCounts> => {
  await context.reads.caughtUp(actor.userId);
  const counts = await statusCountsOf(context.deps.pool, scopeOf(actor));
  return {
    scheduledAppointments: counts.scheduled ?? 0,
    pendingAppointments: counts.pending ?? 0,
    completedAppointments: counts.completed ?? 0,
    cancelledAppointments: counts.cancelled ?? 0,
    noShowAppointments: counts.no_show ?? 0,
    totalAppointments: Object.values(counts).reduce((sum, count) => sum + count, 0),
  };
};

/**
 * docs/product.md §3 dashboard details, by role: a user's appointments with their providers; a
 * provider's appointments with their services and users. Platform staff get neither.
 */
export const dashboardDetails = async (
  context: AppointmentsContext,
  actor: Actor,
  catalogue: CatalogueContext,
): Promise<DashboardDetails> => {
  if (actor.role === 'user') {
    const appointments = await listAppointments(context, actor);
    const providers = new Map<string, Provider | null>();
    for (const id of new Set(appointments.map((a) => a.providerId))) {
      providers.set(id, await providerFor(catalogue, actor, id).catch(() => null));
    }
    return {
      appointmentsWithProviderDetails: appointments.map((a) =>
        withFields(a, {
          providerDetails: providers.get(a.providerId) ?? null,
        }),
      ),
      appointmentsWithServiceDetails: [],
    };
  }
  if ((actor.role === 'admin' || actor.role === 'incharge') && actor.providerId) {
    const appointments = await listAppointments(context, actor);
    const offered = await services(catalogue, actor.providerId);
    return {
      appointmentsWithProviderDetails: [],
      appointmentsWithServiceDetails: appointments.map((a) =>
        withFields(a, {
          serviceDetails: offered.find((s) => s.name === a.serviceName) ?? null,
          userDetails: { username: a.username, email: a.email },
        }),
      ),
    };
  }
  return { appointmentsWithProviderDetails: [], appointmentsWithServiceDetails: [] };
};
