import { useId, useState, type FormEvent } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { REPEAT_OPTIONS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { Field, FieldError, Form, Label, Select } from '../../../ui/form.styles';
import { TextField } from '../../../ui/text-field';
import { firstErrorPerField, type FieldErrors } from '../../../ui/use-schema-form';
import type { ReadStatus } from '../../../lib/api';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { useAddTimeSlotMutation, useEditTimeSlotMutation } from '../scheduling.api';
import { timeSlotFormClosed, type PathErrors } from '../scheduling.slice';
import {
  durationError,
  EMPTY_TIME_SLOT,
  longestDuration,
  occurrenceCount,
  proposedSlots,
  validateTimeSlot,
  withAddAsSlot,
  withAddTotalSlot,
  withProposal,
  withTotalSlots,
  type TimeSlotValues,
} from '../time-slot-form.values';
import { CheckList, CheckRow, Fieldset, FormGrid, Notice, Preview } from './scheduling.styles';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { CancelAffectedConfirm } from './cancel-affected-confirm';
import { FormFooter } from './form-footer';
import { MessageText } from '../../../ui/message-text';

type FieldKey = keyof TimeSlotValues;
/** The form values typed into an input of their own. */
type TextKey = 'date' | 'startTime' | 'endTime' | 'availableSlots' | 'totalSlots' | 'repeatUntil';

/** Server messages by the form field they belong to (`serviceIds.0` belongs to serviceIds). */
const byFormField = (errors: PathErrors): FieldErrors<FieldKey> => {
  const result: FieldErrors<FieldKey> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] as FieldKey;
    if (!(field in result)) result[field] = message;
  }
  return result;
};

interface TimeSlotFormProps {
  services: Service[];
  servicesStatus: ReadStatus;
  saving: boolean;
  serverError: string | null;
  serverFieldErrors: PathErrors;
  /** The day the form starts on (a day clicked in the calendar). */
  initialDate?: string;
  /** Issue 30: the time slot being changed; the form starts filled in with it. */
  editing?: TimeSlot;
  /** The bookings the server said the change would drop. */
  affected?: string[];
  /** Issue 30: the provider's buffer after each appointment, counted in the proposed intervals. */
  bufferMinutes?: number;
}

/** A time slot as the form's controls hold it. */
const valuesOf = (slot: TimeSlot): TimeSlotValues => ({
  ...EMPTY_TIME_SLOT,
  date: slot.date,
  startTime: slot.startTime,
  endTime: slot.endTime,
  serviceIds: slot.serviceIds,
  addAsSlot: slot.addAsSlot,
  addTotalSlot: !slot.addAsSlot,
  availableSlots: String(slot.capacity),
  totalSlots: slot.addAsSlot ? '' : String(slot.capacity),
});

