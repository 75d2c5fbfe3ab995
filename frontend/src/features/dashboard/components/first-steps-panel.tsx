import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useFirstStepsQuery } from '../dashboard.api';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import { Muted, Panel, PanelLink, PanelTitle, StepList } from './dashboard.styles';

/**
 * A new provider's first steps (issue 32), on its admin's dashboard: add a service, add time slots
 * (or apply a template, which adds them), set the booking policy. Each step goes once it is done, the
 * panel once all are; nothing shows until all three answers are in, so a done step never flashes.
 */
export function FirstStepsPanel() {
  const { texts: T } = useCatalogue('dashboardPanels', DASHBOARD_TEXTS);
  const titleId = useId();
  const { currentData: done } = useFirstStepsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!done) return null;
  const steps = [
    { key: 'service', done: done.service, to: '/services', label: T.stepService },
    { key: 'timeSlots', done: done.timeSlots, to: '/scheduling/manage', label: T.stepTimeSlots },
    { key: 'policy', done: done.policy, to: '/services', label: T.stepPolicy },
  ].filter((step) => !step.done);
  if (steps.length === 0) return null;
  return (
    <Panel aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{T.firstSteps}</PanelTitle>
      <Muted>{T.firstStepsHint}</Muted>
      <StepList>
        {steps.map((step) => (
          <li key={step.key}>
            <PanelLink to={step.to}>{step.label}</PanelLink>
          </li>
        ))}
      </StepList>
    </Panel>
  );
}
