import { MESSAGES } from '@appointment/contracts/messages';
import { readStatusOf } from '../../../lib/api';
import {
  useDeleteTemplateMutation,
  useDuplicateTemplateMutation,
  useTemplatesQuery,
} from '../scheduling.api';
import { useEffect } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { Button } from '../../../ui/button.styles';
import { FormButton, FormSecondaryButton } from '../../../ui/form.styles';
import { ApplyTemplateForm } from '../components/apply-template-form';
import { Modal } from '../../../ui/modal';
import {
  Actions,
  Badge,
  Card,
  CardActions,
  CardHeading,
  CardList,
  CardText,
  ErrorNotice,
  Notice,
  PageHeader,
  SmallButton,
  Title,
} from '../components/scheduling.styles';
import { TemplateEditor } from '../components/template-editor';
import { SCHEDULING_TEXTS } from '../scheduling.texts';
import { useSchedulingSelector } from '../scheduling.hooks';
import {
  selectTemplateApplying,
  selectTemplateDeleting,
  selectTemplateEditor,
  selectTemplates,
  templateApplyClosed,
  templateApplyOpened,
  templateDeleteAsked,
  templateDeleteCancelled,
  templateEditorClosed,
  templateEditorOpened,
  templatesPageOpened,
} from '../scheduling.slice';
import { breaksSummary, workingDaysSummary } from '../template-summary';

const templatesErrorOf = (error: unknown): string => {
  const { status, data } = error as { status?: unknown; data?: { message?: unknown } };
  return status === 404 && typeof data?.message === 'string' ? data.message : MESSAGES.genericError;
};

/** docs/product.md §2.8 Schedule Templates: kept on the server, and applied to a week as time slots. */
export function ScheduleTemplatesPage() {
  const dispatch = useAppDispatch();
  const [duplicateTemplate] = useDuplicateTemplateMutation();
  const [deleteTemplate] = useDeleteTemplateMutation();
  const { texts, t } = useCatalogue('scheduling', SCHEDULING_TEXTS);
  const T = texts.templates;
  const templates = useSchedulingSelector(selectTemplates);
  const editor = useSchedulingSelector(selectTemplateEditor);
  const deleting = useSchedulingSelector(selectTemplateDeleting);
  const applying = useSchedulingSelector(selectTemplateApplying);
  const { busyIds, actionError } = templates;
  // Each opening reads the templates again.
  const read = useTemplatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = read.currentData ?? [];
  const status = readStatusOf(read);
  // A platform account has no templates: the server says so with a 404 (MESSAGES.needsProvider).
  const error = read.isError ? templatesErrorOf(read.error) : null;

  useEffect(() => {
    dispatch(templatesPageOpened());
  }, [dispatch]);

  return (
    <section aria-labelledby="templates-title">
      <PageHeader>
        <Title id="templates-title">{T.title}</Title>
        {status === 'loaded' && (
          <Button type="button" onClick={() => dispatch(templateEditorOpened('new'))}>
            {T.newTemplate}
          </Button>
        )}
      </PageHeader>

      {status === 'loading' && <Notice>{T.loading}</Notice>}
      {status === 'failed' && <ErrorNotice role="alert">{error}</ErrorNotice>}
      {actionError && <ErrorNotice role="alert">{actionError}</ErrorNotice>}
      {status === 'loaded' && items.length === 0 && <Notice>{T.none}</Notice>}

      {items.length > 0 && (
        <CardList aria-label={T.list}>
          {items.map((template) => {
            const busy = busyIds.includes(template.id);
            return (
              <Card key={template.id} aria-label={template.name}>
                <CardHeading>
                  <h2>{template.name}</h2>
                  {template.isDefault && <Badge>{T.isDefault}</Badge>}
                </CardHeading>
                {template.description && <CardText>{template.description}</CardText>}
                <CardText>{workingDaysSummary(template)}</CardText>
                <CardText>{breaksSummary(template)}</CardText>
                <CardActions>
                  <SmallButton type="button" onClick={() => dispatch(templateApplyOpened(template))}>
                    {T.apply}
                  </SmallButton>
                  <SmallButton
                    type="button"
                    disabled={busy}
                    onClick={() => void duplicateTemplate(template.id)}
                  >
                    {T.duplicate}
                  </SmallButton>
                  <SmallButton type="button" onClick={() => dispatch(templateEditorOpened(template))}>
                    {T.edit}
                  </SmallButton>
                  <SmallButton
                    type="button"
                    $danger
                    disabled={busy}
                    onClick={() => dispatch(templateDeleteAsked(template))}
                  >
                    {T.delete}
                  </SmallButton>
                </CardActions>
              </Card>
            );
          })}
        </CardList>
      )}

      <Modal
        open={editor.target !== null}
        title={editor.target === 'new' ? T.newTemplate : T.editTemplate}
        width="44rem"
        onClose={() => dispatch(templateEditorClosed())}
      >
        {editor.target !== null && (
          <TemplateEditor
            target={editor.target}
            saving={editor.saving}
            serverError={editor.error}
            serverFieldErrors={editor.fieldErrors}
          />
        )}
      </Modal>

      <Modal
        open={deleting !== null}
        title={T.deleteTemplate}
        onClose={() => dispatch(templateDeleteCancelled())}
      >
        {deleting && (
          <>
            <p>{t('templates.deleteQuestion', { name: deleting.name })}</p>
            <Actions>
              <FormSecondaryButton type="button" onClick={() => dispatch(templateDeleteCancelled())}>
                {texts.cancel}
              </FormSecondaryButton>
              <FormButton type="button" onClick={() => void deleteTemplate(deleting.id)}>
                {T.delete}
              </FormButton>
            </Actions>
          </>
        )}
      </Modal>

      <Modal
        open={applying.target !== null}
        title={applying.target ? t('templates.applyNamed', { name: applying.target.name }) : T.applyTemplate}
        onClose={() => dispatch(templateApplyClosed())}
      >
        {applying.target && (
          <ApplyTemplateForm
            template={applying.target}
            saving={applying.saving}
            serverError={applying.error}
            serverFieldErrors={applying.fieldErrors}
            {...(applying.skipped ? { skipped: applying.skipped } : {})}
          />
        )}
      </Modal>
    </section>
  );
}