/** docs/product.md §2.8 Create Time Slot, with the §4 option rules and the §5 messages. */
export function TimeSlotFormFields({
  services,
  servicesStatus,
  saving,
  serverError,
  serverFieldErrors,
  initialDate,
  editing,
  affected = [],
  bufferMinutes = 0,
}: TimeSlotFormProps) {
  const dispatch = useAppDispatch();
  const [addTimeSlot] = useAddTimeSlotMutation();
  const [editTimeSlot] = useEditTimeSlotMutation();
  const id = useId();
  const { texts, t } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const T = texts.slotForm;
  const C = texts.changes;
  const [values, setValues] = useState<TimeSlotValues>(() =>
    editing ? valuesOf(editing) : initialDate ? { ...EMPTY_TIME_SLOT, date: initialDate } : EMPTY_TIME_SLOT,
  );
  const [errors, setErrors] = useState<FieldErrors<FieldKey>>({});
  const [submitted, setSubmitted] = useState(false);
  // The proposed number of intervals follows the times and services until the admin types their own.
  const [ownCount, setOwnCount] = useState(false);

  const check = (next: TimeSlotValues) => {
    const result = validateTimeSlot(next);
    const found = result.success ? {} : firstErrorPerField<FieldKey>(result.error.issues);
    const duration = durationError(next, services);
    if (duration && !(duration.field in found)) found[duration.field] = duration.message;
    setErrors(found);
    return { result, valid: result.success && !duration };
  };

  const update = (next: TimeSlotValues, propose = !ownCount) => {
    const shaped = propose ? withProposal(next, services, bufferMinutes) : next;
    setValues(shaped);
    if (submitted) check(shaped);
  };

  const setText = (name: string, value: string) => {
    if (name === 'availableSlots') {
      setOwnCount(value.trim() !== '');
      update({ ...values, availableSlots: value }, false);
      return;
    }
    update(name === 'totalSlots' ? withTotalSlots(values, value) : { ...values, [name as FieldKey]: value });
  };

  const toggleService = (name: string, on: boolean) =>
    update({
      ...values,
      serviceIds: on ? [...values.serviceIds, name] : values.serviceIds.filter((chosen) => chosen !== name),
    });

  const send = (cancelAffected: boolean) => {
    setSubmitted(true);
    const { result, valid } = check(values);
    if (!valid || !result.success) return;
    if (!editing) {
      void addTimeSlot(result.data);
      return;
    }
    const { repeat: _repeat, repeatUntil: _until, ...form } = result.data;
    void editTimeSlot({ ...form, id: editing._id, cancelAffected });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(false);
  };

  const server = byFormField(serverFieldErrors);
  const errorOf = (field: FieldKey) => errors[field] ?? server[field];
  const count = occurrenceCount(values);
  const proposal = values.addAsSlot ? proposedSlots(values, services, bufferMinutes) : undefined;
  const longest = longestDuration(values, services);
  const servicesError = errorOf('serviceIds');
  const exclusiveError = errorOf('addTotalSlot') ?? errorOf('addAsSlot');
  /** An input bound to the form value of the same name, labelled with it. */
  const textField = (name: TextKey, type: 'date' | 'time' | 'number') => (
    <TextField
      label={T[name]}
      name={name}
      type={type}
      value={values[name]}
      onChange={setText}
      error={errorOf(name)}
    />
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      <FormGrid>
        {textField('date', 'date')}
        {textField('startTime', 'time')}
        {textField('endTime', 'time')}
      </FormGrid>

      <Fieldset aria-describedby={servicesError ? `${id}-services-error` : undefined}>
        <legend>{T.services}</legend>
        {servicesStatus === 'loading' ? (
          <Notice>{T.loadingServices}</Notice>
        ) : servicesStatus === 'failed' ? (
          <Notice>
            <MessageText>{MESSAGES.servicesLoadFailed}</MessageText>
          </Notice>
        ) : services.length === 0 ? (
          <Notice>
            <MessageText>{MESSAGES.noServices}</MessageText>
          </Notice>
        ) : (
          <CheckList>
            {services.map((service) => (
              <CheckRow key={service._id}>
                <input
                  type="checkbox"
                  name="serviceIds"
                  value={service.name}
                  checked={values.serviceIds.includes(service.name)}
                  onChange={(event) => toggleService(service.name, event.target.checked)}
                />
                {service.name}
              </CheckRow>
            ))}
          </CheckList>
        )}
        {servicesError && <FieldError id={`${id}-services-error`}>{servicesError}</FieldError>}
      </Fieldset>

      <Fieldset>
        <legend>{T.slots}</legend>
        <CheckList>
          <CheckRow>
            <input
              type="checkbox"
              name="addAsSlot"
              checked={values.addAsSlot}
              onChange={(event) => {
                setOwnCount(false);
                update(withAddAsSlot(values, event.target.checked), true);
              }}
            />
            {T.splitEqual}
          </CheckRow>
          <CheckRow>
            <input
              type="checkbox"
              name="addTotalSlot"
              checked={values.addTotalSlot}
              onChange={(event) => update(withAddTotalSlot(values, event.target.checked))}
            />
            {T.oneBlock}
          </CheckRow>
        </CheckList>
        {exclusiveError && <FieldError>{exclusiveError}</FieldError>}
        <FormGrid>
          {textField('availableSlots', 'number')}
          {textField('totalSlots', 'number')}
        </FormGrid>
        {proposal !== undefined && longest !== undefined && (
          <Preview data-testid="interval-proposal">
            {bufferMinutes > 0
              ? t('slotForm.proposalWithBuffer', {
                  minutes: longest + bufferMinutes,
                  buffer: bufferMinutes,
                  count: proposal,
                })
              : t('slotForm.proposal', { minutes: longest, count: proposal })}
          </Preview>
        )}
      </Fieldset>

      {!editing && (
        <FormGrid>
          <Field>
            <Label htmlFor={`${id}-repeat`}>{T.repeat}</Label>
            <Select
              id={`${id}-repeat`}
              name="repeat"
              value={values.repeat}
              onChange={(event) => setText('repeat', event.target.value)}
            >
              {REPEAT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {T.repeatLabels[option]}
                </option>
              ))}
            </Select>
          </Field>
          {values.repeat !== 'none' && textField('repeatUntil', 'date')}
        </FormGrid>
      )}

      {!editing && count !== null && <Preview aria-live="polite">{t('slotForm.creates', { count })}</Preview>}

      {editing && <CancelAffectedConfirm role="alert" affected={affected} onConfirm={() => send(true)} />}

      <FormFooter
        serverError={serverError}
        fieldShowsError={Object.keys(serverFieldErrors).length > 0}
        busy={saving}
        submitLabel={editing ? C.save : T.submit}
        onCancel={() => dispatch(timeSlotFormClosed())}
      />
    </Form>
  );
}
