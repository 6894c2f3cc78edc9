// @vitest-environment jsdom
// The admin form machine's paths walked through three real admin screens, which between them use all of it: the
// Flower Category Form (/flowercategory: save, refusal, no answer, back to the list after 3 s), the Purchase Order
// Update Form (/purchaseorderlist/31: a load that fails and is retried, a tracking link refused before sending) and
// the Hero image Form (/heroimageform: an image over the limit, a picked image, and staying after the upload).
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { adminBlankValues, adminFieldMessage, adminForms } from '../../../domain/admin-forms';
import type { AdminFormName, PickedFile } from '../../../domain/admin-forms';
import { adminFormMachine, adminFormUnreachable } from '../../../machines/admin-form.machine';
import type { AdminFormContext, AdminFormOutcome } from '../../../machines/admin-form.machine';
import { requiredFieldMessage } from '../../../src/features/admin/admin-fields';
import { aPurchaseRecord } from '../admin-fixtures';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { heldNetwork } from './held-network';
import { expectToast, formNamed, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

type Form = Extract<AdminFormName, 'categoryCreate' | 'purchaseUpdate' | 'heroImage'>;

interface Screen {
  path: string;
  title: string;
  submit: RegExp;
  /** Text fields and selects by name, with their labels. */
  fields: Record<string, string>;
  /** File inputs by name, with their labels. */
  files: Record<string, string>;
  listPath: string | null;
  /** The held route the save goes to. */
  write: string;
}

const screens: Record<Form, Screen> = {
  categoryCreate: {
    path: '/flowercategory',
    title: 'Flower Category Form',
    submit: /^(Submit|Saving)/,
    fields: { categoryName: 'Category Name', categoryDescription: 'Category Description' },
    files: {},
    listPath: '/flowercategorylist',
    write: 'createflowercategory',
  },
  purchaseUpdate: {
    path: '/purchaseorderlist/31',
    title: 'Purchase Order Update Form',
    submit: /^(Update|Saving)/,
    fields: { userTrackingUrl: 'Tracking URL', status: 'Status' },
    files: {},
    listPath: '/purchaseorderlist',
    write: 'updatepurchaseorder',
  },
  heroImage: {
    path: '/heroimageform',
    title: 'Hero image Form',
    submit: /^(Upload|Saving)/,
    fields: {},
    files: { desktop: 'Desktop image', mobile: 'Mobile image' },
    listPath: null,
    write: 'heroimage',
  },
};

const purchase = aPurchaseRecord({ id: 31 });
const aPng = (size: number, name: string): PickedFile => ({ name, size, type: 'image/png' });
const tooLarge = aPng(400 * 1024, 'huge-hero.png');
const small = aPng(2048, 'hero.png');
const duplicate = 'Data already exists. Please create new one';

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  network.hold('get', '*/api/getSinglePurchase', 'getSinglePurchase'),
  ...network.holdCalls('post', 'createflowercategory', 'updatepurchaseorder', 'heroimage'),
  // The lists a saved form goes back to.
  http.get('*/api/flowercategorylist', () => HttpResponse.json([])),
  http.get('*/api/users/purchases/list', () => HttpResponse.json([purchase])),
]);

async function renderForm({ form }: { form: Form }) {
  signIn({ dashboard: true });
  // A load or save without an answer is logged as well as shown.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const spec = screens[form];
  const app = await renderApp(spec.path);
  const control = (label: string) => within(formNamed(spec.title)).getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;
  return { ...app, spec, control, submit: () => within(formNamed(spec.title)).getByRole('button', { name: spec.submit }) };
}
type FormScreen = Awaited<ReturnType<typeof renderForm>>;

/** Picked files compare by what the machine reads of them: the real ones are File objects. */
const observe = (snapshot: AnyMachineSnapshot) => {
  const { files, ...context } = snapshot.context as AdminFormContext;
  const described = Object.fromEntries(
    Object.entries(files).map(([input, picked]) => [input, picked.map(({ name, size, type }) => ({ name, size, type }))]),
  );
  return { value: snapshot.value, context: { ...context, files: described } };
};

/** The banner forms count their uploads without end: the model tells states apart without the count. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { saves: _saves, ...context } = snapshot.context as AdminFormContext;
  return JSON.stringify({ value: snapshot.value, context });
};

const formOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as AdminFormContext).form as Form;

describeViewModel<FormScreen, { form: Form }>('admin form machine through the real admin screens', {
  machine: adminFormMachine,
  network,
  observe,
  serializeState,
  situations: [
    { name: 'at /flowercategory', input: { form: 'categoryCreate' } },
    { name: 'at /purchaseorderlist/31', input: { form: 'purchaseUpdate' } },
    { name: 'at /heroimageform', input: { form: 'heroImage' } },
  ],
  events: ({ form }) => {
    const outcomes = [
      { type: 'form.submit' },
      { type: 'xstate.done.actor.submitForm', output: { ok: true } satisfies AdminFormOutcome },
      { type: 'xstate.done.actor.submitForm', output: { ok: false, message: duplicate } satisfies AdminFormOutcome },
      { type: 'xstate.error.actor.submitForm', error: { status: null } },
      { type: 'xstate.after.backToList.adminForm.saved' },
    ];
    if (form === 'categoryCreate') {
      return [
        { type: 'xstate.done.actor.loadForm', output: { values: adminBlankValues('categoryCreate'), record: null } },
        { type: 'field.change', field: 'categoryName', value: 'Dried Roses' },
        { type: 'field.change', field: 'categoryDescription', value: 'Roses dried by hand' },
        ...outcomes,
      ];
    }
    if (form === 'purchaseUpdate') {
      return [
        { type: 'xstate.done.actor.loadForm', output: { values: { status: 'created', userTrackingUrl: '' }, record: purchase } },
        { type: 'xstate.error.actor.loadForm', error: { status: 404 } },
        { type: 'form.retry' },
        // A link without https:// is refused before anything is sent.
        { type: 'field.change', field: 'userTrackingUrl', value: 'track.example/AB12' },
        ...outcomes,
      ];
    }
    return [
      { type: 'xstate.done.actor.loadForm', output: { values: {}, record: null } },
      { type: 'files.change', input: 'desktop', files: [tooLarge] },
      { type: 'files.change', input: 'desktop', files: [small] },
      ...outcomes,
    ];
  },
  // The category and banner forms start from nothing: their load resolves in the browser at once.
  automatic: ({ form }) => (form === 'purchaseUpdate' ? [] : ['xstate.done.actor.loadForm']),
  render: ({ input }) => renderForm(input),
  perform: {
    'xstate.done.actor.loadForm': (_, event, { network }) =>
      network.answer('getSinglePurchase', () => HttpResponse.json((event.output as { record: typeof purchase }).record)),
    'xstate.error.actor.loadForm': (_, __, { network }) =>
      network.answer('getSinglePurchase', () => HttpResponse.json({ message: 'Purchase not found', code: 'NOT_FOUND' }, { status: 404 })),
    'form.retry': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: 'Retry' }));
    },
    'field.change': (page, event) => {
      fireEvent.change(page.control(page.spec.fields[event.field as string]!), { target: { value: event.value } });
    },
    'files.change': async (page, event, { user }, { from }) => {
      const files = (event.files as PickedFile[]).map(({ name, size, type }) => new File([new Uint8Array(size)], name, { type }));
      await user.upload(page.control(page.spec.files[event.input as string]!), files);
      const rule = adminForms[formOf(from)].files[event.input as string];
      if (files.some((file) => rule?.maxBytes && file.size > rule.maxBytes)) await expectToast(rule!.tooLargeMessage);
    },
    'form.submit': async (page, _, { user }, { from, to }) => {
      await user.click(page.submit());
      const context = to.context as AdminFormContext;
      // A form with a required field or image missing says so; one with a bad value only marks the field.
      const missing = context.submitted && !(from.context as AdminFormContext).submitted && to.matches('editing');
      if (missing && adminForms[context.form].required.some((name) => name === 'files:any' || (context.values[name] ?? '').trim() === '')) {
        await expectToast(adminForms[context.form].requiredMessage);
      }
    },
    'xstate.done.actor.submitForm': async (page, event, { network }, { from }) => {
      const outcome = event.output as AdminFormOutcome;
      await network.answer(page.spec.write, () =>
        outcome.ok ? HttpResponse.text('data submitted') : HttpResponse.json({ message: duplicate, code: 'CONFLICT' }, { status: 409 }),
      );
      await expectToast(outcome.ok ? adminForms[formOf(from)].savedMessage : duplicate);
    },
    'xstate.error.actor.submitForm': async (page, _, { network }) => {
      await network.answer(page.spec.write, () => HttpResponse.error());
      await expectToast(adminFormUnreachable);
    },
  },
  shows: {
    loading: (_, __, { network }) => {
      expect(screen.getByText('Loading the order…')).toBeTruthy();
      expect(network.waiting('getSinglePurchase').map((request) => request.url.search)).toEqual(['?id=31']);
    },
    loadFailed: () => {
      expect(screen.getByText('This record did not load.')).toBeTruthy();
    },
    editing: (page, expected) => {
      const { form, values, files, submitted } = expected.context as AdminFormContext;
      for (const [name, label] of Object.entries(page.spec.fields)) {
        const value = values[name] ?? '';
        expect(page.control(label).value).toBe(value);
        const required = adminForms[form].required.includes(name) && submitted && value.trim() === '';
        expect(messageOf(page.control(label))).toBe(adminFieldMessage(form, name, value) ?? (required ? requiredFieldMessage : undefined));
      }
      for (const [input, label] of Object.entries(page.spec.files)) {
        const names = (files[input] ?? []).map((file) => file.name).join(', ') || 'No file chosen';
        expect(within(page.control(label).closest('[data-part="root"]')!).getByText(names)).toBeTruthy();
      }
      expect(isBusy(page.submit())).toBe(false);
    },
    saving: (page, expected, { network }) => {
      const { form, values } = expected.context as AdminFormContext;
      expect(isBusy(page.submit())).toBe(true);
      const [request] = network.waiting(page.spec.write);
      if (form === 'categoryCreate') expect(request?.body).toEqual(values);
      if (form === 'purchaseUpdate') expect(request?.body).toEqual({ id: 31, ...values, email: purchase.User.email });
      if (form === 'heroImage') expect(request?.url.search).toBe('?fileName=topbannerimg');
    },
    saved: (page) => {
      // Nothing can be sent again while the confirmation shows.
      expect(isBusy(page.submit())).toBe(true);
      expect(page.router.state.location.pathname).toBe(page.spec.path);
    },
    done: (page) => {
      expect(page.router.state.location.pathname).toBe(page.spec.listPath);
    },
  },
});
